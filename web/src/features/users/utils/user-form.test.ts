import { describe, expect, it } from 'vitest';
import { userRegisterRequest, userUpdateRequest, type UserDetail } from '@shared/schemas/users.ts';
import { filterRequest, noUserFilters } from './list-filters.ts';
import { userHref, userPageView } from './hrefs.ts';
import { canSuspend, canUnsuspend, emptyUserForm, errorsOutsideSimpleMode, registerBody, updateBody, userFormFromUser } from './user-form.ts';

const detail: UserDetail = {
  kyk_id: 'demo', user_id: 'u1', user_nm: 'Ann', email: 'ann@example.com', phone: '03-1234-5678', language: 'ja',
  corp_id: '7d1f0b7e-4c1a-4d5e-9a63-1f2f3e4d5c6b', corp_nm: 'Acme', department: 'Sales', post: 'Lead',
  groups: { ata: '0b8e7e26-8d6a-4f55-8c2f-0a3c5b2c1d4e' }, group_names: { ata: 'Admins' },
  ata_admin_permission: 1, atp_admin_permission: 0, atk_admin_permission: 0, atc_admin_permission: 0,
  atc_lapse_flg: 0, atk_lapse_flg: 1, atp_lapse_flg: 0, ata_corp_permission: 0, file_regist_method: 1,
  indiv_permission_flg: 0, indiv_com_drive_permission: 2, status: 0, password_change_required: 0, totp_registered: 0,
  row_version: 3, regist_date: '', regist_user_nm: '', update_date: '', update_user_nm: '',
};

describe('registerBody', () => {
  it('sends only the simple fields in simple mode, without an empty password', () => {
    const values = { ...emptyUserForm('en'), user_id: ' u2 ', user_nm: 'Bo', email: ' bo@example.com ', department: 'ignored' };
    const body = registerBody(values, 0);
    expect(body).toEqual({ regist_mode: 0, user_id: 'u2', user_nm: 'Bo', email: 'bo@example.com', language: 'en', groups: { ata: null } });
    expect(userRegisterRequest.safeParse(body).success).toBe(true);
  });
  it('sends every field in detailed mode, and the password when typed', () => {
    const values = { ...userFormFromUser(detail), user_id: 'u2', password: 'Secret-123' };
    const body = registerBody(values, 1);
    expect(body).toMatchObject({ regist_mode: 1, user_id: 'u2', corp_id: detail.corp_id, department: 'Sales', atk_lapse_flg: 1, password: 'Secret-123' });
    expect(userRegisterRequest.safeParse(body).success).toBe(true);
  });
});

describe('updateBody', () => {
  it('round-trips a user and clears the individual drive permission when the flag is off', () => {
    const body = updateBody(userFormFromUser(detail), detail);
    expect(body).toMatchObject({ user_id: 'u1', row_version: 3, indiv_com_drive_permission: 0, groups: { ata: detail.groups.ata, atp: null } });
    expect(userUpdateRequest.safeParse(body).success).toBe(true);
  });
});

describe('helpers', () => {
  it('tells errors outside the simple mode', () => {
    expect(errorsOutsideSimpleMode({ user_id: 'x', 'groups.ata': 'y' })).toBe(false);
    expect(errorsOutsideSimpleMode({ corp_id: 'x' })).toBe(true);
  });
  it('knows which statuses can be suspended or unsuspended', () => {
    expect([0, 1, 9].map((status) => [canSuspend({ status }), canUnsuspend({ status })])).toEqual([
      [true, false],
      [false, true],
      [false, true],
    ]);
  });
  it('builds the list filters, leaving out empty ones', () => {
    expect(filterRequest(noUserFilters)).toEqual({});
    expect(filterRequest({ ...noUserFilters, department: ' Sales ', status: 9, group: { id: 'g', name: 'G' } })).toEqual({
      department: 'Sales',
      status: 9,
      user_group_id: 'g',
    });
  });
  it('maps /user URLs', () => {
    expect(userPageView(new URLSearchParams(userHref('a b', true).split('?')[1]))).toEqual({ kind: 'detail', userId: 'a b', edit: true });
    expect(userPageView(new URLSearchParams('mode=new'))).toEqual({ kind: 'register' });
    expect(userPageView(new URLSearchParams(''))).toEqual({ kind: 'none' });
  });
});
