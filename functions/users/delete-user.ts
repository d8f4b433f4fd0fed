import { keepAnAdministrator, takesAdministration } from '#domain/administrators.ts';
import { auditActor, type Operation } from '#lib/api-handler.ts';
import { auditPut } from '#lib/audit.ts';
import { nowIso } from '#lib/data/table.ts';
import { userKey, type User } from '#data/users.ts';
import { DomainError } from '#lib/errors.ts';
import { productAreas } from '#shared/schemas/groups.ts';
import { corpUserCountUpdate } from '#data/corps.ts';
import { auditView, editedByAnotherUser, lostRace, recordNotFound, refuseSelf, requireUser } from '#domain/user-records.ts';
import { corpMemberDelete, deleteKeys, getUserConsistent, listDeviceKeys, userCountChange } from '#data/user-directory.ts';
import { applyGroupChanges } from '#domain/memberships.ts';
import { versionedUpdateItem } from '#lib/data/versioned.ts';
import { TransactionFailed, transactWrite, type LabelledItem } from '#lib/data/transact.ts';
import { userDelete } from '#data/users.ts';
import { sessionDelete } from '#data/sessions.ts';
import { pendingDelete } from '#data/pending-sign-ins.ts';
import { deviceDelete } from '#data/devices.ts';
import { USER_GRAMS_MAX, userGramDeletes } from '#data/user-search.ts';

const hasGroups = (user: User): boolean => Object.values(user.groups ?? {}).some((id) => typeof id === 'string');

/** Room in the final transaction for device deletions (its other items: at most 7, and the user's search grams). */
const DEVICES_IN_TRANSACTION = 90 - USER_GRAMS_MAX;
const DELETE_ATTEMPTS = 5;

/**
 * Deletes a user with optimistic locking: memberships leave their groups through the groups module
 * (counts stay exact), then one transaction deletes the profile (conditional on having no group
 * left), the legal entity's count and member item, the users counter, the session, the trusted
 * devices, and writes the audit record. A user with groups is first locked (its `row_version`
 * moves), so a form opened before cannot save over the deletion. Deleting yourself is refused (-2).
 */
export const deleteUser: Operation<'com/user_info_del_btn'> = async (context) => {
  const { caller, input } = context;
  const kykId = caller.kykId;
  const actor = auditActor(context);
  refuseSelf(caller, input.user_id);
  const original = await requireUser(kykId, input.user_id, input.row_version);
  let current = original;
  // Two administrators deleting each other at once must not both succeed: the first write carries the guard.
  const guard = (await takesAdministration(kykId, { [original.user_id]: original }, { users: { [original.user_id]: null } }))
    ? [await keepAnAdministrator(kykId, { users: { [original.user_id]: null } }, 'deleteFailure')] : [];

  if (hasGroups(current)) {
    try {
      await transactWrite([...guard.splice(0), versionedUpdateItem('user', {
        key: userKey(kykId, current.user_id),
        expectedVersion: current.row_version,
        set: { update_date: nowIso(), update_user_id: caller.userId, update_user_nm: caller.user.user_nm },
      })]);
    } catch (error) {
      if (error instanceof TransactionFailed && error.failed('user')) throw await lostRace(kykId, current.user_id);
      if (error instanceof TransactionFailed && error.failed('administrators')) throw editedByAnotherUser();
      throw error;
    }
  }

  for (let attempt = 1; ; attempt++) {
    if (hasGroups(current)) {
      await applyGroupChanges(actor, current.user_id, productAreas.flatMap((product) => {
        const from = current.groups?.[product];
        return from ? [{ product, to: null, from }] : [];
      }));
      const reread = await getUserConsistent(kykId, current.user_id);
      if (!reread) throw recordNotFound();
      current = reread;
      if (hasGroups(current)) {
        if (attempt >= DELETE_ATTEMPTS) throw new DomainError('deleteFailure');
        continue;
      }
    }
    const devices = await listDeviceKeys(kykId, current.user_id);
    await deleteKeys(devices.slice(DEVICES_IN_TRANSACTION));
    const items: LabelledItem[] = [
      ...guard.splice(0),
      userDelete(kykId, current.user_id, current.row_version),
      userCountChange(kykId, -1),
      sessionDelete(kykId, current.user_id),
      pendingDelete(kykId, current.user_id),
      ...(current.corp_id ? [corpUserCountUpdate(kykId, current.corp_id, -1), corpMemberDelete(kykId, current.corp_id, current.user_id)] : []),
      ...devices.slice(0, DEVICES_IN_TRANSACTION).map(deviceDelete),
      // Out of the list's search (user-search.ts).
      ...userGramDeletes(current),
      auditPut(actor, { action: 'user.delete', targetType: 'user', targetId: current.user_id, before: auditView(original), after: null }),
    ];
    try {
      await transactWrite(items);
      return {};
    } catch (error) {
      if (error instanceof TransactionFailed && error.failed('administrators')) throw editedByAnotherUser();
      if (!(error instanceof TransactionFailed && error.failed('user'))) throw error;
      const reread = await getUserConsistent(kykId, current.user_id);
      if (!reread) throw recordNotFound();
      // Without a lock taken (the user had no group), any change since the read is another save.
      if (current === original) throw editedByAnotherUser();
      // Locked: a group save added the user meanwhile; leave it too and try again.
      if (attempt >= DELETE_ATTEMPTS) throw new DomainError('deleteFailure');
      current = reread;
    }
  }
};
