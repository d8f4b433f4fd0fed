import { expect } from 'vitest';
import type { DriveItem } from '#shared/schemas/drive.ts';
import { call } from './api.ts';

/** The browser's upload flow: register, PUT the bytes to the presigned URL, wait for the storage event. */
export async function uploadFile(token: string, folderId: string, name: string, bytes: Uint8Array, contentType = 'application/octet-stream'): Promise<DriveItem> {
  const registered = await call('com_drive/file_reg_btn', { folder_id: folderId, name, size: bytes.byteLength, content_type: contentType }, token);
  expect(registered.body.code, JSON.stringify(registered.body)).toBe(0);
  const { item, upload } = registered.body.data!;
  const put = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: bytes });
  expect(put.status).toBe(200);
  return waitUntilReady(token, item.id);
}

export async function waitUntilReady(token: string, id: string): Promise<DriveItem> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const result = await call('com_drive/file_info', { id }, token);
    if (result.body.data?.item.status === 'ready') return result.body.data.item;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`item ${id} never became ready`);
}

export async function createFolder(token: string, parentId: string, name: string): Promise<DriveItem> {
  const result = await call('com_drive/folder_reg_btn', { parent_id: parentId, name }, token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!.item;
}
