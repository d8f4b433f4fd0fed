import { toLoginUser } from '#data/users.ts';
import type { Operation } from '#lib/api-handler.ts';
import { loginRightsOf } from '#domain/access.ts';
import { updateOwnSettings } from '#data/users.ts';

/** Saves the user's language: server messages and the SPA follow it from the next call on. */
export const changeLanguage: Operation<'com/chang_language'> = async ({ caller, input }) => {
  const user = await updateOwnSettings(caller.kykId, caller.userId, { language: input.language });
  return { user: toLoginUser(user, await loginRightsOf(caller.kykId, caller.rights)) };
};
