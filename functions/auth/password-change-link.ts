import { Reply, type Operation } from '#lib/api-handler.ts';
import { DomainError } from '#lib/errors.ts';
import { PASSWORD_FIELD } from '#domain/password-rules.ts';
import { requirePasswordFields, storeNewPassword, type UserPasswordState } from '#domain/store-password.ts';
import { updatePending } from '#data/pending-sign-ins.ts';
import { giveBack, takeSourceAttempt } from '#domain/lock-out.ts';
import { advance, requirePending } from './sign-in-flow.ts';

/**
 * passchange_lnk: the password change a sign-in requires (first sign-in, administrator reset,
 * expiry, policy not met). The ticket stands for the current password; an expired one answers
 * -990000010006. Then the sign-in goes on (990000210002 with the session, or the next step).
 */
export const passwordChangeLink: Operation<'com/passchange_lnk'> = async ({ input, log, sourceIp, userAgent, requestId }) => {
  requirePasswordFields(input, { [PASSWORD_FIELD]: 'validation.newPasswordRequired', confirm_password: 'validation.confirmPasswordRequired' });
  const window = await takeSourceAttempt(sourceIp);
  const { pending, user } = await requirePending(input.ticket, 'password-change', sourceIp, () => new DomainError('loginChangePasswordTimeout'));
  // Conditional on the hash read here: of two changes with the same ticket one wins (-201 for the other).
  await storeNewPassword({
    user: user as UserPasswordState, newPassword: input.new_password, confirmPassword: input.confirm_password, log,
    actor: { kykId: user.kyk_id, userId: user.user_id, userName: user.user_nm, requestId, sourceIp },
  });
  const changed = { ...user, password_change_required: 0 as const, password_changed_at: new Date().toISOString(), row_version: user.row_version + 1 };
  const updated = await updatePending(pending, { policy_failed: false, user_version: changed.row_version });
  if (!updated) throw new DomainError('loginChangePasswordTimeout');
  await giveBack(window);
  const reply = await advance(changed, { pending: updated, replace: updated.replace, mfaDone: updated.mfa_done, policyFailed: false }, { log, sourceIp, userAgent, requestId });
  return reply.options.token ? new Reply(reply.data, { token: reply.options.token, codeName: 'passwordChanged' }) : reply;
};
