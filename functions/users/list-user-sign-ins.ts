import type { Operation } from '#lib/api-handler.ts';
import { listSignIns } from '#data/sign-in-history.ts';
import { readSession, isLive } from '#data/sessions.ts';
import { requireUser } from '#domain/user-records.ts';
import { sessionView } from './end-user-session.ts';

/** user_signin_history: a user's latest sign-ins (every outcome) and live session, for support staff. */
export const listUserSignIns: Operation<'com/user_signin_history'> = async ({ caller, input }) => {
  const user = await requireUser(caller.kykId, input.user_id);
  const [events, session] = await Promise.all([listSignIns(caller.kykId, user.user_id), readSession(caller.kykId, user.user_id)]);
  return { events, session: session && isLive(session) ? sessionView(session) : null };
};
