import type { Operation } from '#lib/api-handler.ts';
import { loginRightsOf } from '#domain/access.ts';
import { toLoginUser } from '#data/users.ts';
import { updateOwnSettings } from '#data/users.ts';

/** user_info_file_regist_change: the signed-in user's own file-registration method (simple 0, detailed 1). */
export const changeFileRegistMethod: Operation<'com/user_info_file_regist_change'> = async ({ caller, input }) => {
  const user = await updateOwnSettings(caller.kykId, caller.userId, { file_regist_method: input.file_regist_method });
  return { user: toLoginUser(user, await loginRightsOf(caller.kykId, caller.rights)) };
};
