import { describe, expect, it } from 'vitest';
import { call } from './support/api.ts';
import { aGroup, aUser } from './support/factories.ts';
import { csv, importFile, utf8 } from './support/imports.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

/**
 * A contract always keeps an active administrator: no update, group change, import or deletion may
 * take the last one away, and two administrators removing each other at once cannot both succeed.
 */
const LAST = 'This would leave the contract without an active administrator. Make another user an administrator first.';

const detail = async (t: TestTenant, userId: string) => (await call('com/user_info', { user_id: userId }, t.token)).body.data!.user;
const setAdmin = async (t: TestTenant, userId: string, flag: 0 | 1, token = t.token) => {
  const user = await detail(t, userId);
  return call('com/user_info_upd_btn', { user_id: userId, row_version: user.row_version, user_nm: user.user_nm, email: user.email, ata_admin_permission: flag }, token);
};

describe('the last administrator', () => {
  it('cannot remove its own administration; with another administrator it can', async () => {
    const t = await newTenant();
    const refused = await setAdmin(t, t.adminId, 0);
    expect(refused.body).toMatchObject({ code: -202, message: LAST });
    expect((await detail(t, t.adminId)).ata_admin_permission).toBe(1);

    const second = await aUser(t, { ata_admin_permission: 1, user_id: 'second1' });
    const allowed = await setAdmin(t, t.adminId, 0);
    expect(allowed.body.code, JSON.stringify(allowed.body)).toBe(0);
    expect(allowed.body.data!.user.ata_admin_permission).toBe(0);
    // Now the other administrator is the last one.
    const refusedAgain = await setAdmin({ ...t, token: second.token }, 'second1', 0);
    expect(refusedAgain.body).toMatchObject({ code: -202, message: LAST });
  });

  it('cannot lose administration given only by a group: the flag, the list save or leaving the group', async () => {
    const t = await newTenant();
    const group = await aGroup(t, { admin_permission: 1, member_ids: [t.adminId] });
    // The administrator now holds it by the group alone.
    expect((await setAdmin(t, t.adminId, 0)).body.code).toBe(0);

    const renamed = await call('com/user_group_upd_btn', { user_group_id: group.user_group_id, row_version: group.row_version, user_group_nm: group.user_group_nm, admin_permission: 0 }, t.token);
    expect(renamed.body).toMatchObject({ code: -202, message: LAST });
    const listSave = await call('com/user_group_list_upd_btn', { updates: [{ user_group_id: group.user_group_id, row_version: group.row_version, admin_permission: 0 }] }, t.token);
    expect(listSave.body).toMatchObject({ code: -202, message: LAST });
    const removed = await call('com/user_group_upd_btn', { user_group_id: group.user_group_id, row_version: group.row_version, user_group_nm: group.user_group_nm, remove_member_ids: [t.adminId] }, t.token);
    expect(removed.body).toMatchObject({ code: -202, message: LAST });
    const moved = await call('com/user_info_upd_btn', { user_id: t.adminId, row_version: (await detail(t, t.adminId)).row_version, user_nm: '管理者 太郎', email: 'admin@example.com', groups: { ata: null } }, t.token);
    expect(moved.body).toMatchObject({ code: -202, message: LAST });

    const stored = (await call('com/user_group', { user_group_id: group.user_group_id }, t.token)).body.data!;
    expect(stored.group.admin_permission).toBe(1);
    expect(stored.members.map((member) => member.user_id)).toEqual([t.adminId]);
  });

  it('lets only one of two administrators removing each other at once succeed', async () => {
    const t = await newTenant();
    const other = await aUser(t, { ata_admin_permission: 1, user_id: 'rival1' });
    const [me, them] = [await detail(t, t.adminId), await detail(t, 'rival1')];
    const demote = (user: typeof me, token: string) =>
      call('com/user_info_upd_btn', { user_id: user.user_id, row_version: user.row_version, user_nm: user.user_nm, email: user.email, ata_admin_permission: 0 }, token);
    const [first, second] = await Promise.all([demote(them, t.token), demote(me, other.token)]);
    // One saves; the other either counted the administrator the first removes (and lost the race, -201) or saw it gone (-202).
    expect([first.body.code, second.body.code].filter((code) => code === 0)).toHaveLength(1);
    const survivor = first.body.code === 0 ? t.token : other.token;
    const left = await call('com/user_info_list', {}, survivor);
    expect(left.body.data!.return_list.filter((user) => user.ata_admin_permission === 1)).toHaveLength(1);
  });

  it('lets only one of two administrators deleting each other at once succeed', async () => {
    const t = await newTenant();
    const other = await aUser(t, { ata_admin_permission: 1, user_id: 'rival2' });
    const me = await detail(t, t.adminId);
    const them = await detail(t, 'rival2');
    const [mine, theirs] = await Promise.all([
      call('com/user_info_del_btn', { user_id: 'rival2', row_version: them.row_version }, t.token),
      call('com/user_info_del_btn', { user_id: t.adminId, row_version: me.row_version }, other.token),
    ]);
    expect([mine.body.code, theirs.body.code].filter((code) => code === 0)).toHaveLength(1);
    const left = await call('com/user_info_list', {}, mine.body.code === 0 ? t.token : other.token);
    expect(left.body.data!.return_list.filter((user) => user.ata_admin_permission === 1)).toHaveLength(1);
  });

  it('refuses an import row that would remove the last administrator, and saves the others', async () => {
    const t = await newTenant();
    const PRODUCTS = ['ata', 'atp', 'atk', 'atc', 'atw', 'atd', 'ato'];
    const FLAGS = ['ata_admin_permission', 'atp_admin_permission', 'atk_admin_permission', 'atc_admin_permission', 'atc_lapse_flg', 'atk_lapse_flg', 'atp_lapse_flg', 'ata_corp_permission', 'file_regist_method'];
    const columns = ['user_id', 'user_nm', 'email', 'phone', 'language', 'corp_cd', 'department', 'post', ...PRODUCTS.map((product) => `group_${product}`), ...FLAGS, 'status'];
    const line = (values: Record<string, string>) => columns.map((column) => values[column] ?? '').join(',');
    const { rows } = await importFile('com/user_import', t.token, utf8(csv(columns.join(','),
      line({ user_id: t.adminId, user_nm: '管理者 太郎', email: 'admin@example.com', ata_admin_permission: '0' }),
      line({ user_id: 'newbie9', user_nm: 'Newbie', email: 'newbie9@example.com' }),
    )));
    expect(rows.map((row) => [row.result, row.messages])).toEqual([['error', [LAST]], ['ok', ['No password yet: this user cannot sign in until an administrator resets the password.']]]);
    expect((await detail(t, t.adminId)).ata_admin_permission).toBe(1);
    expect((await detail(t, 'newbie9')).user_nm).toBe('Newbie');
  });
});
