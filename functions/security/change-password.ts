import { auditActor, Reply, type Operation } from '#lib/api-handler.ts';
import { DomainError } from '#lib/errors.ts';
import { verifyPassword } from '#lib/passwords.ts';
import { getUserConsistent } from '#data/user-directory.ts';
import { PASSWORD_FIELD } from '#domain/password-rules.ts';
import { requirePasswordFields, storeNewPassword, type UserPasswordState } from '#domain/store-password.ts';

/**
 * A signed-in user changes their own password (SPEC.md §5, §8): the current password must be right
 * (-990000020200), then the rules of `storeNewPassword`. The session stays. Success code 990000210002.
 */
export const changePassword: Operation<'com/passchange_btn'> = async (context) => {
  const { caller, input, log } = context;
  requirePasswordFields(input, {
    current_password: 'validation.currentPasswordRequired', [PASSWORD_FIELD]: 'validation.newPasswordRequired', confirm_password: 'validation.confirmPasswordRequired',
  });
  const user = (await getUserConsistent(caller.kykId, caller.userId)) as UserPasswordState | undefined;
  if (!user || user.status !== 0) throw new DomainError('tokenTimeout');
  if (!(await verifyPassword(input.current_password, user.password_hash))) {
    throw new DomainError('passwordWrongCurrent', {}, { current_password: 'code.passwordWrongCurrent' });
  }
  await storeNewPassword({ user, newPassword: input.new_password, confirmPassword: input.confirm_password, actor: auditActor(context), log });
  return new Reply({}, { codeName: 'passwordChanged' });
};
