import { randomUUID } from 'node:crypto';
import { auditActor, type Operation } from '#lib/api-handler.ts';
import { nowIso } from '#lib/data/table.ts';
import { DomainError, InputError } from '#lib/errors.ts';
import { getGroup, groupNameKey, GroupNameTakenError, MemberConflictError, saveGroup, toUserGroup, UnknownUsersError, type GroupRecord } from '#data/groups.ts';
import { unique } from './common.ts';

/**
 * Creates a group in a product with its first members. The name is unique in the product
 * (case-insensitive); unknown user IDs are refused before anything is written.
 */
export const registerGroup: Operation<'com/user_group_reg_btn'> = async (context) => {
  const { caller, input } = context;
  const name = input.user_group_nm.trim();
  const now = nowIso();
  const record: GroupRecord = {
    kyk_id: caller.kykId,
    user_group_id: randomUUID(),
    product: input.product,
    user_group_nm: name,
    name_key: groupNameKey(name),
    note: input.note,
    admin_permission: input.admin_permission,
    com_drive_permission: input.com_drive_permission,
    two_step: input.two_step,
    mfa_valid_days: input.mfa_valid_days,
    user_count: 0,
    row_version: 1,
    regist_date: now,
    regist_user_nm: caller.user.user_nm,
    update_date: now,
    update_user_nm: caller.user.user_nm,
  };
  try {
    await saveGroup(auditActor(context), { kind: 'create', group: record }, unique(input.member_ids), []);
  } catch (error) {
    if (error instanceof GroupNameTakenError) throw new InputError({ user_group_nm: 'validation.groupNameDuplicate' });
    if (error instanceof UnknownUsersError) throw new InputError({ member_ids: 'validation.unknownUser' });
    if (error instanceof MemberConflictError) throw new DomainError('updateFailure');
    throw error;
  }
  const saved = await getGroup(caller.kykId, record.user_group_id);
  return { group: toUserGroup(saved ?? record) };
};
