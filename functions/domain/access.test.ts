import { describe, expect, it } from 'vitest';
import { allows, mayChangeItem, rightsFrom } from './access.ts';

const user = (fields: { admin?: 0 | 1; indiv?: 0 | 1; drive?: number } = {}) => ({
  ata_admin_permission: fields.admin ?? 0,
  indiv_permission_flg: fields.indiv ?? 0,
  indiv_com_drive_permission: fields.drive ?? 0,
});

describe('rightsFrom', () => {
  it("takes the account-area group's rights over the individual flags", () => {
    expect(rightsFrom(user({ indiv: 1, drive: 3 }), { admin_permission: 0, com_drive_permission: 1 })).toEqual({ admin: false, drive: 1, source: 'group' });
  });

  it('makes an administrator by the group or by the individual flag, with drive level 3', () => {
    expect(rightsFrom(user(), { admin_permission: 1, com_drive_permission: 0 })).toEqual({ admin: true, drive: 3, source: 'group' });
    expect(rightsFrom(user({ admin: 1 }), { admin_permission: 0, com_drive_permission: 1 })).toEqual({ admin: true, drive: 3, source: 'group' });
    expect(rightsFrom(user({ admin: 1 }), undefined)).toEqual({ admin: true, drive: 3, source: 'individual' });
  });

  it('uses the individual drive level only with the individual-permission flag', () => {
    expect(rightsFrom(user({ indiv: 1, drive: 2 }), undefined)).toEqual({ admin: false, drive: 2, source: 'individual' });
    expect(rightsFrom(user({ indiv: 0, drive: 2 }), undefined)).toEqual({ admin: false, drive: 0, source: 'individual' });
    expect(rightsFrom(user({ indiv: 1, drive: 7 }), undefined).drive).toBe(0);
  });
});

describe('allows and mayChangeItem', () => {
  const at = (drive: 0 | 1 | 2 | 3, admin = false) => ({ admin, drive, source: 'individual' as const });

  it('admits a route by its declared access', () => {
    expect(allows(at(0), 'user')).toBe(true);
    expect(allows(at(3), 'admin')).toBe(false);
    expect(allows(at(3, true), 'admin')).toBe(true);
    expect([0, 1, 2, 3].map((level) => allows(at(level as 0), 'drive-view'))).toEqual([false, true, true, true]);
    expect([0, 1, 2, 3].map((level) => allows(at(level as 0), 'drive-active'))).toEqual([false, false, true, true]);
    expect([0, 1, 2, 3].map((level) => allows(at(level as 0), 'drive-update'))).toEqual([false, false, false, true]);
  });

  it("lets active change its own items only, and update anyone's", () => {
    expect(mayChangeItem(at(1), 'u1', { regist_user_id: 'u1' })).toBe(false);
    expect(mayChangeItem(at(2), 'u1', { regist_user_id: 'u1' })).toBe(true);
    expect(mayChangeItem(at(2), 'u1', { regist_user_id: 'u2' })).toBe(false);
    expect(mayChangeItem(at(3), 'u1', { regist_user_id: 'u2' })).toBe(true);
  });
});
