import type { UserGroup } from '@shared/schemas/groups.ts';
import type { DrivePermission } from './group-form.ts';

/** A bulk edit choice: leave each group's value as it is, or set this value on all. */
export type Keep = 'keep';
export interface BulkPermissionChoice {
  admin_permission: Keep | 0 | 1;
  com_drive_permission: Keep | DrivePermission;
}

export const keepAll: BulkPermissionChoice = { admin_permission: 'keep', com_drive_permission: 'keep' };

export interface PermissionUpdate {
  user_group_id: string;
  row_version: number;
  admin_permission?: 0 | 1;
  com_drive_permission?: DrivePermission;
}

/**
 * The `updates` of `com/user_group_list_upd_btn`: only groups whose values change, each with only
 * the changed fields and the row_version the list showed (so a concurrent edit answers -201).
 */
export function permissionUpdates(groups: readonly UserGroup[], choice: BulkPermissionChoice): PermissionUpdate[] {
  const updates: PermissionUpdate[] = [];
  for (const group of groups) {
    const update: PermissionUpdate = { user_group_id: group.user_group_id, row_version: group.row_version };
    if (choice.admin_permission !== 'keep' && choice.admin_permission !== group.admin_permission) update.admin_permission = choice.admin_permission;
    if (choice.com_drive_permission !== 'keep' && choice.com_drive_permission !== group.com_drive_permission) {
      update.com_drive_permission = choice.com_drive_permission;
    }
    if (update.admin_permission !== undefined || update.com_drive_permission !== undefined) updates.push(update);
  }
  return updates;
}
