import { toLoginUser } from '#data/users.ts';
import { policyInForce } from '#data/password-policy.ts';
import type { Operation } from '#lib/api-handler.ts';
import { loginRightsOf } from '#domain/access.ts';
import { passwordSecondsLeft, passwordWarnDays } from './sign-in-flow.ts';

/** Reaching an operation at all means the token and session were valid (and have been refreshed). */
export const checkLoginInfo: Operation<'com/check_login_info'> = async () => ({ logged_in: true });

/**
 * The signed-in user, and the days left before the password expires when within the policy's
 * warning period (the home page's notice; null otherwise), counted as at the sign-in.
 */
export const getLoginUserInfo: Operation<'com/get_login_user_info'> = async ({ caller }) => {
  const [policy, rights] = await Promise.all([policyInForce(caller.kykId), loginRightsOf(caller.kykId, caller.rights)]);
  return { user: toLoginUser(caller.user, rights), password_expires_in_days: passwordWarnDays(passwordSecondsLeft(caller.user, policy), policy) };
};
