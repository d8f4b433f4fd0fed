import { auditActor, type Operation } from '#lib/api-handler.ts';
import { DomainError } from '#lib/errors.ts';
import { deleteGroup as removeGroup, getGroup, GroupChangedError } from '#data/groups.ts';
import { editedByAnotherUser, recordNotFound, requireGroup } from './common.ts';

const hasMembers = (): DomainError => new DomainError('deleteFailure', {}, {}, 'notice.groupHasMembers');

/** Deletes an empty group (conditional on the version the caller saw); a group with members answers -203. */
export const deleteGroup: Operation<'com/user_group_del_btn'> = async (context) => {
  const { caller, input } = context;
  const group = await requireGroup(caller.kykId, input.user_group_id, input.row_version);
  if (group.user_count > 0) throw hasMembers();
  try {
    await removeGroup(auditActor(context), group);
  } catch (error) {
    if (!(error instanceof GroupChangedError)) throw error;
    const now = await getGroup(caller.kykId, group.user_group_id);
    if (!now) throw recordNotFound();
    if (now.row_version !== group.row_version) throw editedByAnotherUser();
    throw hasMembers();
  }
  return {};
};
