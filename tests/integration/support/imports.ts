import iconv from 'iconv-lite';
import { expect } from 'vitest';
import type { RouteResponse } from '#shared/routes.ts';
import type { ImportHistoryRow } from '#shared/schemas/imports.ts';
import { call } from './api.ts';

/** CSV files as spreadsheets write them, and the browser's import flow, for the import tests. */
export const BOM = [0xef, 0xbb, 0xbf];
export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
export const withBom = (text: string): Uint8Array => new Uint8Array([...BOM, ...utf8(text)]);
export const sjis = (text: string): Uint8Array => new Uint8Array(iconv.encode(text, 'cp932'));
export const csv = (...lines: string[]): string => `${lines.join('\r\n')}\r\n`;

export type DetailRow = RouteResponse<'com/import_history_detail'>['return_list'][number];
export type ImportPath = 'com/corp_import' | 'com/user_import';

/** Starts an import and PUTs the file to the presigned URL exactly as answered. */
export async function startUpload(path: ImportPath, token: string, bytes: Uint8Array, fileName: string): Promise<string> {
  const started = await call(path, { file_name: fileName, size: bytes.byteLength }, token);
  expect(started.body.code, JSON.stringify(started.body)).toBe(0);
  const { request_id: requestId, upload } = started.body.data!;
  expect(upload.method).toBe('PUT');
  const put = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: bytes });
  expect(put.status).toBe(200);
  return requestId;
}

/** Polls the job until it is no longer running. */
export async function waitForJob(token: string, requestId: string, timeoutMs = 30_000): Promise<ImportHistoryRow> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const result = await call('com/import_history_detail', { request_id: requestId, page_size: 50 }, token);
    expect(result.body.code, JSON.stringify(result.body)).toBe(0);
    const history = result.body.data!.history;
    if (history.status !== 'running') return history;
    if (Date.now() > until) throw new Error(`import ${requestId} still running after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every row result of a job, in file order (or only the problems). */
export async function allRows(token: string, requestId: string, onlyProblems: 0 | 1 = 0): Promise<DetailRow[]> {
  const rows: DetailRow[] = [];
  for (let page = 1; ; page++) {
    const result = await call('com/import_history_detail', { request_id: requestId, only_problems: onlyProblems, page_size: 1000, current_page: page }, token);
    expect(result.body.code).toBe(0);
    rows.push(...result.body.data!.return_list);
    if (rows.length >= result.body.data!.total_size) return rows;
  }
}

export async function importFile(path: ImportPath, token: string, bytes: Uint8Array, options: { fileName?: string; timeoutMs?: number } = {}) {
  const requestId = await startUpload(path, token, bytes, options.fileName ?? (path === 'com/corp_import' ? 'corps.csv' : 'users.csv'));
  const job = await waitForJob(token, requestId, options.timeoutMs);
  return { requestId, job, rows: await allRows(token, requestId) };
}
