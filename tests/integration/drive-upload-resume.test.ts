import { beforeAll, describe, expect, it } from 'vitest';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '#lib/clients.ts';
import { config } from '#lib/config.ts';
import { logger } from '#lib/logger.ts';
import { getItem, itemKey, type ItemRecord } from '#data/drive-items.ts';
import { markerKey } from '#data/pending-uploads.ts';
import { sweepAbandonedUploads } from '#domain/uploads/sweep.ts';
import { MULTIPART_PART_BYTES, MULTIPART_THRESHOLD_BYTES } from '#shared/drive-limits.ts';
import type { RouteResponse } from '#shared/routes.ts';
import { call } from './support/api.ts';
import { waitUntilReady } from './support/drive.ts';
import { aUser, type SignedInUser } from './support/factories.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

/**
 * Resuming a multipart upload after a reload (`com_drive/file_upload_parts_list`, docs/drive.md
 * "Resuming an upload"): the parts S3 holds, for the uploader only; the call and fresh part URLs
 * keep the pending upload alive, so the sweep never takes an upload that progresses.
 */
const MISSING = { code: -3, data: null };
const SIZE = MULTIPART_THRESHOLD_BYTES + 1; // five parts: four of 16 MiB and one byte
type Multipart = Extract<RouteResponse<'com_drive/file_reg_btn'>['upload'], { method: 'MULTIPART' }>;

async function registerBig(token: string, name: string): Promise<{ id: string; upload: Multipart }> {
  const registered = await call('com_drive/file_reg_btn', { folder_id: 'root', name, size: SIZE }, token);
  expect(registered.body.code, JSON.stringify(registered.body)).toBe(0);
  const upload = registered.body.data!.upload;
  if (upload.method !== 'MULTIPART') throw new Error('multipart expected');
  return { id: registered.body.data!.item.id, upload };
}

const bytesOf = (partNumber: number) => {
  const length = Math.min(MULTIPART_PART_BYTES, SIZE - (partNumber - 1) * MULTIPART_PART_BYTES);
  return new Uint8Array(length).fill(partNumber);
};

async function putPart(url: string, partNumber: number): Promise<string> {
  const put = await fetch(url, { method: 'PUT', body: bytesOf(partNumber) });
  expect(put.status).toBe(200);
  return put.headers.get('etag')!;
}

/** Moves a pending upload's expiry (and its sweep marker) to `at`, as time would bring it near. */
async function setExpiry(kykId: string, id: string, at: number): Promise<void> {
  const { Item } = await db().send(new GetCommand({ TableName: config.tableName, Key: itemKey(kykId, id), ConsistentRead: true }));
  const item = Item as ItemRecord & { expires_at: number };
  await db().send(new DeleteCommand({ TableName: config.tableName, Key: markerKey(item) }));
  await db().send(new UpdateCommand({ TableName: config.tableName, Key: itemKey(kykId, id), UpdateExpression: 'SET expires_at = :at', ExpressionAttributeValues: { ':at': at } }));
  await db().send(new PutCommand({ TableName: config.tableName, Item: { ...markerKey({ kyk_id: kykId, id, expires_at: at }), kyk_id: kykId, id, expires_at: at } }));
}

describe('resuming an upload: the parts S3 holds', { timeout: 120_000 }, () => {
  let t: TestTenant;
  let colleague: SignedInUser;
  beforeAll(async () => {
    t = await newTenant();
    colleague = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 3 });
  });

  it('lists the parts stored after two of five, and the upload completes with only the rest sent', async () => {
    const { id, upload } = await registerBig(t.token, 'resumed.bin');
    expect(upload.parts).toHaveLength(5);
    const sent = new Map<number, string>();
    for (const partNumber of [1, 3]) sent.set(partNumber, await putPart(upload.parts[partNumber - 1]!.url, partNumber));

    const listed = await call('com_drive/file_upload_parts_list', { id, upload_id: upload.upload_id }, t.token);
    expect(listed.body.code, JSON.stringify(listed.body)).toBe(0);
    expect(listed.body.data).toMatchObject({ part_size: MULTIPART_PART_BYTES, size: SIZE });
    expect(listed.body.data!.parts).toEqual([
      { part_number: 1, etag: sent.get(1), size: MULTIPART_PART_BYTES },
      { part_number: 3, etag: sent.get(3), size: MULTIPART_PART_BYTES },
    ]);

    // The rest, with fresh URLs, then the completion with the listed ETags.
    const rest = [2, 4, 5];
    const fresh = await call('com_drive/file_upload_parts', { id, upload_id: upload.upload_id, part_numbers: rest }, t.token);
    expect(fresh.body.code).toBe(0);
    for (const part of fresh.body.data!.parts) sent.set(part.part_number, await putPart(part.url, part.part_number));
    const parts = [...listed.body.data!.parts.map(({ part_number, etag }) => ({ part_number, etag })), ...rest.map((part_number) => ({ part_number, etag: sent.get(part_number)! }))];
    const completed = await call('com_drive/file_upload_complete', { id, upload_id: upload.upload_id, parts }, t.token);
    expect(completed.body.code, JSON.stringify(completed.body)).toBe(0);
    expect(await waitUntilReady(t.token, id)).toMatchObject({ status: 'ready', size: SIZE });
    // Finished: nothing is in progress any more.
    expect((await call('com_drive/file_upload_parts_list', { id, upload_id: upload.upload_id }, t.token)).body).toMatchObject(MISSING);
  });

  it("answers -3 to anyone but the uploader, to another tenant and for another upload id, and reveals nothing", async () => {
    const { id, upload } = await registerBig(t.token, 'private.bin');
    await putPart(upload.parts[0]!.url, 1);
    const before = await getItem(t.kykId, id);
    // A colleague at drive level 3 in the same contract.
    expect((await call('com_drive/file_upload_parts_list', { id, upload_id: upload.upload_id }, colleague.token)).body).toMatchObject(MISSING);
    // Another contract's administrator.
    const other = await newTenant();
    expect((await call('com_drive/file_upload_parts_list', { id, upload_id: upload.upload_id }, other.token)).body).toMatchObject(MISSING);
    // The uploader with an upload id that is not this upload's.
    expect((await call('com_drive/file_upload_parts_list', { id, upload_id: `${upload.upload_id}x` }, t.token)).body).toMatchObject(MISSING);
    // None of them kept it alive: its expiry is as it was.
    expect((await getItem(t.kykId, id))?.expires_at).toBe(before?.expires_at);
    const own = await call('com_drive/file_upload_parts_list', { id, upload_id: upload.upload_id }, t.token);
    expect(own.body.data!.parts.map((part) => part.part_number)).toEqual([1]);
    expect((await call('com_drive/file_upload_cancel', { id }, t.token)).body.data).toEqual({ released: true });
    expect((await call('com_drive/file_upload_parts_list', { id, upload_id: upload.upload_id }, t.token)).body).toMatchObject(MISSING);
  });

  it('keeps an upload that progresses: the parts list and fresh part URLs move its expiry on, and the sweep leaves it', async () => {
    const listedOne = await registerBig(t.token, 'alive-listed.bin');
    const partsOne = await registerBig(t.token, 'alive-parts.bin');
    const idle = await registerBig(t.token, 'idle.bin');
    const soon = Math.floor(Date.now() / 1000) + 3;
    for (const { id } of [listedOne, partsOne, idle]) await setExpiry(t.kykId, id, soon);

    const listed = await call('com_drive/file_upload_parts_list', { id: listedOne.id, upload_id: listedOne.upload.upload_id }, t.token);
    expect(listed.body.code).toBe(0);
    const fresh = await call('com_drive/file_upload_parts', { id: partsOne.id, upload_id: partsOne.upload.upload_id, part_numbers: [1] }, t.token);
    expect(fresh.body.code).toBe(0);
    const day = config.uploadPendingHours * 3600;
    for (const { id } of [listedOne, partsOne]) expect((await getItem(t.kykId, id))?.expires_at).toBeGreaterThan(soon + day - 60);
    expect(Date.parse(listed.body.data!.expires_at) / 1000).toBeGreaterThan(soon + day - 60);

    await new Promise((resolve) => setTimeout(resolve, 4000));
    await sweepAbandonedUploads(logger);
    // The idle one lapsed and is released (by this sweep or the stack's own); the two that progressed stay.
    await expect.poll(async () => getItem(t.kykId, idle.id), { timeout: 10_000 }).toBeUndefined();
    for (const { id } of [listedOne, partsOne]) expect(await getItem(t.kykId, id)).toMatchObject({ status: 'pending' });
    expect((await call('com_drive/file_upload_parts_list', { id: partsOne.id, upload_id: partsOne.upload.upload_id }, t.token)).body.code).toBe(0);
  });
  it('resumes new bytes of a file the same way: the parts of its pending version, for the uploader only, then a new version', async () => {
    const small = await call('com_drive/file_reg_btn', { folder_id: 'root', name: 'versioned.bin', size: 3 }, t.token);
    expect(small.body.code, JSON.stringify(small.body)).toBe(0);
    const first = small.body.data!.upload;
    if (first.method !== 'PUT') throw new Error('a single PUT expected');
    expect((await fetch(first.url, { method: 'PUT', headers: first.headers, body: new Uint8Array([1, 2, 3]) })).status).toBe(200);
    const id = small.body.data!.item.id;
    await waitUntilReady(t.token, id);

    const update = await call('com_drive/file_upd_btn', { id, size: SIZE }, t.token);
    expect(update.body.code, JSON.stringify(update.body)).toBe(0);
    const upload = update.body.data!.upload;
    if (upload.method !== 'MULTIPART') throw new Error('multipart expected');
    const sent = new Map([[1, await putPart(upload.parts[0]!.url, 1)]]);

    // After the reload: what S3 holds of the new bytes, for the uploader alone.
    const listed = await call('com_drive/file_upload_parts_list', { id, upload_id: upload.upload_id }, t.token);
    expect(listed.body.code, JSON.stringify(listed.body)).toBe(0);
    expect(listed.body.data).toMatchObject({ part_size: MULTIPART_PART_BYTES, size: SIZE, parts: [{ part_number: 1, etag: sent.get(1), size: MULTIPART_PART_BYTES }] });
    expect((await call('com_drive/file_upload_parts_list', { id, upload_id: upload.upload_id }, colleague.token)).body).toMatchObject(MISSING);
    expect((await call('com_drive/file_upload_parts_list', { id, upload_id: `${upload.upload_id}x` }, t.token)).body).toMatchObject(MISSING);

    const rest = [2, 3, 4, 5];
    const fresh = await call('com_drive/file_upload_parts', { id, upload_id: upload.upload_id, part_numbers: rest }, t.token);
    expect(fresh.body.code, JSON.stringify(fresh.body)).toBe(0);
    for (const part of fresh.body.data!.parts) sent.set(part.part_number, await putPart(part.url, part.part_number));
    const parts = [...sent.entries()].sort(([a], [b]) => a - b).map(([part_number, etag]) => ({ part_number, etag }));
    const completed = await call('com_drive/file_upload_complete', { id, upload_id: upload.upload_id, parts }, t.token);
    expect(completed.body.code, JSON.stringify(completed.body)).toBe(0);
    await expect.poll(async () => (await call('com_drive/file_info', { id }, t.token)).body.data?.item, { timeout: 30_000 }).toMatchObject({ version: 2, size: SIZE, status: 'ready' });
    expect((await call('com_drive/file_upload_parts_list', { id, upload_id: upload.upload_id }, t.token)).body).toMatchObject(MISSING);
  });
});
