import { auditActor, type Operation } from '#lib/api-handler.ts';
import { nowIso } from '#lib/data/table.ts';
import { DomainError, InputError } from '#lib/errors.ts';
import {
  getGroup, GroupChangedError, groupNameKey, GroupNameTakenError, MemberConflictError, saveGroup, toUserGroup, UnknownUsersError, type GroupRecord,
} from '#data/groups.ts';
import { lostRace, recordNotFound, requireGroup, unique } from './common.ts';
import { getUserConsistent } from '#data/user-directory.ts';
import type { LabelledItem } from '#lib/data/transact.ts';
import { keepAnAdministrator, takesAdministration, type AdministrationState } from '#domain/administrators.ts';

/**
 * The administrators guard when the save takes administration away (the account-area group's
 * admin flag turned off, or members removed from an administrating group); undefined otherwise.
 */
async function administrationGuard(kykId: string, before: GroupRecord, after: GroupRecord, remove: string[]): Promise<LabelledItem | undefined> {
  if (before.product !== 'ata' || before.admin_permission !== 1) return undefined;
  const demoted = after.admin_permission !== 1;
  if (!demoted && remove.length === 0) return undefined;
  const leaving = (await Promise.all(remove.map((id) => getUserConsistent(kykId, id)))).filter((user) => user?.groups?.ata === before.user_group_id);
  const users = Object.fromEntries(leaving.map((user) => [user!.user_id, { status: user!.status, ata_admin_permission: user!.ata_admin_permission, groups: { ...user!.groups, ata: undefined } } satisfies AdministrationState]));
  const change = { users, groups: { [before.user_group_id]: after.admin_permission === 1 ? 1 as const : 0 as const } };
  if (!demoted && !(await takesAdministration(kykId, Object.fromEntries(leaving.map((user) => [user!.user_id, user!])), change))) return undefined;
  return keepAnAdministrator(kykId, change);
}

/**
 * Saves the group form: its attributes (conditional on the version the caller saw, -201 otherwise)
 * and the members added or removed. Adding a user who is in another group of the same product moves
 * them; removing a user who is not a member changes nothing.
 */
export const updateGroup: Operation<'com/user_group_upd_btn'> = async (context) => {
  const { caller, input } = context;
  const add = unique(input.add_member_ids);
  const remove = unique(input.remove_member_ids);
  if (remove.some((id) => add.includes(id))) throw new InputError({ remove_member_ids: 'validation.invalidValue' });

  const before = await requireGroup(caller.kykId, input.user_group_id, input.row_version);
  const name = input.user_group_nm.trim();
  const after: GroupRecord = {
    ...before,
    user_group_nm: name,
    name_key: groupNameKey(name),
    // A field not sent keeps its stored value.
    note: input.note ?? before.note,
    admin_permission: input.admin_permission ?? before.admin_permission,
    com_drive_permission: input.com_drive_permission ?? before.com_drive_permission,
    two_step: input.two_step ?? before.two_step,
    mfa_valid_days: input.mfa_valid_days ?? before.mfa_valid_days,
    row_version: before.row_version + 1,
    update_date: nowIso(),
    update_user_nm: caller.user.user_nm,
  };
  const guard = await administrationGuard(caller.kykId, before, after, remove);
  try {
    await saveGroup(auditActor(context), { kind: 'update', before, after, ...(guard ? { guard } : {}) }, add, remove);
  } catch (error) {
    if (error instanceof GroupNameTakenError) throw new InputError({ user_group_nm: 'validation.groupNameDuplicate' });
    if (error instanceof UnknownUsersError) throw new InputError({ add_member_ids: 'validation.unknownUser' });
    if (error instanceof GroupChangedError) throw await lostRace(caller.kykId, before.user_group_id);
    if (error instanceof MemberConflictError) throw new DomainError('updateFailure');
    throw error;
  }
  const saved = await getGroup(caller.kykId, before.user_group_id);
  if (!saved) throw recordNotFound();
  return { group: toUserGroup(saved) };
};
