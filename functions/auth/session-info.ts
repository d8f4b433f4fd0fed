import { toLoginUser } from '#data/users.ts';
import type { Operation } from '#lib/api-handler.ts';
import { toLoginRights } from '#domain/access.ts';

/** Reaching an operation at all means the token and session were valid (and have been refreshed). */
export const checkLoginInfo: Operation<'com/check_login_info'> = async () => ({ logged_in: true });

export const getLoginUserInfo: Operation<'com/get_login_user_info'> = async ({ caller }) => ({ user: toLoginUser(caller.user, toLoginRights(caller.rights)) });
