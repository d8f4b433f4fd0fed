import { beforeAll, describe, expect, it } from 'vitest';
import type { DriveItem } from '#shared/schemas/drive.ts';
import { usageCounterUpdate } from '#data/contracts.ts';
import { setContractQuota } from '#data/pending-uploads.ts';
import { transactWrite } from '#lib/data/transact.ts';
import { aFolder, aUser } from './support/factories.ts';
import { call } from './support/api.ts';
import { namesIn, trash, uploadFile } from './support/drive.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

/**
 * Data usage (docs/drive.md "Data usage"): every figure is a counter on the contract item changed
 * in the transaction that changes what it counts: uploads confirmed, trashing, restoring, deleting
 * for good (a file, a folder's purge); the quota answers 990000090001 before any byte is stored.
 */
const CAPACITY = 990000090001;
const bytes = (length: number) => new Uint8Array(length).fill(65);

const usageOf = async (token: string) => {
  const result = await call('com_drive/data_usage', {}, token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!;
};

const trashEntry = async (token: string, id: string) => {
  const page = await call('com_drive/recycle_list', { page_size: 1000 }, token);
  return page.body.data!.items.find((entry) => entry.id === id)!;
};

const deleteForever = async (token: string, ...items: DriveItem[]) => {
  const entries = await Promise.all(items.map((item) => trashEntry(token, item.id)));
  const result = await call('com_drive/force_delete_btn', { items: entries.map((entry) => ({ id: entry.id, row_version: entry.row_version })) }, token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  expect(result.body.data!.failed).toEqual([]);
};

describe('data usage', () => {
  let t: TestTenant;
  let other: TestTenant;
  beforeAll(async () => {
    [t, other] = await Promise.all([newTenant(), newTenant()]);
  });

  it('starts at zero without a quota', async () => {
    expect(await usageOf(t.token)).toEqual({
      usage_bytes: 0, reserved_bytes: 0, file_count: 0, trash_bytes: 0, trash_count: 0, version_bytes: 0, version_count: 0, quota_bytes: null,
    });
  });

  it('counts uploads, the trash, restores and deletions for good, each in its own change', async () => {
    const folder = await aFolder(t, { name: 'Reports' });
    const loose = await uploadFile(t.token, 'root', 'loose.txt', bytes(5));
    const inside = await uploadFile(t.token, folder.id, 'inside.txt', bytes(7));
    expect(await usageOf(t.token)).toMatchObject({ usage_bytes: 12, file_count: 2, trash_bytes: 0, trash_count: 0 });

    // Trashed files keep their bytes in the usage; a trashed folder counts once, without bytes.
    await trash(t.token, loose);
    expect(await usageOf(t.token)).toMatchObject({ usage_bytes: 12, file_count: 2, trash_bytes: 5, trash_count: 1 });
    await trash(t.token, folder);
    expect(await usageOf(t.token)).toMatchObject({ usage_bytes: 12, file_count: 2, trash_bytes: 5, trash_count: 2 });

    const entry = await trashEntry(t.token, loose.id);
    const restored = await call('com_drive/restore_btn', { items: [{ id: entry.id, row_version: entry.row_version }] }, t.token);
    expect(restored.body.data?.done, JSON.stringify(restored.body)).toEqual([loose.id]);
    expect(await usageOf(t.token)).toMatchObject({ usage_bytes: 12, file_count: 2, trash_bytes: 0, trash_count: 1 });
    expect(await namesIn(t.token)).toContain('loose.txt');

    // The folder goes for good with the file inside: its bytes and count leave the usage.
    await deleteForever(t.token, folder);
    expect(await usageOf(t.token)).toMatchObject({ usage_bytes: 5, file_count: 1, trash_bytes: 0, trash_count: 0 });
    expect((await call('com_drive/file_info', { id: inside.id }, t.token)).body.code).toBe(-3);

    const again = await call('com_drive/file_info', { id: loose.id }, t.token);
    await trash(t.token, again.body.data!.item);
    expect(await usageOf(t.token)).toMatchObject({ usage_bytes: 5, file_count: 1, trash_bytes: 5, trash_count: 1 });
    await deleteForever(t.token, loose);
    expect(await usageOf(t.token)).toMatchObject({ usage_bytes: 0, file_count: 0, trash_bytes: 0, trash_count: 0 });
    // Another contract's figures never move.
    expect(await usageOf(other.token)).toMatchObject({ usage_bytes: 0, file_count: 0, trash_bytes: 0, trash_count: 0 });
  });

  it('counts an emptied trash out, files and folders', async () => {
    const folder = await aFolder(t);
    const file = await uploadFile(t.token, folder.id, 'in-folder.bin', bytes(11));
    const single = await uploadFile(t.token, 'root', 'single.bin', bytes(3));
    const before = await usageOf(t.token);
    await trash(t.token, folder, single);
    expect(await usageOf(t.token)).toMatchObject({ trash_bytes: before.trash_bytes + 3, trash_count: before.trash_count + 2 });
    const emptied = await call('com_drive/trash_empty_btn', {}, t.token);
    expect(emptied.body.data).toEqual({ finished: true });
    expect(await usageOf(t.token)).toMatchObject({ usage_bytes: before.usage_bytes - 14, file_count: before.file_count - 2, trash_bytes: 0, trash_count: 0 });
    expect((await call('com_drive/file_info', { id: file.id }, t.token)).body.code).toBe(-3);
  });

  it('shows the quota, and an upload past it answers 990000090001 and stores nothing', async () => {
    await uploadFile(t.token, 'root', 'base.bin', bytes(10));
    expect(await setContractQuota(t.kykId, 25)).toBe(true);
    const before = await usageOf(t.token);
    expect(before).toMatchObject({ quota_bytes: 25, usage_bytes: 10 });
    const refused = await call('com_drive/file_reg_btn', { folder_id: 'root', name: 'too-big.bin', size: 16 }, t.token);
    expect(refused.body).toMatchObject({ code: CAPACITY, message: 'The server capacity has been exceeded.' });
    expect(await usageOf(t.token)).toEqual(before);
    expect(await namesIn(t.token)).not.toContain('too-big.bin');
    // What still fits is accepted and reserved until its bytes arrive.
    const fits = await call('com_drive/file_reg_btn', { folder_id: 'root', name: 'fits.bin', size: 15 }, t.token);
    expect(fits.body.code).toBe(0);
    expect(await usageOf(t.token)).toMatchObject({ usage_bytes: 10, reserved_bytes: 15, quota_bytes: 25 });
    await setContractQuota(t.kykId, undefined);
  });

  it('adds version counters through the helper the version records call', async () => {
    const before = await usageOf(t.token);
    await transactWrite([usageCounterUpdate(t.kykId, { version_count: 2, version_bytes: 300 })!]);
    await transactWrite([usageCounterUpdate(t.kykId, { version_count: -1, version_bytes: -100 })!]);
    expect(await usageOf(t.token)).toMatchObject({ version_count: before.version_count + 1, version_bytes: before.version_bytes + 200 });
    expect(usageCounterUpdate(t.kykId, { version_count: 0 })).toBeUndefined();
  });

  it('is for administrators (-101 otherwise, even at drive level 3) and takes no fields (-4)', async () => {
    const updater = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 3 });
    const refused = await call('com_drive/data_usage', {}, updater.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: -101, message: 'You do not have permission to access this function.' });
    const extra = await call('com_drive/data_usage', { kyk_id: other.kykId } as never, t.token);
    expect(extra.body.code).toBe(-4);
    expect(Object.keys(extra.body.info!.fields!)).toEqual(['kyk_id']);
  });
});
