import { describe, expect, it } from 'vitest';
import { auditRecord, auditTargetName } from '#lib/audit.ts';

describe("the name an audit record keeps of its item", () => {
  it("takes the type's name field from the after, else from the before", () => {
    expect(auditTargetName({ targetType: 'user', before: { user_nm: 'Old' }, after: { user_nm: 'New' } })).toBe('New');
    expect(auditTargetName({ targetType: 'user', before: { user_nm: 'Deleted' }, after: null })).toBe('Deleted');
    expect(auditTargetName({ targetType: 'user_group', before: null, after: { user_group_nm: 'Sales', note: 'x' } })).toBe('Sales');
    expect(auditTargetName({ targetType: 'corp', before: { corp_nm: '株式会社A', corp_cd: 'A' }, after: null })).toBe('株式会社A');
    expect(auditTargetName({ targetType: 'tag', before: { name: 'Old tag' }, after: { name: 'New tag' } })).toBe('New tag');
    expect(auditTargetName({ targetType: 'folder', before: { name: 'Contracts', acl: null }, after: { name: 'Contracts', acl: {} } })).toBe('Contracts');
    expect(auditTargetName({ targetType: 'file', before: null, after: { item_name: '見積書.pdf', link_id: 'l' } })).toBe('見積書.pdf');
  });

  it("ignores other fields' names and an empty name, and gives none for a change that holds none", () => {
    // A user's change does not name the user by their company's name.
    expect(auditTargetName({ targetType: 'user', before: null, after: { corp_nm: 'A', user_nm: '' } })).toBeNull();
    expect(auditTargetName({ targetType: 'user', before: { user_nm: '  ' }, after: { user_nm: 'Kept' } })).toBe('Kept');
    expect(auditTargetName({ targetType: 'file', before: { link_id: 'l' }, after: { link_id: 'l', revoked_at: 'now' } })).toBeNull();
    expect(auditTargetName({ targetType: 'settings', before: { name: 'x' }, after: null })).toBeNull();
    expect(auditTargetName({ targetType: 'user', before: 'text', after: ['user_nm'] })).toBeNull();
  });

  it('is written with the record when there is one, and left out when there is none', () => {
    const actor = { kykId: 'k', userId: 'admin', userName: 'Admin', requestId: 'r', sourceIp: '192.0.2.1' };
    expect(auditRecord(actor, { action: 'user.delete', targetType: 'user', targetId: 'u1', before: { user_nm: 'Hanako' }, after: null })).toMatchObject({ target_nm: 'Hanako' });
    expect(auditRecord(actor, { action: 'settings.common', targetType: 'settings', targetId: 'common', before: {}, after: {} })).not.toHaveProperty('target_nm');
  });
});
