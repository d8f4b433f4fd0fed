import { describe, expect, it } from 'vitest';
import type { UserGroup } from '@shared/schemas/groups.ts';
import { keepAll, permissionUpdates } from './bulk-permissions.ts';

const group = (id: string, admin: 0 | 1, drive: 0 | 1 | 2 | 3, version = 1): UserGroup => ({
  user_group_id: id,
  product: 'ata',
  user_group_nm: id,
  note: '',
  admin_permission: admin,
  com_drive_permission: drive,
  two_step: 0,
  mfa_valid_days: 30,
  user_count: 0,
  row_version: version,
  regist_date: '',
  regist_user_nm: '',
  update_date: '',
  update_user_nm: '',
});

describe('permissionUpdates', () => {
  const groups = [group('a', 0, 0, 3), group('b', 1, 3, 7), group('c', 1, 1)];

  it('sends nothing when every setting is kept', () => {
    expect(permissionUpdates(groups, keepAll)).toEqual([]);
  });

  it('sends only changed fields of changed groups, with their row versions', () => {
    expect(permissionUpdates(groups, { admin_permission: 1, com_drive_permission: 'keep' })).toEqual([{ user_group_id: 'a', row_version: 3, admin_permission: 1 }]);
    expect(permissionUpdates(groups, { admin_permission: 'keep', com_drive_permission: 3 })).toEqual([
      { user_group_id: 'a', row_version: 3, com_drive_permission: 3 },
      { user_group_id: 'c', row_version: 1, com_drive_permission: 3 },
    ]);
    expect(permissionUpdates(groups, { admin_permission: 0, com_drive_permission: 0 })).toEqual([
      { user_group_id: 'b', row_version: 7, admin_permission: 0, com_drive_permission: 0 },
      { user_group_id: 'c', row_version: 1, admin_permission: 0, com_drive_permission: 0 },
    ]);
  });
});
