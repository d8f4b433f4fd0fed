import { auditActor, type Operation } from '#lib/api-handler.ts';
import { auditPut } from '#lib/audit.ts';
import { nowIso } from '#lib/data/table.ts';
import { userKey, type User } from '#data/users.ts';
import { auditView, currentDetail, lostRace, requireUser } from '#domain/user-records.ts';
import { versionedUpdateItem } from '#lib/data/versioned.ts';
import { TransactionFailed, transactWrite } from '#lib/data/transact.ts';

/**
 * Removes the user's authenticator registration (`totp_secret`, `totp_last_step`), so the next
 * sign-in registers a new one; optimistic locking and an audit record (never the secret).
 */
export const resetTotp: Operation<'com/user_info_totpdel_btn'> = async (context) => {
  const { caller, input } = context;
  const kykId = caller.kykId;
  const before = await requireUser(kykId, input.user_id, input.row_version);
  const { totp_secret: _secret, totp_last_step: _step, ...rest } = before;
  const after: User = { ...rest, row_version: before.row_version + 1, update_date: nowIso(), update_user_id: caller.userId, update_user_nm: caller.user.user_nm };
  try {
    await transactWrite([
      versionedUpdateItem('user', {
        key: userKey(kykId, before.user_id),
        expectedVersion: before.row_version,
        set: { update_date: after.update_date, update_user_id: caller.userId, update_user_nm: caller.user.user_nm },
        remove: ['totp_secret', 'totp_last_step'],
      }),
      auditPut(auditActor(context), { action: 'user.totp_reset', targetType: 'user', targetId: before.user_id, before: auditView(before), after: auditView(after) }),
    ]);
  } catch (error) {
    if (error instanceof TransactionFailed && error.failed('user')) throw await lostRace(kykId, before.user_id);
    throw error;
  }
  return { user: await currentDetail(kykId, before.user_id) };
};
