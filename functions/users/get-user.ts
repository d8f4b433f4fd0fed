import type { Operation } from '#lib/api-handler.ts';
import { detailsOf, requireUser } from '#domain/user-records.ts';

/** One user of the caller's contract (-3 for any other). */
export const getUserInfo: Operation<'com/user_info'> = async ({ caller, input }) => {
  const user = await requireUser(caller.kykId, input.user_id);
  return { user: (await detailsOf(caller.kykId, [user]))[0]! };
};
