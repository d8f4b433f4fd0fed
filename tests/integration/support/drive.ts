import { expect } from 'vitest';
import type { DriveItem } from '#shared/schemas/drive.ts';
import type { RouteResponse } from '#shared/routes.ts';
import { call } from './api.ts';

/** The browser's upload flow: register, PUT the bytes to the presigned URL, wait for the storage event. */
export async function uploadFile(token: string, folderId: string, name: string, bytes: Uint8Array, contentType = 'application/octet-stream'): Promise<DriveItem> {
  const registered = await call('com_drive/file_reg_btn', { folder_id: folderId, name, size: bytes.byteLength, content_type: contentType }, token);
  expect(registered.body.code, JSON.stringify(registered.body)).toBe(0);
  const { item, upload } = registered.body.data!;
  await sendBytes(token, item.id, upload, bytes);
  return waitUntilReady(token, item.id);
}

/** PUTs the bytes as the registration answered: in one request, or part by part and then joined. */
export async function sendBytes(token: string, id: string, upload: RouteResponse<'com_drive/file_reg_btn'>['upload'], bytes: Uint8Array): Promise<void> {
  if (upload.method === 'PUT') {
    const put = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: bytes });
    expect(put.status).toBe(200);
    return;
  }
  const parts = await Promise.all(upload.parts.map(async (part) => {
    const start = (part.part_number - 1) * upload.part_size;
    const put = await fetch(part.url, { method: 'PUT', body: bytes.subarray(start, start + upload.part_size) });
    expect(put.status).toBe(200);
    return { part_number: part.part_number, etag: put.headers.get('etag')! };
  }));
  const completed = await call('com_drive/file_upload_complete', { id, upload_id: upload.upload_id, parts }, token);
  expect(completed.body.code, JSON.stringify(completed.body)).toBe(0);
}

export async function waitUntilReady(token: string, id: string): Promise<DriveItem> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const result = await call('com_drive/file_info', { id }, token);
    if (result.body.data?.item.status === 'ready') return result.body.data.item;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`item ${id} never became ready`);
}
