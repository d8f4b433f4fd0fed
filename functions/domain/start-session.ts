import { config } from '#lib/config.ts';
import { createSession, SessionLiveError } from '#data/sessions.ts';
import { toLoginUser, type User } from '#data/users.ts';
import { DomainError } from '#lib/errors.ts';
import type { Logger } from '#lib/logger.ts';
import { signToken } from '#lib/tokens.ts';
import type { SignInResponse } from '#shared/schemas/auth.ts';
import { loadRights, loginRightsOf } from './access.ts';
import { browserOf } from '#data/devices.ts';
import { clearAttempts } from '#data/sign-in-attempts.ts';
import { recordSignInOutcome } from '#data/sign-in-history.ts';

/**
 * The last step of every sign-in (password, second step, forced change, SAML): starts the user's
 * one session and signs its token. Without `replace`, a live session elsewhere answers
 * -990000010003 (the SPA offers to sign in anyway); with it, the other session ends in the same write.
 */
export interface SessionStart {
  replace: boolean;
  log: Logger;
  /** Where the sign-in came from: kept on the session and in the sign-in history. */
  origin: { sourceIp: string; userAgent: string; requestId: string };
  via: 'password' | 'sso';
}

export async function startSession(user: User, options: SessionStart): Promise<{ token: string; data: SignInResponse }> {
  const { origin } = options;
  const session = await createSession(user.kyk_id, user.user_id, config.sessionIdleMinutes * 60, {
    replace: options.replace, ip_address: origin.sourceIp, browser: browserOf(origin.userAgent),
  }).catch((error: unknown) => {
    if (error instanceof SessionLiveError) throw new DomainError('loginSameUser');
    throw error;
  });
  if (options.replace) options.log.info('forced sign-in', { user: user.user_id });
  // A completed sign-in forgets the failures before it (docs/sign-in.md, "Lock-out").
  await Promise.all([
    clearAttempts(user.kyk_id, user.user_id),
    recordSignInOutcome({
      actor: { kykId: user.kyk_id, userId: user.user_id, userName: user.user_nm, requestId: origin.requestId, sourceIp: origin.sourceIp },
      outcome: options.via === 'sso' ? 'sso' : 'success', userAgent: origin.userAgent,
    }),
  ]);
  const token = await signToken({ kyk: user.kyk_id, sub: user.user_id, sid: session.session_id, exp: session.expires_at });
  return { token, data: { user: toLoginUser(user, await loginRightsOf(user.kyk_id, await loadRights(user))) } };
}
