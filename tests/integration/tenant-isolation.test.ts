import { beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/api.ts';
import { createFolder, uploadFile } from './support/drive.ts';
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
    bFolder = (await createFolder(b.token, 'root', 'B secrets')).id;
    bFile = (await uploadFile(b.token, bFolder, 'b.txt', new TextEncoder().encode('only for B'))).id;
    await Promise.all(Array.from({ length: 51 }, (_, i) => createFolder(b.token, 'root', `b-${i}`)));
    bCursor = (await call('com_drive/drive_info', { page_size: 50 }, b.token)).body.data!.next_cursor!;
  });

  it('auth: A signs in to its own contract only; a kyk_id in the body changes nothing', async () => {
    const wrong = await call('login/login_btn', { kyk_id: b.kykId, user_id: 'admin', password: a.password, force_flg: 1 });
    expect(wrong.body.code).toBe(-990000010001);
    const me = await call('com/get_login_user_info', { kyk_id: b.kykId } as never, a.token);
    expect(me.body.code).toBe(-4);
    expect((await call('com/get_login_user_info', {}, a.token)).body.data?.user.kyk_id).toBe(a.kykId);
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

  it("drive: B's cursor replayed by A pages A's own (empty) root, never B's", async () => {
    const page = await call('com_drive/drive_info', { page_size: 50, cursor: bCursor }, a.token);
    expect(page.body.code).toBe(0);
    expect(page.body.data?.items).toEqual([]);
  });
});
