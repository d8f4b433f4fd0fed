import type { Operation } from '#lib/api-handler.ts';
import { auditPut } from '#lib/audit.ts';
import { nowIso } from '#lib/data/table.ts';
import { transactWrite, type LabelledItem } from '#lib/data/transact.ts';
import { versionedUpdateItem } from '#lib/data/versioned.ts';
import { userIndexKeys, userKey } from '#data/users.ts';
import { DomainError, isConditionalCheckFailure } from '#lib/errors.ts';
import { corpMemberPut, groupMemberCopyUpdate } from '#data/user-directory.ts';
import { userGramChanges } from '#data/user-search.ts';
import { advance, requirePending } from './sign-in-flow.ts';

/**
 * login_info_change: the user completes their name and e-mail address when the account lacks them
 * or an administrator asked for it (-990000010008), then the sign-in goes on. The user-list index
 * keys follow the name in the same write.
 */
export const loginInfoChange: Operation<'login/login_info_change'> = async ({ input, log, sourceIp, userAgent, requestId }) => {
  const { pending, user } = await requirePending(input.ticket, 'info-change', sourceIp);
  const now = nowIso();
  const changed = { ...user, user_nm: input.user_nm.trim(), email: input.email.trim(), info_change_required: 0 as const };
  const index = userIndexKeys(changed);
  // Member items of the user's legal entity and groups carry copies of the name and e-mail.
  const copies: LabelledItem[] = [
    ...(changed.corp_id && changed.user_nm !== user.user_nm ? [corpMemberPut(user.kyk_id, changed.corp_id, changed)] : []),
    ...Object.values(user.groups ?? {}).filter((id): id is string => !!id).map((groupId) => groupMemberCopyUpdate(user.kyk_id, groupId, changed)),
  ];
  try {
    await transactWrite([
      ...copies,
      versionedUpdateItem('user', {
        key: userKey(user.kyk_id, user.user_id),
        expectedVersion: user.row_version,
        set: { user_nm: changed.user_nm, email: changed.email, gsi2sk: index.gsi2sk, update_date: now, update_user_id: user.user_id, update_user_nm: changed.user_nm },
        remove: ['info_change_required'],
      }),
      // The list's search follows the new name and e-mail (user-search.ts).
      ...userGramChanges(user, changed),
      auditPut({ kykId: user.kyk_id, userId: user.user_id, userName: changed.user_nm, requestId, sourceIp }, {
        action: 'user.info_change', targetType: 'user', targetId: user.user_id,
        before: { user_nm: user.user_nm, email: user.email }, after: { user_nm: changed.user_nm, email: changed.email },
      }),
    ]);
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new DomainError('editedByAnotherUser');
    throw error;
  }
  const state = { pending, replace: pending.replace, mfaDone: pending.mfa_done, policyFailed: pending.policy_failed };
  return advance({ ...changed, row_version: user.row_version + 1 }, state, { log, sourceIp, userAgent, requestId });
};
