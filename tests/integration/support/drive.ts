import { expect } from 'vitest';
import type { DriveItem, FileRegisterRequest } from '#shared/schemas/drive.ts';
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
    const result = await call('com_drive/file_info', { id, polling: true }, token);
    if (result.body.data?.item.status === 'ready') return result.body.data.item;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`item ${id} never became ready`);
}

/** An entry as a bulk call names it: id, type and the version read. */
export const seen = (item: DriveItem) => ({ id: item.id, type: item.type, row_version: item.row_version });

/** The names in a folder (one page of 1000), as the listing orders them: folders first. */
export async function namesIn(token: string, folderId = 'root'): Promise<string[]> {
  const page = await call('com_drive/drive_info', { folder_id: folderId, page_size: 1000 }, token);
  expect(page.body.code, JSON.stringify(page.body)).toBe(0);
  return page.body.data!.items.map((item) => item.name);
}

/** An entry as it is now (its current row_version). */
export async function fresh(token: string, id: string): Promise<DriveItem> {
  const result = await call('com_drive/file_info', { id }, token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!.item;
}

/** Moves entries to the trash, every one of them accepted. */
export async function trash(token: string, ...items: DriveItem[]) {
  const result = await call('com_drive/delete_btn', { items: items.map(seen) }, token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  expect(result.body.data!.failed).toEqual([]);
  return result.body.data!;
}

/** A file registered with its SPEC.md §3 fields (and any other registration field), its bytes stored (by default its name's). */
export async function aFile(token: string, folderId: string, name: string, fields: Partial<FileRegisterRequest> = {}, content: Uint8Array = new TextEncoder().encode(name)): Promise<DriveItem> {
  const registered = await call('com_drive/file_reg_btn', { folder_id: folderId, name, size: content.byteLength, content_type: 'application/pdf', ...fields }, token);
  expect(registered.body.code, JSON.stringify(registered.body)).toBe(0);
  await sendBytes(token, registered.body.data!.item.id, registered.body.data!.upload, content);
  return waitUntilReady(token, registered.body.data!.item.id);
}
