import { auditActor, type Operation } from '#lib/api-handler.ts';
import { auditPut } from '#lib/audit.ts';
import { nowIso } from '#lib/data/table.ts';
import { userKey, type User } from '#data/users.ts';
import { DomainError, InputError } from '#lib/errors.ts';
import { formatMailTime, sendMail } from '#lib/mail.ts';
import { hashPassword } from '#lib/passwords.ts';
import { translate } from '#shared/messages.ts';
import { auditView, currentDetail, lostRace, requireUser, tempPasswordExpiry, temporaryPassword } from '#domain/user-records.ts';
import { versionedUpdateItem } from '#lib/data/versioned.ts';
import { TransactionFailed, transactWrite } from '#lib/data/transact.ts';
import { sessionDelete } from '#data/sessions.ts';

/**
 * An administrator's password reset: a random temporary password (stored only as its hash) that
 * expires after 24 hours and must be changed at the next sign-in; the user's session ends in the
 * same transaction. `delivery: 'show'` answers the password once; `'mail'` sends it to the user's
 * address and answers null. If that mail cannot be sent the answer is -202: the reset stands, so
 * the administrator resets again (or shows it).
 */
export const resetPassword: Operation<'com/user_info_passchge_btn'> = async (context) => {
  const { caller, input, log } = context;
  const kykId = caller.kykId;
  const before = await requireUser(kykId, input.user_id, input.row_version);
  if (input.delivery === 'mail' && !before.email) throw new InputError({ delivery: 'validation.noEmailToSend' });

  const password = temporaryPassword();
  const expiresAt = tempPasswordExpiry();
  const after: User = {
    ...before, password_change_required: 1, temp_password_expires_at: expiresAt, row_version: before.row_version + 1,
    update_date: nowIso(), update_user_id: caller.userId, update_user_nm: caller.user.user_nm,
  };
  try {
    await transactWrite([
      versionedUpdateItem('user', {
        key: userKey(kykId, before.user_id),
        expectedVersion: before.row_version,
        set: {
          password_hash: await hashPassword(password), password_change_required: 1, temp_password_expires_at: expiresAt,
          update_date: after.update_date, update_user_id: caller.userId, update_user_nm: caller.user.user_nm,
        },
      }),
      sessionDelete(kykId, before.user_id),
      auditPut(auditActor(context), {
        action: 'user.password_reset', targetType: 'user', targetId: before.user_id,
        before: auditView(before), after: { ...auditView(after), temp_password_expires_at: expiresAt, delivery: input.delivery },
      }),
    ]);
  } catch (error) {
    if (error instanceof TransactionFailed && error.failed('user')) throw await lostRace(kykId, before.user_id);
    throw error;
  }

  if (input.delivery === 'mail') {
    const language = before.language;
    try {
      await sendMail({
        to: before.email,
        subject: translate(language, 'notice.passwordResetMailSubject'),
        text: translate(language, 'notice.passwordResetMailBody', {
          kyk_id: kykId, user_id: before.user_id, password, until: formatMailTime(new Date(expiresAt), language),
        }),
      });
    } catch (error) {
      log.error('password reset mail not sent', { error, user: before.user_id });
      throw new DomainError('updateFailure');
    }
  }
  return { user: await currentDetail(kykId, before.user_id), temporary_password: input.delivery === 'show' ? password : null };
};
