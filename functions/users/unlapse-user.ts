import { auditActor, Reply, type Operation } from '#lib/api-handler.ts';
import { auditPut } from '#lib/audit.ts';
import { nowIso } from '#lib/data/table.ts';
import { userKey, type User } from '#data/users.ts';
import { auditView, currentDetail, lostRace, requireUser } from '#domain/user-records.ts';
import { versionedUpdateItem } from '#lib/data/versioned.ts';
import { TransactionFailed, transactWrite } from '#lib/data/transact.ts';
import { clearAttemptsItem } from '#data/sign-in-attempts.ts';

/**
 * Lifts a suspension (status 1) or a lock (status 9): status 0 and the failed sign-ins forgotten, with optimistic locking. With
 * `require_password_change` 1 the user must change the password at the next sign-in
 * (990000210003); otherwise the answer is 990000210004.
 */
export const unlapseUser: Operation<'com/user_info_unlapse_btn'> = async (context) => {
  const { caller, input } = context;
  const kykId = caller.kykId;
  const before = await requireUser(kykId, input.user_id, input.row_version);
  const force = input.require_password_change === 1;
  const after: User = {
    ...before, status: 0, row_version: before.row_version + 1,
    ...(force ? { password_change_required: 1 as const } : {}),
    update_date: nowIso(), update_user_id: caller.userId, update_user_nm: caller.user.user_nm,
  };
  try {
    await transactWrite([
      versionedUpdateItem('user', {
        key: userKey(kykId, before.user_id),
        expectedVersion: before.row_version,
        set: {
          status: 0, update_date: after.update_date, update_user_id: caller.userId, update_user_nm: caller.user.user_nm,
          ...(force ? { password_change_required: 1 } : {}),
        },
        remove: ['failed_login_count'],
      }),
      clearAttemptsItem(kykId, before.user_id),
      auditPut(auditActor(context), {
        action: 'user.unlapse', targetType: 'user', targetId: before.user_id,
        before: auditView(before), after: { ...auditView(after), require_password_change: input.require_password_change },
      }),
    ]);
  } catch (error) {
    if (error instanceof TransactionFailed && error.failed('user')) throw await lostRace(kykId, before.user_id);
    throw error;
  }
  return new Reply({ user: await currentDetail(kykId, before.user_id) }, { codeName: force ? 'unsuspendedWithPasswordChange' : 'unsuspended' });
};
