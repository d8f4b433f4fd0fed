import { Reply, type Operation } from '#lib/api-handler.ts';
import { getContract } from '#data/contracts.ts';
import { getUser } from '#data/users.ts';
import { DomainError } from '#lib/errors.ts';
import { isIpAllowed } from '#lib/ip-policy.ts';
import { consumeSignInCode } from '#data/saml.ts';
import { startSession } from '#domain/start-session.ts';

/**
 * Exchanges the ACS's one-time code (single use, 2 minutes) for a session. The IdP authenticated
 * the user, so neither the password state nor the second step applies; a session elsewhere is
 * replaced, as a forced sign-in does. The user must still be available and the address allowed.
 */
export const ssoLogin: Operation<'sso/sso_login'> = async ({ input, log, sourceIp }) => {
  const invalid = () => new DomainError('loginNotAccepted', {}, {}, 'notice.ssoCodeInvalid');
  const named = await consumeSignInCode(input.code);
  if (!named) throw invalid();
  const [user, contract] = await Promise.all([getUser(named.kykId, named.userId), getContract(named.kykId)]);
  if (!user || user.status !== 0) throw invalid();
  if (contract?.status !== 'active') throw new DomainError('loginNotAccepted');
  if (!(await isIpAllowed(user, sourceIp))) throw new DomainError('loginLimitedByAdmin');
  const { token, data } = await startSession(user, { replace: true, log });
  log.info('SAML session started', { kyk: user.kyk_id, user: user.user_id });
  return new Reply(data, { token });
};
