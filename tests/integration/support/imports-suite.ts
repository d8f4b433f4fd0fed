import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { db } from '#lib/clients.ts';
import type { RouteRequest } from '#shared/routes.ts';
import type { Corp } from '#shared/schemas/legal.ts';
import { call } from './api.ts';
import { importFile, startUpload } from './imports.ts';
import { aUser } from './factories.ts';
import type { TestTenant } from './tenants.ts';

/** What the imports test files share: messages, factories and readers of stored state. */
/**
 * CSV import and export of legal entities, and the import history (issue 3 item 5). The files go
 * to s3rver with the presigned URLs the calls answer, as the browser sends them; the upload's
 * ObjectCreated event runs the job in the import-jobs handler (in-process), and the tests poll
 * the history until the job is no longer running.
 */

export const HEADER = 'corp_cd,corp_nm,address,tel,note';
export const HEADER_JA = '法人コード,法人名,住所,電話番号,備考';
export const REQUIRED = 'This field is required';
export const CODE_WIDTH = 'Please enter the corporate code in 15 half-width or 7 full-width characters or fewer.';
export const PHONE = 'Please enter a phone number such as 03-1234-5678.';
export const NOT_FOUND = 'The data does not exist. It may have been deleted by another user.';
export const mainTable = () => process.env.TABLE_NAME!;
export const auditTable = () => process.env.AUDIT_TABLE_NAME!;


export const detail = (token: string, body: RouteRequest<'com/import_history_detail'>) => call('com/import_history_detail', body, token);

/** The corp import flow of the shared helpers. */
export const startCorpUpload = (token: string, bytes: Uint8Array, fileName = 'corps.csv') => startUpload('com/corp_import', token, bytes, fileName);
export const importCorps = (token: string, bytes: Uint8Array, fileName?: string) => importFile('com/corp_import', token, bytes, { fileName });

export async function corpsOf(token: string): Promise<Corp[]> {
  const result = await call('com/corp_info_list', { page_size: 1000 }, token);
  expect(result.body.code).toBe(0);
  return result.body.data!.return_list;
}
export const corpByCode = async (token: string, code: string) => (await corpsOf(token)).find((corp) => corp.corp_cd === code);

/** Fetches a presigned download and answers its bytes and the file name of Content-Disposition. */
export async function download(file: { url: string; file_name: string }) {
  const response = await fetch(file.url);
  expect(response.status).toBe(200);
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  return {
    bytes: new Uint8Array(await response.arrayBuffer()),
    fileName: encoded ? decodeURIComponent(encoded) : undefined,
    contentType: response.headers.get('content-type'),
  };
}

/** A second administrator, signed in, whose language is Japanese: answers its token. */
export async function japaneseAdmin(t: TestTenant): Promise<string> {
  const { token } = await aUser(t, { ata_admin_permission: 1, user_nm: '日本 花子' });
  expect((await call('com/chang_language', { language: 'ja' }, token)).body.code).toBe(0);
  return token;
}

export const auditByAction = async (kykId: string, userId: string, action: string) => {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new QueryCommand({
      TableName: auditTable(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': `T#${kykId}#AUDIT#USER#${userId}` }, ExclusiveStartKey: start,
    }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items.filter((item) => item.action === action);
};
