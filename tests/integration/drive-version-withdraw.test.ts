import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DriveItem } from '#shared/schemas/drive.ts';
import { MULTIPART_THRESHOLD_BYTES } from '#shared/drive-limits.ts';
import { epochSeconds } from '#lib/data/table.ts';
import { logger } from '#lib/logger.ts';
import { getItem } from '#data/drive-items.ts';
import { renewVersionUpload } from '#data/file-versions.ts';
import { sweepAbandonedUploads } from '#domain/uploads/sweep.ts';
import { aFolder, aUser, type SignedInUser } from './support/factories.ts';
import { call } from './support/api.ts';
import { sendBytes, uploadFile } from './support/drive.ts';
import { storedPendingOf, storedUsage } from './support/uploads.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const unique = (name: string) => `${randomUUID().slice(0, 8)}-${name}`;
const UPLOADING = { code: -202, message: 'The file is still being uploaded. Please wait until it is finished.' };
const REFUSED = { code: -101, message: 'You do not have permission to access this function.' };
const MISSING = { code: -3, message: 'The folder or file does not exist. It may have been moved or deleted.' };
const FIFTEEN_MINUTES = 15 * 60;

/**
 * Another user's new bytes waiting on a file (docs/drive.md "Versions"): they block every other
 * update of the file, so whoever may change the file withdraws them, and they lapse after 15 minutes
 * without progress (each `file_upload_parts` call renews them).
 */
describe('a waiting new version of another user', { timeout: 120_000 }, () => {
  let t: TestTenant;
  let uploader: SignedInUser;
  let updater: SignedInUser;
  let viewer: SignedInUser;
  let active: SignedInUser;
  let narrowed: SignedInUser;
  let outsider: SignedInUser;
  let place: DriveItem;

  beforeAll(async () => {
    t = await newTenant();
    const level = (drive: 1 | 2 | 3) => ({ indiv_permission_flg: 1, indiv_com_drive_permission: drive }) as const;
    [uploader, updater, viewer, active, narrowed, outsider] = await Promise.all([aUser(t, level(3)), aUser(t, level(3)), aUser(t, level(1)), aUser(t, level(2)), aUser(t, level(3)), aUser(t, level(3))]);
    // The folder's settings leave `narrowed` at view and `outsider` nothing; the rest keep their drive level.
    place = await aFolder(t);
    const saved = await call('com_drive/permission_save_btn', {
      id: place.id, row_version: place.row_version, policy: 'allow',
      update: { users: [uploader.userId, updater.userId, viewer.userId, active.userId], groups: [] }, view: { users: [narrowed.userId], groups: [] },
    }, t.token);
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
  });

  /** The contract's counters as stored and as the data-usage call answers them, and each user's count of waiting uploads. */
  const counts = async () => {
    const usage = await call('com_drive/data_usage', {}, t.token);
    expect(usage.body.code, JSON.stringify(usage.body)).toBe(0);
    const { usage_bytes, reserved_bytes, version_bytes, version_count } = usage.body.data!;
    return {
      stored: await storedUsage(t.kykId), answered: { usage_bytes, reserved_bytes, version_bytes, version_count },
      uploader: await storedPendingOf(t.kykId, uploader.userId), updater: await storedPendingOf(t.kykId, updater.userId),
    };
  };
  const waitForVersion = async (id: string, version: number) => {
    for (let attempt = 0; attempt < 100 && ((await getItem(t.kykId, id))?.version ?? 0) < version; attempt++) await new Promise((resolve) => setTimeout(resolve, 50));
    return (await getItem(t.kykId, id))!;
  };

  it('blocks the update of someone who may change the file until they withdraw it; then their update goes, and the counters are right', async () => {
    const file = await uploadFile(t.token, place.id, unique('plan.txt'), bytes('one'));
    const before = await counts();
    const waiting = await call('com_drive/file_upd_btn', { id: file.id, size: 5 }, uploader.token);
    expect(waiting.body.code, JSON.stringify(waiting.body)).toBe(0);
    expect(await counts()).toEqual({
      ...before, stored: { ...before.stored, reserved: before.stored.reserved + 5, committed: before.stored.committed + 5, pending: before.stored.pending + 1 },
      answered: { ...before.answered, reserved_bytes: before.answered.reserved_bytes + 5 }, uploader: before.uploader + 1,
    });
    expect((await call('com_drive/file_upd_btn', { id: file.id, size: 4 }, updater.token)).body).toMatchObject(UPLOADING);

    // Only someone who may change the file withdraws another's upload: view level (by drive level or by the folder), level 2 on what others registered.
    for (const user of [viewer, active, narrowed]) expect((await call('com_drive/file_upload_cancel', { id: file.id }, user.token)).body).toMatchObject(REFUSED);
    // Nor does anyone the file is not there for.
    expect((await call('com_drive/file_upload_cancel', { id: file.id }, outsider.token)).body).toMatchObject(MISSING);
    expect((await call('com_drive/file_upload_cancel', { id: file.id }, (await newTenant()).token)).body).toMatchObject(MISSING);
    expect((await getItem(t.kykId, file.id))?.pending_version).toMatchObject({ user_id: uploader.userId });

    const withdrawn = await call('com_drive/file_upload_cancel', { id: file.id }, updater.token);
    expect(withdrawn.body).toMatchObject({ code: 0, data: { released: true } });
    expect((await getItem(t.kykId, file.id))?.pending_version).toBeUndefined();
    expect(await counts()).toEqual(before);

    const update = await call('com_drive/file_upd_btn', { id: file.id, size: 4 }, updater.token);
    expect(update.body.code, JSON.stringify(update.body)).toBe(0);
    await sendBytes(updater.token, file.id, update.body.data!.upload, bytes('four'));
    expect(await waitForVersion(file.id, update.body.data!.upload_version!)).toMatchObject({ size: 4, update_user_id: updater.userId });
    expect(await counts()).toEqual({
      ...before, stored: { ...before.stored, usage: before.stored.usage + 4, committed: before.stored.committed + 4 },
      answered: { ...before.answered, usage_bytes: before.answered.usage_bytes + 4, version_bytes: before.answered.version_bytes + 3, version_count: before.answered.version_count + 1 },
    });
  });

  it('lets an administrator withdraw it too', async () => {
    const file = await uploadFile(updater.token, place.id, unique('minutes.txt'), bytes('one'));
    const before = await counts();
    expect((await call('com_drive/file_upd_btn', { id: file.id, size: 9 }, uploader.token)).body.code).toBe(0);
    expect((await call('com_drive/file_upload_cancel', { id: file.id }, t.token)).body).toMatchObject({ code: 0, data: { released: true } });
    expect((await getItem(t.kykId, file.id))?.pending_version).toBeUndefined();
    expect(await counts()).toEqual(before);
  });

  it('lapses after 15 minutes without progress: it no longer blocks an update, which takes its place and its share of the counters, and the sweep releases a lapsed one', async () => {
    const file = await uploadFile(t.token, place.id, unique('lapse.txt'), bytes('one'));
    const before = await counts();
    const registeredAt = epochSeconds();
    expect((await call('com_drive/file_upd_btn', { id: file.id, size: 7 }, uploader.token)).body.code).toBe(0);
    const waiting = (await getItem(t.kykId, file.id))!;
    expect(waiting.pending_version!.expires_at).toBeGreaterThanOrEqual(registeredAt + FIFTEEN_MINUTES);
    expect(waiting.pending_version!.expires_at).toBeLessThanOrEqual(epochSeconds() + FIFTEEN_MINUTES);

    // Fifteen minutes without a sign of the uploader, made at once.
    expect(await renewVersionUpload(waiting, epochSeconds() - 1)).toBe(true);
    const update = await call('com_drive/file_upd_btn', { id: file.id, size: 4 }, updater.token);
    expect(update.body.code, JSON.stringify(update.body)).toBe(0);
    const replaced = (await getItem(t.kykId, file.id))!;
    expect(replaced.pending_version).toMatchObject({ user_id: updater.userId, declared_size: 4, version: update.body.data!.upload_version });
    expect(await counts()).toEqual({
      ...before, stored: { ...before.stored, reserved: before.stored.reserved + 4, committed: before.stored.committed + 4, pending: before.stored.pending + 1 },
      answered: { ...before.answered, reserved_bytes: before.answered.reserved_bytes + 4 }, updater: before.updater + 1,
    });

    // The updater's lapses too: the sweep gives back what it held.
    expect(await renewVersionUpload(replaced, epochSeconds() - 1)).toBe(true);
    await sweepAbandonedUploads(logger);
    expect((await getItem(t.kykId, file.id))?.pending_version).toBeUndefined();
    expect(await counts()).toEqual(before);
  });

  it('is kept waiting by each file_upload_parts call of its uploader, and refuses them once lapsed', async () => {
    const file = await uploadFile(t.token, place.id, unique('large.bin'), bytes('one'));
    const before = await counts();
    const size = MULTIPART_THRESHOLD_BYTES + 1;
    const registered = await call('com_drive/file_upd_btn', { id: file.id, size }, uploader.token);
    expect(registered.body.code, JSON.stringify(registered.body)).toBe(0);
    const upload = registered.body.data!.upload;
    if (upload.method !== 'MULTIPART') throw new Error('expected a multipart upload');

    // Fourteen and a half minutes in, the uploader asks for fresh part URLs: another 15 minutes.
    expect(await renewVersionUpload((await getItem(t.kykId, file.id))!, epochSeconds() + 30)).toBe(true);
    const parts = await call('com_drive/file_upload_parts', { id: file.id, upload_id: upload.upload_id, part_numbers: [1, 2] }, uploader.token);
    expect(parts.body.code, JSON.stringify(parts.body)).toBe(0);
    expect((await getItem(t.kykId, file.id))!.pending_version!.expires_at).toBeGreaterThanOrEqual(epochSeconds() + FIFTEEN_MINUTES - 5);
    expect((await call('com_drive/file_upd_btn', { id: file.id, size: 4 }, updater.token)).body).toMatchObject(UPLOADING);
    // Nobody else keeps it alive.
    expect((await call('com_drive/file_upload_parts', { id: file.id, upload_id: upload.upload_id, part_numbers: [1] }, updater.token)).body.code).toBe(-101);

    expect(await renewVersionUpload((await getItem(t.kykId, file.id))!, epochSeconds() - 1)).toBe(true);
    expect((await call('com_drive/file_upload_parts', { id: file.id, upload_id: upload.upload_id, part_numbers: [1] }, uploader.token)).body).toMatchObject(MISSING);
    // Withdrawn by its uploader (or already released by the sweep): the counters are back.
    expect([0, -3]).toContain((await call('com_drive/file_upload_cancel', { id: file.id }, uploader.token)).body.code);
    expect((await getItem(t.kykId, file.id))?.pending_version).toBeUndefined();
    expect(await counts()).toEqual(before);
  });
});
