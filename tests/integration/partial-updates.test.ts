import { beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/api.ts';
import { aCorp, aGroup } from './support/factories.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

/**
 * Update calls never reset what a client did not send: a field left out keeps its stored value
 * (the user, group, legal-entity and password-policy saves); registrations keep their defaults.
 */
describe('partial updates', () => {
  let t: TestTenant;
  beforeAll(async () => { t = await newTenant(); });

  it('keeps the language, phone, department and flags of a user when the update leaves them out', async () => {
    const corp = await aCorp(t);
    const registered = await call('com/user_info_reg_btn', {
      regist_mode: 1, user_id: 'partial1', user_nm: 'Partial', email: 'partial1@example.com', language: 'en', phone: '03-1234-5678',
      department: 'Sales', corp_id: corp.corp_id, file_regist_method: 1, ata_corp_permission: 1,
    }, t.token);
    expect(registered.body.code, JSON.stringify(registered.body)).toBe(990000210001);
    const before = registered.body.data!.user;
    const updated = await call('com/user_info_upd_btn', { user_id: 'partial1', row_version: before.row_version, user_nm: 'Partial renamed', email: before.email }, t.token);
    expect(updated.body.code, JSON.stringify(updated.body)).toBe(0);
    expect(updated.body.data!.user).toMatchObject({
      user_nm: 'Partial renamed', language: 'en', phone: '03-1234-5678', department: 'Sales', corp_id: corp.corp_id, file_regist_method: 1, ata_corp_permission: 1,
    });
    // A value that is sent still changes, null included (no legal entity).
    const cleared = await call('com/user_info_upd_btn', { user_id: 'partial1', row_version: updated.body.data!.user.row_version, user_nm: 'Partial renamed', email: before.email, corp_id: null, phone: '' }, t.token);
    expect(cleared.body.data!.user).toMatchObject({ corp_id: null, phone: '', language: 'en' });
  });

  it('keeps the note and rights of a group, and the address of a legal entity', async () => {
    const group = await aGroup(t, { note: 'Keep me', admin_permission: 1, com_drive_permission: 3, two_step: 1, mfa_valid_days: 14 });
    const renamed = await call('com/user_group_upd_btn', { user_group_id: group.user_group_id, row_version: group.row_version, user_group_nm: 'Renamed group' }, t.token);
    expect(renamed.body.code, JSON.stringify(renamed.body)).toBe(0);
    expect(renamed.body.data!.group).toMatchObject({ user_group_nm: 'Renamed group', note: 'Keep me', admin_permission: 1, com_drive_permission: 3, two_step: 1, mfa_valid_days: 14 });

    const corp = await aCorp(t, { address: '1-1 Chiyoda', tel: '03-0000-0000', note: 'HQ' });
    const changed = await call('com/corp_info_upd_btn', { corp_id: corp.corp_id, row_version: corp.row_version, corp_cd: corp.corp_cd, corp_nm: 'New name' }, t.token);
    expect(changed.body.code, JSON.stringify(changed.body)).toBe(0);
    expect(changed.body.data!.corp).toMatchObject({ corp_nm: 'New name', address: '1-1 Chiyoda', tel: '03-0000-0000', note: 'HQ' });
  });

  it('keeps the password-policy settings a save leaves out', async () => {
    const first = await call('com/security_info', {}, t.token);
    const saved = await call('com/security_info_save_btn', { row_version: first.body.data!.row_version, max_login_attempts: 7, pwd_expiry_days: 90 }, t.token);
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    const again = await call('com/security_info_save_btn', { row_version: saved.body.data!.row_version, pwd_min_len_val: 12 }, t.token);
    expect(again.body.code, JSON.stringify(again.body)).toBe(0);
    expect((await call('com/security_info', {}, t.token)).body.data!.policy).toMatchObject({ max_login_attempts: 7, pwd_expiry_days: 90, pwd_min_len_val: 12 });
  });
});
