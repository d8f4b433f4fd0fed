import { auditActor, type Operation } from '#lib/api-handler.ts';
import { writeAudit } from '#lib/audit.ts';
import { endUserSession, type Session } from '#data/sessions.ts';
import { requireUser } from '#domain/user-records.ts';

export const sessionView = (session: Session) => ({
  started_at: session.created_at,
  expires_at: new Date(session.expires_at * 1000).toISOString(),
  ip_address: session.ip_address ?? '',
  browser: session.browser ?? '',
});

/**
 * user_session_end_btn: an administrator ends a user's session (every token of it answers -102 at
 * once); the account stays available, so the user may sign in again. Audited when one was live.
 */
export const endSession: Operation<'com/user_session_end_btn'> = async (context) => {
  const { caller, input } = context;
  const user = await requireUser(caller.kykId, input.user_id);
  const ended = await endUserSession(caller.kykId, user.user_id);
  if (ended) {
    await writeAudit(auditActor(context), { action: 'user.session_end', targetType: 'user', targetId: user.user_id, before: sessionView(ended), after: null });
  }
  return { session: null };
};
