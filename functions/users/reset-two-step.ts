import { auditActor, type Operation } from '#lib/api-handler.ts';
import { auditPut } from '#lib/audit.ts';
import { nowIso } from '#lib/data/table.ts';
import { userKey, type User } from '#data/users.ts';
import { auditView, currentDetail, lostRace, requireUser } from '#domain/user-records.ts';
import { deleteKeys, listDeviceKeys } from '#data/user-directory.ts';
import { versionedUpdateItem } from '#lib/data/versioned.ts';
import { TransactionFailed, transactWrite } from '#lib/data/transact.ts';
import { deviceDelete } from '#data/devices.ts';

/** Room in the transaction for device deletions beside the profile update and the audit record. */
const DEVICES_IN_TRANSACTION = 95;

/**
 * Forgets the user's trusted second-step devices (`DEVICE#...` items in the user's partition,
 * written by sign-in in issue 4), so every device is asked for the second step again. The profile's
 * `row_version` moves, with optimistic locking and an audit record naming how many were removed.
 */
export const resetTwoStep: Operation<'com/user_info_reset_twostep_key_btn'> = async (context) => {
  const { caller, input } = context;
  const kykId = caller.kykId;
  const before = await requireUser(kykId, input.user_id, input.row_version);
  const devices = await listDeviceKeys(kykId, before.user_id);
  const after: User = { ...before, row_version: before.row_version + 1, update_date: nowIso(), update_user_id: caller.userId, update_user_nm: caller.user.user_nm };
  try {
    await transactWrite([
      versionedUpdateItem('user', {
        key: userKey(kykId, before.user_id),
        expectedVersion: before.row_version,
        set: { update_date: after.update_date, update_user_id: caller.userId, update_user_nm: caller.user.user_nm },
      }),
      ...devices.slice(0, DEVICES_IN_TRANSACTION).map(deviceDelete),
      auditPut(auditActor(context), {
        action: 'user.twostep_reset', targetType: 'user', targetId: before.user_id,
        before: auditView(before), after: { ...auditView(after), devices_removed: devices.length },
      }),
    ]);
  } catch (error) {
    if (error instanceof TransactionFailed && error.failed('user')) throw await lostRace(kykId, before.user_id);
    throw error;
  }
  // More devices than one transaction holds (policies allow a handful): the rest after the commit.
  await deleteKeys(devices.slice(DEVICES_IN_TRANSACTION));
  return { user: await currentDetail(kykId, before.user_id) };
};
