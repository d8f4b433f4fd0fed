import { beforeAll, describe, expect, it } from 'vitest';
import { getItem } from '#data/drive-items.ts';
import { objectKey } from '#lib/object-storage.ts';
import { call } from './support/api.ts';
import { fresh, namesIn, sendBytes, uploadFile } from './support/drive.ts';
import { aUser, type SignedInUser } from './support/factories.ts';
import { storedUsage } from './support/uploads.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const MISSING = { code: -3, message: 'The folder or file does not exist. It may have been moved or deleted.' };

/** The transfers panel's Cancel (`com_drive/file_upload_cancel`): a withdrawn upload leaves nothing behind, at once. */
describe('cancelling an upload', { timeout: 120_000 }, () => {
  let t: TestTenant;
  let colleague: SignedInUser;
  beforeAll(async () => {
    t = await newTenant();
    colleague = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 3 });
  });

  it('withdraws a new file: the entry, its name and its reservation go, and the name can be registered again', async () => {
    const before = await storedUsage(t.kykId);
    const registered = await call('com_drive/file_reg_btn', { folder_id: 'root', name: 'draft.txt', size: 5 }, t.token);
    expect(registered.body.code).toBe(0);
    const id = registered.body.data!.item.id;
    expect(await namesIn(t.token)).toContain('draft.txt');

    // Only the uploader may withdraw it.
    expect((await call('com_drive/file_upload_cancel', { id }, colleague.token)).body).toMatchObject(MISSING);
    const other = await newTenant();
    expect((await call('com_drive/file_upload_cancel', { id }, other.token)).body).toMatchObject(MISSING);
    expect(await getItem(t.kykId, id)).toMatchObject({ status: 'pending' });

    const cancelled = await call('com_drive/file_upload_cancel', { id }, t.token);
    expect(cancelled.body).toMatchObject({ code: 0, data: { released: true } });
    expect(await getItem(t.kykId, id)).toBeUndefined();
    expect(await namesIn(t.token)).not.toContain('draft.txt');
    expect(await storedUsage(t.kykId)).toEqual(before);
    // Again: nothing of the caller's is there any more.
    expect((await call('com_drive/file_upload_cancel', { id }, t.token)).body).toMatchObject(MISSING);
    const again = await uploadFile(t.token, 'root', 'draft.txt', bytes('final'));
    expect(again.id).not.toBe(id);
  });

  it('withdraws new bytes of an existing file: it stays as it was', async () => {
    const file = await uploadFile(t.token, 'root', 'plan.txt', bytes('one'));
    const registered = await call('com_drive/file_reg_btn', { folder_id: 'root', name: 'plan.txt', size: 3, on_conflict: 'old_version' }, t.token);
    expect(registered.body.code, JSON.stringify(registered.body)).toBe(0);
    expect((await getItem(t.kykId, file.id))?.pending_version).toBeDefined();
    const cancelled = await call('com_drive/file_upload_cancel', { id: file.id }, t.token);
    expect(cancelled.body).toMatchObject({ code: 0, data: { released: true } });
    const now = await getItem(t.kykId, file.id);
    expect(now?.pending_version).toBeUndefined();
    expect(await fresh(t.token, file.id)).toMatchObject({ version: 1, size: 3, status: 'ready' });
  });

  it('says nothing was pending once the bytes have arrived, and keeps the file', async () => {
    const registered = await call('com_drive/file_reg_btn', { folder_id: 'root', name: 'done.txt', size: 4 }, t.token);
    const { item, upload } = registered.body.data!;
    await sendBytes(t.token, item.id, upload, bytes('done'));
    for (let attempt = 0; attempt < 100 && (await getItem(t.kykId, item.id))?.status !== 'ready'; attempt++) await new Promise((resolve) => setTimeout(resolve, 50));
    const cancelled = await call('com_drive/file_upload_cancel', { id: item.id }, t.token);
    expect(cancelled.body).toMatchObject({ code: 0, data: { released: false } });
    expect(await getItem(t.kykId, item.id)).toMatchObject({ status: 'ready', s3_key: objectKey(t.kykId, item.id, 1) });
  });
});
