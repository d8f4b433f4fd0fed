import { describe, expect, it } from 'vitest';
import { GetObjectCommand, ListPartsCommand } from '@aws-sdk/client-s3';
import { s3 } from '#lib/clients.ts';
import { config } from '#lib/config.ts';
import { logger } from '#lib/logger.ts';
import { getItem } from '#data/drive-items.ts';
import { setContractQuota } from '#data/pending-uploads.ts';
import { sweepAbandonedUploads } from '#domain/uploads/sweep.ts';
import { MULTIPART_THRESHOLD_BYTES } from '#shared/drive-limits.ts';
import { call } from './support/api.ts';
import { sendBytes, waitUntilReady } from './support/drive.ts';
import { aUser } from './support/factories.ts';
import { expireUpload, storedPendingOf, storedUsage, vanishEntry } from './support/uploads.ts';
import { newTenant } from './support/tenants.ts';

/**
 * Pending uploads (docs/architecture.md, "Files"): the declared bytes are reserved at registration,
 * settled at confirmation and released when the upload is abandoned; pending uploads are capped per
 * user and per contract; an abandoned upload never keeps its name, and what it leaves in S3 goes.
 */
const CAPACITY = 990000090001;
const TOO_MANY = 'Too many uploads are waiting for their files. Let them finish, or wait until they expire, then try again.';
const register = (token: string, name: string, size: number) => call('com_drive/file_reg_btn', { folder_id: 'root', name, size }, token);

describe('upload reservations', () => {
  it('reserves declared bytes at registration, so uploads registered first cannot pass the quota', async () => {
    const t = await newTenant();
    const other = await newTenant();
    expect(await setContractQuota(t.kykId, 100)).toBe(true);
    const codes = [];
    for (let index = 0; index < 5; index++) codes.push((await register(t.token, `early-${index}.bin`, 30)).body.code);
    expect(codes).toEqual([0, 0, 0, CAPACITY, CAPACITY]);
    expect(await storedUsage(t.kykId)).toEqual({ usage: 0, reserved: 90, committed: 90, pending: 3 });
    // Another contract's uploads never touch this one's.
    expect(await storedUsage(other.kykId)).toMatchObject({ reserved: 0, pending: 0 });
  });

  it('lets exactly as many parallel registrations through as fit', async () => {
    const t = await newTenant();
    await setContractQuota(t.kykId, 100);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => register(t.token, `race-${index}.bin`, 30)));
    expect(answers.filter((answer) => answer.body.code === 0)).toHaveLength(3);
    expect(answers.filter((answer) => answer.body.code === CAPACITY)).toHaveLength(7);
    expect(await storedUsage(t.kykId)).toMatchObject({ reserved: 90, committed: 90, pending: 3 });
  });

  it('settles the reservation when the bytes arrive and releases it when the upload is abandoned', async () => {
    const t = await newTenant();
    await setContractQuota(t.kykId, 100);
    const kept = await register(t.token, 'kept.bin', 30);
    const dropped = await register(t.token, 'dropped.bin', 40);
    await sendBytes(t.token, kept.body.data!.item.id, kept.body.data!.upload, new Uint8Array(30));
    await waitUntilReady(t.token, kept.body.data!.item.id);
    expect(await storedUsage(t.kykId)).toEqual({ usage: 30, reserved: 40, committed: 70, pending: 1 });
    expect(await storedPendingOf(t.kykId, t.adminId)).toBe(1);

    await expireUpload(t.kykId, dropped.body.data!.item.id);
    expect((await sweepAbandonedUploads(logger)).released).toBeGreaterThanOrEqual(1);
    expect(await storedUsage(t.kykId)).toEqual({ usage: 30, reserved: 0, committed: 30, pending: 0 });
    expect(await storedPendingOf(t.kykId, t.adminId)).toBe(0);
    expect(await getItem(t.kykId, dropped.body.data!.item.id)).toBeUndefined();
    // The name is free again, and the room too.
    expect((await register(t.token, 'dropped.bin', 70)).body.code).toBe(0);
    // A second sweep finds nothing more to release for it.
    await sweepAbandonedUploads(logger);
    expect(await storedUsage(t.kykId)).toEqual({ usage: 30, reserved: 70, committed: 100, pending: 1 });
  });

  it('caps the pending uploads of a user and of a contract', async () => {
    const t = await newTenant();
    const colleague = await aUser(t, { regist_mode: 1, indiv_permission_flg: 1, indiv_com_drive_permission: 3 });
    expect(config.uploadPendingPerUser).toBe(20);
    for (let index = 0; index < 20; index++) expect((await register(t.token, `mine-${index}.bin`, 1)).body.code).toBe(0);
    expect((await register(t.token, 'mine-20.bin', 1)).body).toMatchObject({ code: -202, message: TOO_MANY });
    for (let index = 0; index < 10; index++) expect((await register(colleague.token, `theirs-${index}.bin`, 1)).body.code).toBe(0);
    // Thirty wait in the contract: its cap.
    expect((await register(colleague.token, 'theirs-10.bin', 1)).body).toMatchObject({ code: -202, message: TOO_MANY });
    expect(await storedUsage(t.kykId)).toMatchObject({ pending: 30 });
  });

  it('re-arms its own retry, keeps another user\'s waiting upload, and takes over an abandoned one', async () => {
    const t = await newTenant();
    const colleague = await aUser(t, { regist_mode: 1, indiv_permission_flg: 1, indiv_com_drive_permission: 3 });
    const first = await register(t.token, 'shared.bin', 10);
    expect((await register(colleague.token, 'shared.bin', 10)).body.code).toBe(-990000090007);
    const retry = await register(t.token, 'shared.bin', 4);
    expect(retry.body.data!.item.id).toBe(first.body.data!.item.id);
    expect(await storedUsage(t.kykId)).toMatchObject({ reserved: 4, pending: 1 });

    await expireUpload(t.kykId, first.body.data!.item.id);
    const takenOver = await register(colleague.token, 'shared.bin', 6);
    expect(takenOver.body.code).toBe(0);
    expect(takenOver.body.data!.item.id).not.toBe(first.body.data!.item.id);
    expect(await storedUsage(t.kykId)).toMatchObject({ reserved: 6, pending: 1 });
    expect(await storedPendingOf(t.kykId, t.adminId)).toBe(0);
    expect(await storedPendingOf(t.kykId, colleague.userId)).toBe(1);

    // An entry that vanished under its claim (DynamoDB's TTL removed abandoned uploads before): the name is free.
    const legacy = await register(t.token, 'legacy.bin', 1);
    await vanishEntry(t.kykId, legacy.body.data!.item.id);
    expect((await register(t.token, 'legacy.bin', 1)).body.code).toBe(0);
  });

  it('deletes bytes that arrive after their upload was released', async () => {
    const t = await newTenant();
    const late = await register(t.token, 'late.bin', 5);
    const id = late.body.data!.item.id;
    await expireUpload(t.kykId, id);
    await sweepAbandonedUploads(logger);
    const upload = late.body.data!.upload;
    if (upload.method !== 'PUT') throw new Error('a small file uploads in one PUT');
    expect((await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: new Uint8Array(5) })).status).toBe(200);
    const key = `t/${t.kykId}/${id}/v1`;
    let gone = false;
    for (let attempt = 0; attempt < 50 && !gone; attempt++) {
      gone = await s3().send(new GetObjectCommand({ Bucket: config.bucketName, Key: key })).then(() => false, (error: Error) => error.name === 'NoSuchKey');
      if (!gone) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(gone).toBe(true);
    expect(await storedUsage(t.kykId)).toMatchObject({ usage: 0, reserved: 0, pending: 0 });
  });
});

describe('the sweep and S3', () => {
  it('aborts the multipart upload of an abandoned registration: its parts go (ListParts answers NoSuchUpload)', async () => {
    const t = await newTenant();
    const big = await register(t.token, 'big.bin', MULTIPART_THRESHOLD_BYTES + 1);
    const upload = big.body.data!.upload;
    if (upload.method !== 'MULTIPART') throw new Error('multipart expected');
    const target = { Bucket: config.bucketName, Key: `t/${t.kykId}/${big.body.data!.item.id}/v1`, UploadId: upload.upload_id };
    // One part arrives, then the browser goes away.
    expect((await fetch(upload.parts[0]!.url, { method: 'PUT', body: new Uint8Array(upload.part_size) })).status).toBe(200);
    expect((await s3().send(new ListPartsCommand(target))).Parts?.map((part) => part.PartNumber)).toEqual([1]);
    await expireUpload(t.kykId, big.body.data!.item.id);
    // This sweep releases it, or the stack's minute sweep (another process) at the same moment; the
    // abort follows the release, so the parts are awaited a moment.
    await sweepAbandonedUploads(logger);
    expect(await storedUsage(t.kykId)).toMatchObject({ reserved: 0, pending: 0 });
    const listing = () => s3().send(new ListPartsCommand(target)).then(() => 'listed', (error: Error) => error.name);
    let answer = await listing();
    for (let attempt = 0; attempt < 50 && answer === 'listed'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      answer = await listing();
    }
    expect(answer).toBe('NoSuchUpload');
  });

  it('gives an abandoned multipart upload no fresh part URLs and no completion (-3)', async () => {
    const t = await newTenant();
    const first = await register(t.token, 'late-big.bin', MULTIPART_THRESHOLD_BYTES + 1);
    const firstUpload = first.body.data!.upload;
    if (firstUpload.method !== 'MULTIPART') throw new Error('multipart expected');
    const id = first.body.data!.item.id;
    await expireUpload(t.kykId, id);
    const parts = await call('com_drive/file_upload_parts', { id, upload_id: firstUpload.upload_id, part_numbers: [1] }, t.token);
    expect(parts.body.code).toBe(-3);
    const completed = await call('com_drive/file_upload_complete', { id, upload_id: firstUpload.upload_id, parts: [{ part_number: 1, etag: '"x"' }] }, t.token);
    expect(completed.body.code).toBe(-3);
  });
});
