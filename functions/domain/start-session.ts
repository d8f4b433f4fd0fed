import { config } from '#lib/config.ts';
import { createSession, SessionLiveError } from '#data/sessions.ts';
import { toLoginUser, type User } from '#data/users.ts';
import { DomainError } from '#lib/errors.ts';
import type { Logger } from '#lib/logger.ts';
import { signToken } from '#lib/tokens.ts';
import type { SignInResponse } from '#shared/schemas/auth.ts';
import { loadRights, toLoginRights } from './access.ts';

/**
 * The last step of every sign-in (password, second step, forced change, SAML): starts the user's
 * one session and signs its token. Without `replace`, a live session elsewhere answers
 * -990000010003 (the SPA offers to sign in anyway); with it, the other session ends in the same write.
 */
export async function startSession(user: User, options: { replace: boolean; log: Logger }): Promise<{ token: string; data: SignInResponse }> {
  const session = await createSession(user.kyk_id, user.user_id, config.sessionIdleMinutes * 60, { replace: options.replace }).catch((error: unknown) => {
    if (error instanceof SessionLiveError) throw new DomainError('loginSameUser');
    throw error;
  });
  if (options.replace) options.log.info('forced sign-in', { user: user.user_id });
  const token = await signToken({ kyk: user.kyk_id, sub: user.user_id, sid: session.session_id, exp: session.expires_at });
  return { token, data: { user: toLoginUser(user, toLoginRights(await loadRights(user))) } };
}
