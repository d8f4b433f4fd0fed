import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { IDEMPOTENCY_HEADER } from '#shared/envelope.ts';
import { MULTIPART_PART_BYTES, MULTIPART_THRESHOLD_BYTES } from '#shared/drive-limits.ts';
import type { RoutePath, RouteRequest, RouteResponse } from '#shared/routes.ts';
import type { DriveItem } from '#shared/schemas/drive.ts';
import { db, s3 } from '#lib/clients.ts';
import { config } from '#lib/config.ts';
import { filesBucketLayout } from '#lib/table-design.ts';
import { DomainError } from '#lib/errors.ts';
import { IDEMPOTENCY_RECORD_SECONDS, idempotencyPartition, idempotent } from '#lib/idempotency.ts';
import { post, type ApiResult } from './support/api.ts';
import { auditOfTarget } from './support/audit.ts';
import { seen, uploadFile, waitUntilReady } from './support/drive.ts';
import { waitForDriveJob } from './support/drive-jobs.ts';
import { aFolder, aUser, type SignedInUser } from './support/factories.ts';
import { utf8 } from './support/imports.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

/**
 * Calls a retrying client may send twice run once per Idempotency-Key (docs/architecture.md
 * "Idempotency"): the same request again answers the first answer and makes nothing more; the key
 * with another request answers -4; the key is the caller's own (user and contract).
 */
const keyed = <P extends RoutePath>(path: P, body: RouteRequest<P>, token: string, key?: string): Promise<ApiResult<RouteResponse<P>>> =>
  post<RouteResponse<P>>(path, body, token, key === undefined ? {} : { [IDEMPOTENCY_HEADER]: key });

const REUSED = { code: -4, data: null, info: { fields: { [IDEMPOTENCY_HEADER]: 'This Idempotency-Key was used for another request.' } } };

const ok = <T>(result: ApiResult<T>): T => {
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!;
};

const recordsOf = async (kykId: string, userId: string) =>
  (await db().send(new QueryCommand({ TableName: config.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': idempotencyPartition(kykId, userId) }, ConsistentRead: true }))).Items ?? [];

const linksOf = async (token: string, id: string) => ok(await keyed('com_drive/share_link_list', { id }, token)).links;

/** The ZIPs and tax-office CSVs the contract's jobs wrote (`exports/<kyk>/<job>.<ext>`): one per job run. */
async function driveJobsInBucket(kykId: string): Promise<Set<string>> {
  const listed = await s3().send(new ListObjectsV2Command({ Bucket: config.bucketName, Prefix: `${filesBucketLayout.exportPrefix}${kykId}/` }));
  return new Set((listed.Contents ?? []).map((object) => object.Key!.split('/').at(-1)!.replace(/\.\w+$/, '')));
}

describe('idempotent calls', { timeout: 180_000 }, () => {
  let t: TestTenant;
  let other: TestTenant;
  let colleague: SignedInUser;
  let folder: DriveItem;
  let file: DriveItem;
  beforeAll(async () => {
    [t, other] = await Promise.all([newTenant(), newTenant()]);
    colleague = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 3 });
    folder = await aFolder(t, { name: 'Idempotent' });
    file = await uploadFile(t.token, folder.id, 'quote.txt', utf8('quote'), 'text/plain');
  });

  it('makes one share link for a submit sent twice, and keeps neither its secret nor the password in the record', async () => {
    const key = randomUUID();
    const body = { id: file.id, password: 'Secret-pass-2026' };
    const first = ok(await keyed('com_drive/share_link_create_btn', body, t.token, key));
    const again = ok(await keyed('com_drive/share_link_create_btn', body, t.token, key));
    expect(again).toEqual(first);
    expect((await linksOf(t.token, file.id)).map((link) => link.link_id)).toEqual([first.link.link_id]);
    expect((await auditOfTarget(t.kykId, 'file', file.id)).filter((record) => record.action === 'drive.share_link_create')).toHaveLength(1);

    // The same key with another request: -4 on the header, nothing made.
    expect((await keyed('com_drive/share_link_create_btn', { id: file.id, days: 3 }, t.token, key)).body).toMatchObject(REUSED);
    expect((await keyed('com/corp_import', { file_name: 'corps.csv', size: 10 }, t.token, key)).body).toMatchObject(REUSED);
    expect(await linksOf(t.token, file.id)).toHaveLength(1);

    // The record: under the tenant's prefix, in the user's partition, for about 24 h; no secret in it.
    const records = await recordsOf(t.kykId, t.adminId);
    expect(records).toHaveLength(1);
    const [record] = records;
    expect(record).toMatchObject({ pk: `T#${t.kykId}#IDEMPOTENCY#admin`, status: 'COMPLETED' });
    expect(String(record!.sk)).toMatch(/^KEY#[A-Za-z0-9+/=]{44}$/);
    expect(Number(record!.ttl) - Date.now() / 1000).toBeGreaterThan(IDEMPOTENCY_RECORD_SECONDS - 120);
    expect(Number(record!.ttl) - Date.now() / 1000).toBeLessThanOrEqual(IDEMPOTENCY_RECORD_SECONDS + 1);
    const secret = first.url_path.split('/').at(-1)!.slice(16);
    for (const hidden of [secret, first.link.link_id, key, body.password]) expect(JSON.stringify(record)).not.toContain(hidden);
  });

  it("gives another user's and another contract's call with the same key their own result", async () => {
    const key = randomUUID();
    const mine = ok(await keyed('com_drive/share_link_create_btn', { id: file.id }, t.token, key));
    const theirs = ok(await keyed('com_drive/share_link_create_btn', { id: file.id }, colleague.token, key));
    expect(theirs.link.link_id).not.toBe(mine.link.link_id);
    expect(theirs.link.creator_id).toBe(colleague.userId);
    const otherFile = await uploadFile(other.token, 'root', 'other.txt', utf8('other'), 'text/plain');
    // The other contract's admin has the same user ID ("admin"): the contract is part of the key.
    const elsewhere = ok(await keyed('com_drive/share_link_create_btn', { id: otherFile.id }, other.token, key));
    expect(elsewhere.link.item_id).toBe(otherFile.id);
    // The first caller's replay is still its own.
    expect(ok(await keyed('com_drive/share_link_create_btn', { id: file.id }, t.token, key))).toEqual(mine);
    expect(await recordsOf(other.kykId, 'admin')).toHaveLength(1);
    expect(await recordsOf(t.kykId, colleague.userId)).toHaveLength(1);
  });

  it('refuses a key of the wrong shape with -4, and runs as before without one', async () => {
    for (const bad of ['short', 'x'.repeat(65), 'not a key with spaces!']) {
      const refused = await keyed('com_drive/share_link_create_btn', { id: file.id }, t.token, bad);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: -4, info: { fields: { [IDEMPOTENCY_HEADER]: 'The value is not valid.' } } });
    }
    const before = (await linksOf(t.token, file.id)).length;
    const a = ok(await keyed('com_drive/share_link_create_btn', { id: file.id }, t.token));
    const b = ok(await keyed('com_drive/share_link_create_btn', { id: file.id }, t.token));
    expect(a.link.link_id).not.toBe(b.link.link_id);
    expect(await linksOf(t.token, file.id)).toHaveLength(before + 2);
  });

  it('makes one file-request link for a submit sent twice', async () => {
    const key = randomUUID();
    const target = await aFolder(t, { name: 'Requests in' });
    const body = { folder_id: target.id, title: 'Receipts', max_files: 5, max_megabytes: 10, allowed_kinds: ['pdf' as const] };
    const first = ok(await keyed('com_drive/file_request_create_btn', body, t.token, key));
    expect(ok(await keyed('com_drive/file_request_create_btn', body, t.token, key))).toEqual(first);
    expect((await keyed('com_drive/file_request_create_btn', { ...body, title: 'Invoices' }, t.token, key)).body).toMatchObject(REUSED);
    expect(ok(await keyed('com_drive/file_request_list', { folder_id: target.id }, t.token)).requests.map((request) => request.request_id)).toEqual([first.request.request_id]);
    expect((await auditOfTarget(t.kykId, 'folder', target.id)).filter((record) => record.action === 'drive.file_request_create')).toHaveLength(1);
  });

  it('starts one import job for a start sent twice (legal entities and users)', async () => {
    for (const path of ['com/corp_import', 'com/user_import'] as const) {
      const key = randomUUID();
      const body = { file_name: `${path.slice(4)}.csv`, size: 120 };
      const first = ok(await keyed(path, body, t.token, key));
      const again = ok(await keyed(path, body, t.token, key));
      expect(again.request_id).toBe(first.request_id);
      expect(again.upload.url).toBe(first.upload.url);
      expect((await keyed(path, { ...body, size: 121 }, t.token, key)).body).toMatchObject(REUSED);
      const history = ok(await keyed('com/import_history', { kind: path === 'com/corp_import' ? 'corp' : 'user' }, t.token));
      expect(history.return_list.map((row) => row.request_id)).toEqual([first.request_id]);
      expect((await auditOfTarget(t.kykId, 'import', first.request_id)).map((record) => record.action)).toEqual(['import.start']);
    }
  });

  it('copies once for a copy sent twice, also after the copy ended', async () => {
    const key = randomUUID();
    const target = await aFolder(t, { name: 'Copies' });
    const body = { items: [seen(file)], folder_id: target.id };
    const first = ok(await keyed('com_drive/copy_btn', body, t.token, key));
    expect(first.copies).toHaveLength(1);
    expect(ok(await keyed('com_drive/copy_btn', body, t.token, key))).toEqual(first);
    expect((await keyed('com_drive/copy_btn', { ...body, folder_id: folder.id }, t.token, key)).body).toMatchObject(REUSED);
    expect(ok(await keyed('com_drive/drive_info', { folder_id: target.id, page_size: 100 }, t.token)).items.map((item) => item.name)).toEqual(['quote.txt']);
  });

  it('starts one ZIP job and one tax-office export for a start sent twice, also after the job ended', async () => {
    const starts = [
      ['com_drive/zip_download_btn', { items: [seen(file)] }, { items: [seen(file), seen(folder)] }],
      ['com_drive/tax_export_btn', { date_from: '2025-04-01', date_to: '2026-03-31' }, { date_from: '2025-04-01', date_to: '2026-03-30' }],
    ] as const;
    for (const [path, body, otherBody] of starts) {
      const before = await driveJobsInBucket(t.kykId);
      const key = randomUUID();
      const first = ok(await keyed(path, body as never, t.token, key)) as { job: { job_id: string } };
      await waitForDriveJob(t.token, first.job.job_id);
      const again = ok(await keyed(path, body as never, t.token, key)) as { job: { job_id: string } };
      expect(again).toEqual(first);
      expect((await keyed(path, otherBody as never, t.token, key)).body).toMatchObject(REUSED);
      const after = await driveJobsInBucket(t.kykId);
      expect([...after].filter((id) => !before.has(id))).toEqual([first.job.job_id]);
    }
  });

  it('joins a multipart upload once: its completion sent again answers the first answer, one version', async () => {
    const size = MULTIPART_THRESHOLD_BYTES + 1;
    const registered = ok(await keyed('com_drive/file_reg_btn', { folder_id: folder.id, name: 'big.bin', size }, t.token));
    const { item, upload } = registered;
    if (upload.method !== 'MULTIPART') throw new Error('multipart expected');
    const parts = [];
    for (const part of upload.parts) {
      const length = Math.min(MULTIPART_PART_BYTES, size - (part.part_number - 1) * MULTIPART_PART_BYTES);
      const put = await fetch(part.url, { method: 'PUT', body: new Uint8Array(length).fill(part.part_number) });
      expect(put.status).toBe(200);
      parts.push({ part_number: part.part_number, etag: put.headers.get('etag')! });
    }
    const key = randomUUID();
    const body = { id: item.id, upload_id: upload.upload_id, parts };
    const first = ok(await keyed('com_drive/file_upload_complete', body, t.token, key));
    await waitUntilReady(t.token, item.id);
    // The retry of a completion whose answer was lost: the first answer, not a refusal of an upload already joined.
    expect(ok(await keyed('com_drive/file_upload_complete', body, t.token, key))).toEqual(first);
    expect((await keyed('com_drive/file_upload_complete', { ...body, parts: parts.slice(0, 4) }, t.token, key)).body).toMatchObject(REUSED);
    // Without the key, the same retry is refused as before (the upload is no longer pending).
    expect((await keyed('com_drive/file_upload_complete', body, t.token)).body.code).toBe(-4);
    expect(ok(await keyed('com_drive/file_history', { id: item.id, page_size: 50 }, t.token)).versions).toHaveLength(1);
  });

  it('answers -202 to a repeat while the first call still runs, and frees the key when the call is refused', async () => {
    const caller = { kykId: t.kykId, userId: t.adminId } as never;
    const context = { path: 'com_drive/copy_btn' as const, input: { items: [], folder_id: 'root' } as never, caller, idempotencyKey: randomUUID() };
    let release!: () => void;
    const running = idempotent(context, () => new Promise<{ n: number }>((resolve) => { release = () => resolve({ n: 1 }); }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const repeat = await idempotent(context, async () => ({ n: 2 })).catch((error: unknown) => error);
    expect(repeat).toBeInstanceOf(DomainError);
    expect(repeat).toMatchObject({ codeName: 'updateFailure', messageKey: 'notice.requestInProgress' });
    release();
    expect(await running).toEqual({ n: 1 });
    expect(await idempotent(context, async () => ({ n: 3 }))).toEqual({ n: 1 });

    // A refusal is not kept: the same key runs again.
    const refusedOnce = { ...context, idempotencyKey: randomUUID() };
    await expect(idempotent(refusedOnce, async () => { throw new DomainError('input'); })).rejects.toBeInstanceOf(DomainError);
    expect(await idempotent(refusedOnce, async () => ({ n: 4 }))).toEqual({ n: 4 });
  });
});
