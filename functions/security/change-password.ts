import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { auditActor, Reply, type Operation } from '#lib/api-handler.ts';
import { auditPut } from '#lib/audit.ts';
import { db } from '#lib/clients.ts';
import { nowIso, table } from '#lib/data/table.ts';
import { userKey, type User } from '#lib/data/users.ts';
import { DomainError, InputError, isConditionalCheckFailure } from '#lib/errors.ts';
import { formatMailTime, sendMail } from '#lib/mail.ts';
import { hashPassword, verifyPassword } from '#lib/passwords.ts';
import { translate } from '#shared/messages.ts';
import { hasContent } from '#shared/validation.ts';
import { getUserConsistent } from '#functions/users/data/users.ts';
import { policyInForce } from './data/policy.ts';
import { checkNewPassword, nextHistory, PASSWORD_FIELD } from './password-rules.ts';

/** The password fields a user item carries beyond `User` (written only here). */
export type UserPasswordState = User & {
  /** Hashes of earlier passwords, newest first, trimmed to the policy's `pwd_history_count`. */
  password_history?: string[];
  /** When the password was last changed by its owner (the expiry of §3 counts from it). */
  password_changed_at?: string;
};

/**
 * A signed-in user changes their own password (SPEC.md §5, §8): the current password must be right
 * (-990000020200), the confirmation equal (-990000020300), then the contract's policy and the
 * blocklist (-990000020100..0107). The change is conditional on the hash that was checked, so two
 * concurrent changes cannot both win (-201); it clears a pending forced change and a temporary
 * password's expiry, keeps the replaced hash in the history and is audited without secrets. The
 * session stays; the user is mailed if the policy asks for it (a failed mail is only logged).
 * Success code 990000210002.
 */
export const changePassword: Operation<'com/passchange_btn'> = async (context) => {
  const { caller, input, log } = context;
  const { kykId, userId } = caller;
  const fields: Record<string, 'validation.currentPasswordRequired' | 'validation.newPasswordRequired' | 'validation.confirmPasswordRequired'> = {};
  if (!hasContent(input.current_password)) fields.current_password = 'validation.currentPasswordRequired';
  if (!hasContent(input.new_password)) fields[PASSWORD_FIELD] = 'validation.newPasswordRequired';
  if (!hasContent(input.confirm_password)) fields.confirm_password = 'validation.confirmPasswordRequired';
  if (Object.keys(fields).length > 0) throw new InputError(fields);

  const user = (await getUserConsistent(kykId, userId)) as UserPasswordState | undefined;
  if (!user || user.status !== 0) throw new DomainError('tokenTimeout');
  if (!(await verifyPassword(input.current_password, user.password_hash))) {
    throw new DomainError('passwordWrongCurrent', {}, { current_password: 'code.passwordWrongCurrent' });
  }
  if (input.confirm_password !== input.new_password) {
    throw new DomainError('passwordMismatch', {}, { confirm_password: 'code.passwordMismatch' });
  }
  const policy = await policyInForce(kykId);
  const refusal = await checkNewPassword(policy, {
    password: input.new_password, userId, currentHash: user.password_hash, historyHashes: user.password_history ?? [],
  });
  if (refusal) throw refusal;

  const now = nowIso();
  const history = nextHistory(policy, user.password_hash, user.password_history);
  try {
    await db().send(new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: table(),
            Key: userKey(kykId, userId),
            UpdateExpression: 'SET password_hash = :hash, password_changed_at = :now, password_change_required = :zero, password_history = :history, '
              + 'row_version = row_version + :one, update_date = :now, update_user_id = :by, update_user_nm = :byName REMOVE temp_password_expires_at',
            ConditionExpression: 'attribute_exists(pk) AND password_hash = :old',
            ExpressionAttributeValues: {
              ':hash': await hashPassword(input.new_password), ':now': now, ':zero': 0, ':history': history, ':one': 1,
              ':by': userId, ':byName': user.user_nm, ':old': user.password_hash,
            },
          },
        },
        auditPut(auditActor(context), {
          action: 'user.password_change', targetType: 'user', targetId: userId,
          before: { password_changed_at: user.password_changed_at ?? null, password_change_required: user.password_change_required ?? 0 },
          after: { password_changed_at: now, password_change_required: 0 },
        }),
      ],
    }));
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new DomainError('editedByAnotherUser');
    throw error;
  }

  if (policy.mail_notify_password_change === 1 && user.email) {
    const language = user.language;
    const values = { kyk_id: kykId, user_id: userId, at: formatMailTime(new Date(now), language) };
    try {
      await sendMail({ to: user.email, subject: translate(language, 'notice.passwordChangedMailSubject'), text: translate(language, 'notice.passwordChangedMailBody', values) });
    } catch (error) {
      log.error('password change mail not sent', { error, user: userId });
    }
  }
  return new Reply({}, { codeName: 'passwordChanged' });
};
