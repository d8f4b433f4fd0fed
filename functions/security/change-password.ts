import { auditActor, Reply, type Operation } from '#lib/api-handler.ts';
import { DomainError } from '#lib/errors.ts';
import { verifyPassword } from '#lib/passwords.ts';
import { getUserConsistent } from '#data/user-directory.ts';
import { policyInForce } from '#data/password-policy.ts';
import { afterWrongPassword, giveBack, lockAccount, takePasswordAttempt, takeSourceAttempt } from '#domain/lock-out.ts';
import { PASSWORD_FIELD } from '#domain/password-rules.ts';
import { requirePasswordFields, storeNewPassword, type UserPasswordState } from '#domain/store-password.ts';

/**
 * A signed-in user changes their own password (SPEC.md §5, §8): the current password must be right
 * (-990000020200), then the rules of `storeNewPassword`. The session stays. Success code 990000210002.
 * Wrong current passwords count toward the sign-in lock-out (docs/sign-in.md): at the policy's
 * maximum the account locks (-990000010007) and, with it, the session ends.
 */
export const changePassword: Operation<'com/passchange_btn'> = async (context) => {
  const { caller, input, log } = context;
  requirePasswordFields(input, {
    current_password: 'validation.currentPasswordRequired', [PASSWORD_FIELD]: 'validation.newPasswordRequired', confirm_password: 'validation.confirmPasswordRequired',
  });
  const window = await takeSourceAttempt(context.sourceIp);
  const [user, policy] = await Promise.all([getUserConsistent(caller.kykId, caller.userId) as Promise<UserPasswordState | undefined>, policyInForce(caller.kykId)]);
  if (!user || user.status !== 0) throw new DomainError('tokenTimeout');
  // The current password is a guess like any other: counted first, toward the same lock-out.
  const attempt = await takePasswordAttempt(user.kyk_id, user.user_id, policy);
  if (attempt.locked) {
    await lockAccount(user, policy.max_login_attempts, policy, context);
    throw new DomainError('loginAccountLocked');
  }
  if (!(await verifyPassword(input.current_password, user.password_hash))) {
    await afterWrongPassword(user, attempt, policy, context);
    throw new DomainError('passwordWrongCurrent', {}, { current_password: 'code.passwordWrongCurrent' });
  }
  await giveBack(window, { kykId: user.kyk_id, userId: user.user_id });
  await storeNewPassword({ user, newPassword: input.new_password, confirmPassword: input.confirm_password, actor: auditActor(context), log });
  return new Reply({}, { codeName: 'passwordChanged' });
};
