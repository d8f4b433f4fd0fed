import { config } from '#lib/config.ts';
import { getContract, CONTRACT_ID_PATTERN } from '#lib/data/contracts.ts';
import { createSession, SessionLiveError } from '#lib/data/sessions.ts';
import { getUser, toLoginUser, USER_ID_PATTERN } from '#lib/data/users.ts';
import { DomainError } from '#lib/errors.ts';
import { decoyPasswordHash, verifyPassword } from '#lib/passwords.ts';
import { signToken } from '#lib/tokens.ts';
import { Reply, type Operation } from '#lib/api-handler.ts';

/**
 * Sign-in with contract ID, user ID and password. A wrong contract, user or password all answer
 * -990000010001 after the same scrypt work, so neither the code nor the timing tells which was wrong.
 */
export const login: Operation<'login/login_btn'> = async ({ input, log }) => {
  const wellFormed = CONTRACT_ID_PATTERN.test(input.kyk_id) && USER_ID_PATTERN.test(input.user_id);
  const [contract, user] = wellFormed
    ? await Promise.all([getContract(input.kyk_id), getUser(input.kyk_id, input.user_id)])
    : [undefined, undefined];
  // A user without a usable password (imported, awaiting a reset) costs the same scrypt work.
  const passwordMatches = await verifyPassword(input.password, user?.password_hash || (await decoyPasswordHash()));
  if (!contract || !user || !passwordMatches) throw new DomainError('loginWrongData');
  if (contract.status !== 'active' || user.status !== 0) throw new DomainError('loginNotAccepted');

  const replace = input.force_flg === 1;
  const session = await createSession(user.kyk_id, user.user_id, config.sessionIdleMinutes * 60, { replace }).catch((error: unknown) => {
    if (error instanceof SessionLiveError) throw new DomainError('loginSameUser');
    throw error;
  });
  if (replace) log.info('forced sign-in', { user: user.user_id });
  const token = await signToken({ kyk: user.kyk_id, sub: user.user_id, sid: session.session_id, exp: session.expires_at });
  return new Reply({ user: toLoginUser(user) }, { token });
};
