import { beforeAll, describe, expect, it } from 'vitest';
import { MULTIPART_THRESHOLD_BYTES } from '#shared/drive-limits.ts';
import { aFolder } from './support/factories.ts';
import { call, signIn } from './support/api.ts';
import { uploadFile } from './support/drive.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

/**
 * A token of contract A never reads or writes contract B's data, whatever ids, cursors or body
 * fields it sends: the tenant comes from the token alone.
 */
describe('tenant isolation', () => {
  let a: TestTenant;
  let b: TestTenant;
  let bFolder: string;
  let bFile: string;
  let bCursor: string;

  beforeAll(async () => {
    [a, b] = await Promise.all([newTenant(), newTenant()]);
    bFolder = (await aFolder(b, { name: 'B secrets' })).id;
    bFile = (await uploadFile(b.token, bFolder, 'b.txt', new TextEncoder().encode('only for B'))).id;
    await Promise.all(Array.from({ length: 51 }, (_, i) => aFolder(b, { name: `b-${i}` })));
    bCursor = (await call('com_drive/drive_info', { page_size: 50 }, b.token)).body.data!.next_cursor!;
  });

  it("auth: A's password does not open B's account of the same user ID, and A's calls touch A's user only", async () => {
    const wrong = await call('login/login_btn', { kyk_id: b.kykId, user_id: 'admin', password: a.password, force_flg: 1 });
    expect(wrong.body.code).toBe(-990000010001);
    expect((await call('com/check_login_info', {}, b.token)).body.code).toBe(0);

    // Both contracts have a user "admin": A's language change must not reach B's.
    expect((await call('com/chang_language', { language: 'ja' }, a.token)).body.data?.user).toMatchObject({ kyk_id: a.kykId, language: 'ja' });
    expect((await call('com/get_login_user_info', {}, b.token)).body.data?.user).toMatchObject({ kyk_id: b.kykId, language: 'en' });
    await call('com/chang_language', { language: 'en' }, a.token);

    // A's sign-out ends A's session only.
    const aSecond = await signIn(a.kykId, 'admin', a.password, 1);
    await call('login/logout_btn', {}, aSecond);
    expect((await call('com/check_login_info', {}, b.token)).body.code).toBe(0);
    a.token = await signIn(a.kykId, 'admin', a.password, 1);
  });

  it('drive: A cannot list, read, create in or download from B', async () => {
    expect((await call('com_drive/drive_info', {}, a.token)).body.data?.items).toEqual([]);
    expect((await call('com_drive/drive_info', { folder_id: bFolder }, a.token)).body.code).toBe(-3);
    expect((await call('com_drive/file_info', { id: bFile }, a.token)).body.code).toBe(-3);
    expect((await call('com_drive/download', { id: bFile }, a.token)).body.code).toBe(-3);
    expect((await call('com_drive/folder_reg_btn', { parent_id: bFolder, name: 'intrusion' }, a.token)).body.code).toBe(-3);
    expect((await call('com_drive/file_reg_btn', { folder_id: bFolder, name: 'intrusion.txt', size: 1 }, a.token)).body.code).toBe(-3);
    expect((await call('com_drive/drive_info', { folder_id: bFolder }, b.token)).body.data?.items.map((item) => item.name)).toEqual(['b.txt']);
  });

  it("drive search: A's token finds nothing of B's, even with B's folder as the scope or B's cursor", async () => {
    const bSearch = await call('com_drive/search', { name: 'b-', page_size: 50 }, b.token);
    expect(bSearch.body.data?.items).toHaveLength(50);
    for (const name of ['secrets', 'b-', 'b.txt']) expect((await call('com_drive/search', { name }, a.token)).body.data?.items).toEqual([]);
    expect((await call('com_drive/search', {}, a.token)).body.data?.items).toEqual([]);
    expect((await call('com_drive/search', { name: 'b', folder_id: bFolder }, a.token)).body.code).toBe(-3);
    const withBCursor = await call('com_drive/search', { name: 'b-', page_size: 50, cursor: bSearch.body.data!.next_cursor! }, a.token);
    expect(withBCursor.body.data?.items ?? []).toEqual([]);
  });

  it("drive: A can neither re-sign parts of nor complete B's multipart upload", async () => {
    const size = MULTIPART_THRESHOLD_BYTES + 1;
    const registered = await call('com_drive/file_reg_btn', { folder_id: 'root', name: 'b-large.bin', size }, b.token);
    const upload = registered.body.data!.upload;
    if (upload.method !== 'MULTIPART') throw new Error('expected a multipart upload');
    const id = registered.body.data!.item.id;
    const intrusion = await call('com_drive/file_upload_complete', { id, upload_id: upload.upload_id, parts: [{ part_number: 1, etag: '"x"' }] }, a.token);
    expect(intrusion.body.code).toBe(-3);
    const parts = await call('com_drive/file_upload_parts', { id, upload_id: upload.upload_id, part_numbers: [1] }, a.token);
    expect(parts.body.code).toBe(-3);
    expect(parts.body.data).toBeNull();
    expect((await call('com_drive/file_info', { id }, b.token)).body.data?.item.status).toBe('pending');
  });

  it("drive: B's cursor replayed by A pages A's own (empty) root, never B's", async () => {
    const page = await call('com_drive/drive_info', { page_size: 50, cursor: bCursor }, a.token);
    expect(page.body.code).toBe(0);
    expect(page.body.data?.items).toEqual([]);
  });

  it("audit: A's administrator reads A's log only, by time, by user and by item; B's common tags stay B's", async () => {
    const since = new Date(Date.now() - 3_600_000).toISOString();
    const bTag = (await call('com/tag_info_save_btn', { name: 'B only' }, b.token)).body.data!.tag;
    const aLog = (await call('com/audit_log_list', { since }, a.token)).body.data!.records;
    expect(aLog.some((record) => record.target_id === bTag.id || record.target_id === bFolder)).toBe(false);
    expect((await call('com/audit_log_list', { since, target_type: 'tag', target_id: bTag.id }, a.token)).body.data!.records).toEqual([]);
    expect((await call('com/audit_log_list', { since, target_type: 'tag', target_id: bTag.id }, b.token)).body.data!.records).toHaveLength(1);
    expect((await call('com/tag_info_list', {}, a.token)).body.data!.tags.map((tag) => tag.name)).not.toContain('B only');
    expect((await call('com/tag_info_del_btn', { id: bTag.id }, a.token)).body.code).toBe(-3);
  });

  it("property items: A never reads, changes or deletes B's items by their numbers, nor uses B's value ids on its files", async () => {
    const saved = await call('com/property_item_save_btn', { name: 'B only', required: 0, used: 1, type: 'fixed', values: [{ name: 'Secret' }] }, b.token);
    expect(saved.body.code).toBe(0);
    const item = saved.body.data!.item;
    expect((await call('com/property_item', {}, a.token)).body.data?.items.some((own) => own.name === 'B only')).toBe(false);
    expect((await call('com/property_item_save_btn', { item_no: item.item_no, row_version: 1, name: 'Taken', required: 0, used: 1, type: 'date' }, a.token)).body.code).toBe(-3);
    expect((await call('com/property_item_del_btn', { item_no: item.item_no, row_version: 1 }, a.token)).body.code).toBe(-3);
    const borrowed = await call('com_drive/file_reg_btn', { name: 'a.pdf', size: 1, properties: { [item.item_no]: item.values![0]!.id } }, a.token);
    expect(borrowed.body.code).toBe(-4);
    expect((await call('com/property_item', {}, b.token)).body.data?.items.find((own) => own.item_no === item.item_no)).toEqual(item);
  });
});
