import { setTimeout as sleep } from 'node:timers/promises';
import { Reply, type Operation } from '#lib/api-handler.ts';
import { getContract, CONTRACT_ID_PATTERN } from '#data/contracts.ts';
import { isLive, readSession } from '#data/sessions.ts';
import { USER_ID_PATTERN } from '#data/users.ts';
import { DomainError } from '#lib/errors.ts';
import { isIpAllowed } from '#lib/ip-policy.ts';
import { decoyPasswordHash, verifyPassword } from '#lib/passwords.ts';
import { policyInForce } from '#data/password-policy.ts';
import { recordSignInOutcome } from '#data/sign-in-history.ts';
import { checkPasswordShape } from '#domain/password-rules.ts';
import { afterWrongPassword, giveBack, takePasswordAttempt, takeSourceAttempt } from '#domain/lock-out.ts';
import { getUserConsistent } from '#data/user-directory.ts';
import type { SignInOutcome } from '#shared/schemas/auth.ts';
import { advance } from './sign-in-flow.ts';

/**
 * A refusal for wrong data or a lock is never answered sooner than this after the request began:
 * above the slowest wrong-password path (scrypt, counting the failure, a lock with its audit record
 * and mail), so an existing account's extra work does not show in the timing.
 */
const WRONG_DATA_FLOOR_MS = 400;

/**
 * Sign-in with contract ID, user ID and password (docs/sign-in.md). The source address's allowance
 * and the contract/user pair's count are taken before the password is judged (the lock-out); a
 * locked pair, real or made up, judges nothing and answers -990000010007 whatever was sent. A wrong
 * contract, user or password all answer -990000010001 after the same scrypt work and no sooner
 * than the same floor, and an account's state (suspended, outside the allow-list) is only told to
 * someone who knows its password, so neither codes nor timing tell which accounts exist.
 */
export const login: Operation<'login/login_btn'> = async ({ input, log, sourceIp, userAgent, requestId }) => {
  const started = performance.now();
  const refuse = async (codeName: 'loginWrongData' | 'loginAccountLocked'): Promise<never> => {
    await sleep(Math.max(0, started + WRONG_DATA_FLOOR_MS - performance.now()));
    throw new DomainError(codeName);
  };
  const window = await takeSourceAttempt(sourceIp);
  const context = { log, sourceIp, userAgent, requestId, deviceToken: input.device_token };
  const wellFormed = CONTRACT_ID_PATTERN.test(input.kyk_id) && USER_ID_PATTERN.test(input.user_id);
  const [contract, user, policy] = wellFormed
    ? await Promise.all([getContract(input.kyk_id), getUserConsistent(input.kyk_id, input.user_id), policyInForce(input.kyk_id)])
    : [undefined, undefined, undefined];
  // A contract served by another site: its users are not here, so say where to go.
  if (contract?.home_url) {
    await giveBack(window);
    return new Reply({ redirect_url: contract.home_url }, { codeName: 'loginDifferentLocation' });
  }
  const record = async (outcome: SignInOutcome) => {
    if (contract) await recordSignInOutcome({ actor: { kykId: input.kyk_id, userId: input.user_id, userName: user?.user_nm ?? '', requestId, sourceIp }, outcome, userAgent });
  };

  // An account already locked judges nothing, even after its pair's count has expired.
  const attempt = !policy ? { locked: false } : user?.status === 9 ? { locked: true } : await takePasswordAttempt(input.kyk_id, input.user_id, policy);
  if (attempt.locked) {
    await record('locked');
    return refuse('loginAccountLocked');
  }
  // A user without a usable password (imported, awaiting a reset) costs the same scrypt work.
  const passwordMatches = await verifyPassword(input.password, user?.password_hash || (await decoyPasswordHash()));
  if (!contract || !user || !policy || !passwordMatches) {
    if (user?.password_hash && policy) await afterWrongPassword(user, attempt, policy, context);
    await record('wrong_data');
    return refuse('loginWrongData');
  }
  await giveBack(window, { kykId: user.kyk_id, userId: user.user_id });
  if (contract.status !== 'active' || user.status !== 0) {
    await record('not_accepted');
    throw new DomainError('loginNotAccepted');
  }
  if (user.password_change_required === 1 && user.temp_password_expires_at && Date.parse(user.temp_password_expires_at) <= Date.now()) {
    throw new DomainError('loginChangePasswordTimeout');
  }
  if (!(await isIpAllowed(user, sourceIp))) {
    await record('ip_refused');
    throw new DomainError('loginLimitedByAdmin');
  }
  // Asked before any second step, so nobody types a mail code only to hear that.
  if (input.force_flg !== 1) {
    const session = await readSession(user.kyk_id, user.user_id);
    if (session && isLive(session)) throw new DomainError('loginSameUser');
  }
  const policyFailed = checkPasswordShape(policy, input.password, user.user_id) !== undefined;
  return advance(user, { replace: input.force_flg === 1, mfaDone: false, policyFailed }, context);
};
