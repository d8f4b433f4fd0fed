import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { MULTIPART_THRESHOLD_BYTES } from '#shared/drive-limits.ts';
import type { DriveLevel } from '#shared/routes/define.ts';
import { call, type ApiResult } from './support/api.ts';
import { uploadFile } from './support/drive.ts';
import { aFolder, aGroup, aSignedOutUser, aUser } from './support/factories.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

/**
 * The access model (functions/domain/access.ts): every drive call at every drive level, rights
 * from the account-area group or from the individual flags, and an administrator made only
 * through a group. The kit refuses before the operation runs: -101, HTTP 403, nothing written.
 */
const PERMISSION = { status: 403, body: { code: -101, msg_level: 'ERROR', data: null } };

const expectRefused = (result: ApiResult<unknown>, what: string) => expect(result, what).toMatchObject(PERMISSION);
const expectOk = (result: ApiResult<unknown>, what: string) => expect(result.body.code, `${what}: ${JSON.stringify(result.body)}`).toBe(0);

describe('drive calls at every drive level', () => {
  let t: TestTenant;
  let sharedFolderId: string;
  let sharedFileId: string;
  let adminMultipart: { id: string; upload_id: string };
  beforeAll(async () => {
    t = await newTenant();
    sharedFolderId = (await aFolder(t, { name: 'Shared' })).id;
    sharedFileId = (await uploadFile(t.token, sharedFolderId, 'shared.txt', new TextEncoder().encode('hello'))).id;
    const registered = await call('com_drive/file_reg_btn', { folder_id: 'root', name: `big-${randomUUID()}.bin`, size: MULTIPART_THRESHOLD_BYTES + 1 }, t.token);
    expectOk(registered, 'admin multipart registration');
    const upload = registered.body.data!.upload;
    if (upload.method !== 'MULTIPART') throw new Error('expected a multipart upload');
    adminMultipart = { id: registered.body.data!.item.id, upload_id: upload.upload_id };
  });

  for (const level of [0, 1, 2, 3] as const satisfies DriveLevel[]) {
    it(`individual drive level ${level}: view calls ${level >= 1 ? 'pass' : 'are refused'}, adding ${level >= 2 ? 'passes' : 'is refused'}`, async () => {
      // Registered by the administrator with an individual drive level, signed in as the SPA does.
      const { token } = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: level });
      const me = await call('com/get_login_user_info', {}, token);
      expect(me.body.data!.user.rights).toEqual({ admin: 0, drive: level, individual: 1, link_issuer_level: 3 });

      const reads = {
        list: await call('com_drive/drive_info', { folder_id: sharedFolderId }, token),
        info: await call('com_drive/file_info', { id: sharedFileId }, token),
        download: await call('com_drive/download', { id: sharedFileId }, token),
      };
      for (const [what, result] of Object.entries(reads)) (level >= 1 ? expectOk : expectRefused)(result, what);
      if (level >= 1) expect(reads.list.body.data!.items.map((item: { name: string }) => item.name)).toEqual(['shared.txt']);

      const folderName = `Mine ${randomUUID().slice(0, 8)}`;
      const folder = await call('com_drive/folder_reg_btn', { parent_id: 'root', name: folderName }, token);
      const file = await call('com_drive/file_reg_btn', { folder_id: 'root', name: `${folderName}.bin`, size: MULTIPART_THRESHOLD_BYTES + 1 }, token);
      if (level < 2) {
        expectRefused(folder, 'create folder');
        expectRefused(file, 'register file');
        // Refused before the operation ran: nothing was written.
        const root = await call('com_drive/drive_info', { page_size: 1000 }, t.token);
        expect(root.body.data!.items.map((item: { name: string }) => item.name)).not.toContain(folderName);
        expectRefused(await call('com_drive/file_upload_parts', { id: adminMultipart.id, upload_id: adminMultipart.upload_id, part_numbers: [1] }, token), 'upload parts');
        expectRefused(await call('com_drive/file_upload_complete', { id: adminMultipart.id, upload_id: adminMultipart.upload_id, parts: [{ part_number: 1, etag: '"x"' }] }, token), 'complete upload');
        return;
      }
      expectOk(folder, 'create folder');
      expectOk(file, 'register file');
      const upload = file.body.data!.upload;
      if (upload.method !== 'MULTIPART') throw new Error('expected a multipart upload');
      expectOk(await call('com_drive/file_upload_parts', { id: file.body.data!.item.id, upload_id: upload.upload_id, part_numbers: [1] }, token), 'own upload parts');
      // Another user's transfer in progress is theirs alone, whatever the level.
      expectRefused(await call('com_drive/file_upload_parts', { id: adminMultipart.id, upload_id: adminMultipart.upload_id, part_numbers: [1] }, token), "another's upload parts");
      expectRefused(await call('com_drive/file_upload_complete', { id: adminMultipart.id, upload_id: adminMultipart.upload_id, parts: [{ part_number: 1, etag: '"x"' }] }, token), "another's completion");
    });
  }

  it('the individual level counts only with the individual-permission flag', async () => {
    const user = await aSignedOutUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 3 });
    const { PutCommand, GetCommand } = await import('@aws-sdk/lib-dynamodb');
    const { db } = await import('#lib/clients.ts');
    const { userKey } = await import('#data/users.ts');
    const key = userKey(t.kykId, user.userId);
    const stored = (await db().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: key }))).Item!;
    await db().send(new PutCommand({ TableName: process.env.TABLE_NAME, Item: { ...stored, indiv_permission_flg: 0 } }));
    const token = await user.signIn();
    expectRefused(await call('com_drive/drive_info', {}, token), 'list without the flag');
  });
});

describe('rights from the account-area group', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
  });

  it("the group's drive level decides, not the member's individual flags", async () => {
    const user = await aSignedOutUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 3 });
    await aGroup(t, { product: 'ata', com_drive_permission: 1, member_ids: [user.userId] });
    const token = await user.signIn();
    expect((await call('com/get_login_user_info', {}, token)).body.data!.user.rights).toEqual({ admin: 0, drive: 1, individual: 0, link_issuer_level: 3 });
    expectOk(await call('com_drive/drive_info', {}, token), 'list with view');
    expectRefused(await call('com_drive/folder_reg_btn', { parent_id: 'root', name: 'Nope' }, token), 'create with view');
  });

  it('a group with drive level 0 shuts its members out of the drive', async () => {
    const user = await aSignedOutUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 3 });
    await aGroup(t, { product: 'ata', com_drive_permission: 0, member_ids: [user.userId] });
    const token = await user.signIn();
    expectRefused(await call('com_drive/drive_info', {}, token), 'list with none');
  });

  it('a change to the group applies to the next call of a signed-in member', async () => {
    const user = await aSignedOutUser(t);
    const group = await aGroup(t, { product: 'ata', com_drive_permission: 1, member_ids: [user.userId] });
    const token = await user.signIn();
    expectRefused(await call('com_drive/folder_reg_btn', { parent_id: 'root', name: `Later ${randomUUID().slice(0, 6)}` }, token), 'create with view');
    expectOk(await call('com/user_group_list_upd_btn', { updates: [{ user_group_id: group.user_group_id, row_version: group.row_version, com_drive_permission: 3 }] }, t.token), 'raise the level');
    expectOk(await call('com_drive/folder_reg_btn', { parent_id: 'root', name: `Later ${randomUUID().slice(0, 6)}` }, token), 'create with update');
  });

  it('an administrator made only through a group administers, and has drive level 3', async () => {
    const { userId, token } = await aUser(t);
    expectRefused(await call('com/user_info_list', {}, token), 'user list before');
    await aGroup(t, { product: 'ata', admin_permission: 1, com_drive_permission: 0, member_ids: [userId] });
    expect((await call('com/get_login_user_info', {}, token)).body.data!.user.rights).toEqual({ admin: 1, drive: 3, individual: 0, link_issuer_level: 3 });
    expectOk(await call('com/user_info_list', {}, token), 'user list');
    expectOk(await call('com/security_info', {}, token), 'security policy');
    expectOk(await call('com_drive/folder_reg_btn', { parent_id: 'root', name: `Admin ${randomUUID().slice(0, 6)}` }, token), 'create folder');
  });

  it("another product's admin group makes no administrator of this product", async () => {
    const user = await aSignedOutUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 1 });
    await aGroup(t, { product: 'atk', admin_permission: 1, com_drive_permission: 3, member_ids: [user.userId] });
    const token = await user.signIn();
    expect((await call('com/get_login_user_info', {}, token)).body.data!.user.rights).toEqual({ admin: 0, drive: 1, individual: 1, link_issuer_level: 3 });
    expectRefused(await call('com/user_info_list', {}, token), 'user list');
    expectRefused(await call('com_drive/folder_reg_btn', { parent_id: 'root', name: 'Nope' }, token), 'create folder');
  });
});
