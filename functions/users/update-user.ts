import { auditActor, type Operation } from '#lib/api-handler.ts';
import { currentDetail, requireUser } from '#domain/user-records.ts';
import { applyGroupChanges, GroupVanishedError, vanishedGroupError } from '#domain/memberships.ts';
import { writeUserUpdate } from '#domain/user-update.ts';

/**
 * Saves the user form with optimistic locking on `row_version` (-201 stale, -3 gone). One
 * transaction changes the profile (and its name index key), moves the legal-entity membership (both
 * counts and member items), refreshes the name and e-mail copied onto the member items of the groups
 * the user stays in, and writes the audit record. Group changes then go through the groups module.
 * In `groups`, an absent product keeps its group, null leaves it, an id joins (or moves to) it.
 */
export const updateUser: Operation<'com/user_info_upd_btn'> = async (context) => {
  const { caller, input } = context;
  const kykId = caller.kykId;
  const before = await requireUser(kykId, input.user_id, input.row_version);

  const changes = await writeUserUpdate(auditActor(context), before, input);

  try {
    await applyGroupChanges(auditActor(context), before.user_id, changes);
  } catch (error) {
    // A group deleted in the instant between the two steps (only an empty group can be).
    if (error instanceof GroupVanishedError) throw vanishedGroupError(error);
    throw error;
  }
  return { user: await currentDetail(kykId, before.user_id) };
};
