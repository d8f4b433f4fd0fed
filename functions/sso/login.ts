import { Reply, type Operation } from '#lib/api-handler.ts';
import { getContract } from '#data/contracts.ts';
import { getUser } from '#data/users.ts';
import { DomainError } from '#lib/errors.ts';
import { isIpAllowed } from '#lib/ip-policy.ts';
import { consumeSignInCode } from '#data/saml.ts';
import { startSession } from '#domain/start-session.ts';
import { recordSignInOutcome } from '#data/sign-in-history.ts';
import type { SignInOutcome } from '#shared/schemas/auth.ts';

/**
 * Exchanges the ACS's one-time code (single use, 2 minutes) for a session. The IdP authenticated
 * the user, so neither the password state nor the second step applies; a session elsewhere is
 * replaced, as a forced sign-in does. The user must still be available and the address allowed.
 */
export const ssoLogin: Operation<'sso/sso_login'> = async ({ input, log, sourceIp, userAgent, requestId }) => {
  const invalid = () => new DomainError('loginNotAccepted', {}, {}, 'notice.ssoCodeInvalid');
  const named = await consumeSignInCode(input.code);
  if (!named) throw invalid();
  const [user, contract] = await Promise.all([getUser(named.kykId, named.userId), getContract(named.kykId)]);
  if (!user || !contract) throw invalid();
  const record = (outcome: SignInOutcome) => recordSignInOutcome({ actor: { kykId: user.kyk_id, userId: user.user_id, userName: user.user_nm, requestId, sourceIp }, outcome, userAgent });
  if (user.status !== 0) {
    await record('not_accepted');
    throw invalid();
  }
  if (contract.status !== 'active') {
    await record('not_accepted');
    throw new DomainError('loginNotAccepted');
  }
  if (!(await isIpAllowed(user, sourceIp))) {
    await record('ip_refused');
    throw new DomainError('loginLimitedByAdmin');
  }
  const { token, data } = await startSession(user, { replace: true, log, origin: { sourceIp, userAgent, requestId }, via: 'sso' });
  log.info('SAML session started', { kyk: user.kyk_id, user: user.user_id });
  return new Reply(data, { token });
};
