import { auditPut } from '#lib/audit.ts';
import { auditActor, type Operation } from '#lib/api-handler.ts';
import { nowIso } from '#lib/data/table.ts';
import { InputError } from '#lib/errors.ts';
import {
  getGroups, GroupChangedError, groupUpdateItem, groupVersionCheckItem, toUserGroup, updateGroups, type GroupRecord,
} from '#data/groups.ts';
import { editedByAnotherUser, recordNotFound } from './common.ts';
import { keepAnAdministrator } from '#domain/administrators.ts';

/**
 * Saves permission changes of several groups from the list in one transaction: all of them or none.
 * Every entry is conditional on the version the caller saw; an entry that changes nothing is still
 * checked, so the save never commits over a group someone else edited.
 */
export const updateGroupList: Operation<'com/user_group_list_upd_btn'> = async (context) => {
  const { caller, input } = context;
  const ids = input.updates.map((update) => update.user_group_id);
  if (new Set(ids).size !== ids.length) throw new InputError({ updates: 'validation.invalidValue' });

  const current = await getGroups(caller.kykId, ids);
  if (ids.some((id) => !current.has(id))) throw recordNotFound();
  if (input.updates.some((update) => current.get(update.user_group_id)!.row_version !== update.row_version)) throw editedByAnotherUser();

  // Turning off administration of account-area groups must leave an administrator (guarded).
  const demoted = input.updates.filter((update) => {
    const before = current.get(update.user_group_id)!;
    return before.product === 'ata' && before.admin_permission === 1 && update.admin_permission === 0;
  });
  const guard = demoted.length > 0 ? [await keepAnAdministrator(caller.kykId, { groups: Object.fromEntries(demoted.map((update) => [update.user_group_id, 0 as const])) })] : [];
  const actor = auditActor(context);
  const now = nowIso();
  const items = input.updates.flatMap((update) => {
    const before = current.get(update.user_group_id)!;
    const admin = update.admin_permission ?? before.admin_permission;
    const drive = update.com_drive_permission ?? before.com_drive_permission;
    if (admin === before.admin_permission && drive === before.com_drive_permission) return [groupVersionCheckItem(before)];
    const after: GroupRecord = {
      ...before, admin_permission: admin, com_drive_permission: drive, row_version: before.row_version + 1, update_date: now, update_user_nm: caller.user.user_nm,
    };
    return [
      groupUpdateItem(before, after),
      auditPut(actor, { action: 'user_group.update', targetType: 'user_group', targetId: before.user_group_id, before: toUserGroup(before), after: toUserGroup(after) }),
    ];
  });
  try {
    await updateGroups([...guard, ...items]);
  } catch (error) {
    if (!(error instanceof GroupChangedError)) throw error;
    const now = await getGroups(caller.kykId, ids);
    throw ids.some((id) => !now.has(id)) ? recordNotFound() : editedByAnotherUser();
  }
  const saved = await getGroups(caller.kykId, ids);
  return { return_list: ids.flatMap((id) => (saved.has(id) ? [toUserGroup(saved.get(id)!)] : [])) };
};
