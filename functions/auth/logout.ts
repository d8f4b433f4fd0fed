import { deleteSession } from '#data/sessions.ts';
import type { Operation } from '#lib/api-handler.ts';

/** Ends the session server-side: every token issued for it stops working at once. */
export const logout: Operation<'login/logout_btn'> = async ({ caller }) => {
  await deleteSession(caller.kykId, caller.userId, caller.session.session_id);
  return {};
};
