import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Operation } from '#lib/api-handler.ts';
import { auditPut } from '#lib/audit.ts';
import { db } from '#lib/clients.ts';
import { nowIso, table } from '#lib/data/table.ts';
import { userIndexKeys, userKey } from '#lib/data/users.ts';
import { DomainError, isConditionalCheckFailure } from '#lib/errors.ts';
import { corpMemberPut, groupMemberCopyUpdate, type TransactItem } from '#functions/users/data/users.ts';
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
  const copies: TransactItem[] = [
    ...(changed.corp_id && changed.user_nm !== user.user_nm ? [corpMemberPut(user.kyk_id, changed.corp_id, changed)] : []),
    ...Object.values(user.groups ?? {}).filter((id): id is string => !!id).map((groupId) => groupMemberCopyUpdate(user.kyk_id, groupId, changed)),
  ];
  try {
    await db().send(new TransactWriteCommand({
      TransactItems: [
        ...copies,
        {
          Update: {
            TableName: table(),
            Key: userKey(user.kyk_id, user.user_id),
            UpdateExpression: 'SET user_nm = :name, email = :email, gsi2sk = :nameKey, row_version = row_version + :one, update_date = :now, '
              + 'update_user_id = :by, update_user_nm = :name REMOVE info_change_required',
            ConditionExpression: 'row_version = :expected',
            ExpressionAttributeValues: {
              ':name': changed.user_nm, ':email': changed.email, ':nameKey': index.gsi2sk, ':one': 1, ':now': now, ':by': user.user_id, ':expected': user.row_version,
            },
          },
        },
        auditPut({ kykId: user.kyk_id, userId: user.user_id, userName: changed.user_nm, requestId, sourceIp }, {
          action: 'user.info_change', targetType: 'user', targetId: user.user_id,
          before: { user_nm: user.user_nm, email: user.email }, after: { user_nm: changed.user_nm, email: changed.email },
        }),
      ],
    }));
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new DomainError('editedByAnotherUser');
    throw error;
  }
  const state = { pending, replace: pending.replace, mfaDone: pending.mfa_done, policyFailed: pending.policy_failed };
  return advance({ ...changed, row_version: user.row_version + 1 }, state, { log, sourceIp, userAgent, requestId });
};
