import { auditPut, writeAudit, type AuditActor } from '#lib/audit.ts';
import { config } from '#lib/config.ts';
import { nowIso } from '#lib/data/table.ts';
import { DomainError } from '#lib/errors.ts';
import type { Logger } from '#lib/logger.ts';
import { formatMailTime, sendMail } from '#lib/mail.ts';
import { translate } from '#shared/messages.ts';
import type { PasswordPolicy } from '#shared/schemas/security.ts';
import { clearAttempts, clearAttemptsItem, countFailure, reserveAttempt, returnAttempt } from '#data/sign-in-attempts.ts';
import { getUserConsistent } from '#data/user-directory.ts';
import { transactWrite } from '#lib/data/transact.ts';
import { versionedUpdateItem } from '#lib/data/versioned.ts';
import { reserveSourceAttempt, returnSourceAttempt, sourceWindow, type SourceWindow } from '#data/source-attempts.ts';
import { lockUser, userKey, type User } from '#data/users.ts';

/**
 * The lock-out (docs/sign-in.md, "Lock-out"): every step that judges a secret (the password, a
 * second-step code, the current password of a change) first takes an attempt from the source
 * address's allowance and, for a password, from the contract/user pair's count, both conditional
 * writes. A locked pair judges nothing and answers the same whatever was sent; an unknown pair
 * counts and locks like a real account. A step that succeeds gives its attempts back.
 */
export interface GuardContext {
  log: Logger;
  sourceIp: string;
  requestId: string;
}

const windowSeconds = (): number => config.signInSourceWindowMinutes * 60;

/** Takes an attempt from the source address's allowance; -990000010018 when it is used up. */
export async function takeSourceAttempt(sourceIp: string): Promise<SourceWindow> {
  const window = sourceWindow(sourceIp, windowSeconds());
  if (!(await reserveSourceAttempt(window, config.signInSourceLimit, windowSeconds()))) throw new DomainError('loginTooManyAttempts');
  return window;
}

/** An attempt at a secret, counted before the secret is judged. */
export interface PasswordAttempt {
  /** The pair's failures including this attempt (undefined when the policy sets no maximum). */
  count?: number;
  /** The pair had used up its attempts: nothing was judged. */
  locked: boolean;
}

/** Counts an attempt of the pair before its password is judged (policy maximum 0: no lock-out). */
export async function takePasswordAttempt(kykId: string, userId: string, policy: PasswordPolicy): Promise<PasswordAttempt> {
  if (policy.max_login_attempts <= 0) return { locked: false };
  const count = await reserveAttempt(kykId, userId, policy.max_login_attempts, config.signInAttemptsKeepDays);
  return count === undefined ? { locked: true } : { count, locked: false };
}

/** The secret was right: the attempts taken for it are given back. */
export async function giveBack(window: SourceWindow, pair?: { kykId: string; userId: string }): Promise<void> {
  await Promise.all([returnSourceAttempt(window), pair ? returnAttempt(pair.kykId, pair.userId) : undefined]);
}

/** A wrong password of an existing account: at the policy's maximum the account locks. */
export async function afterWrongPassword(user: User, attempt: PasswordAttempt, policy: PasswordPolicy, context: GuardContext): Promise<void> {
  if (attempt.count !== undefined && attempt.count >= policy.max_login_attempts) await lockAccount(user, attempt.count, policy, context);
}

/**
 * A failure that follows a right password (a sign-in ended by wrong second-step codes): counted
 * for the pair, and at the policy's maximum the account locks.
 */
export async function countSignInFailure(user: User, policy: PasswordPolicy, context: GuardContext): Promise<void> {
  if (policy.max_login_attempts <= 0) return;
  const failures = await countFailure(user.kyk_id, user.user_id, config.signInAttemptsKeepDays);
  if (failures >= policy.max_login_attempts) await lockAccount(user, failures, policy, context);
}

/**
 * Locks an available account (status 9) with an audit record and, if the policy asks, a mail to
 * the user. An account already locked or suspended is left as it is.
 */
export async function lockAccount(user: User, failures: number, policy: PasswordPolicy, context: GuardContext): Promise<void> {
  const now = nowIso();
  if (user.status !== 0 || !(await lockUser(user.kyk_id, user.user_id, now))) return;
  context.log.warn('account locked after failed sign-ins', { kyk: user.kyk_id, user: user.user_id, failures });
  const actor: AuditActor = { kykId: user.kyk_id, userId: user.user_id, userName: user.user_nm, requestId: context.requestId, sourceIp: context.sourceIp };
  await writeAudit(actor, { action: 'user.lock', targetType: 'user', targetId: user.user_id, before: { status: 0 }, after: { status: 9, failed_login_count: failures } });
  if (policy.mail_notify_lock !== 1 || !user.email.trim()) return;
  const language = user.language;
  try {
    await sendMail({
      to: user.email,
      subject: translate(language, 'notice.lockedMailSubject'),
      text: translate(language, 'notice.lockedMailBody', { kyk_id: user.kyk_id, user_id: user.user_id, attempts: failures, at: formatMailTime(new Date(now), language) }),
    });
  } catch (error) {
    context.log.error('lock mail not sent', { error, user: user.user_id });
  }
}

export class UnlockRefused extends Error {}

/**
 * The operator's unlock (`npm run tenant -- unlock`): for an account nobody else can unlock (the
 * last administrator locked out by guessers). A locked account becomes available with its failures
 * forgotten; an account that is not locked is left alone. Audited as the operator.
 */
export async function operatorUnlock(kykId: string, userId: string): Promise<'unlocked' | 'not-locked'> {
  const user = await getUserConsistent(kykId, userId);
  if (!user) throw new UnlockRefused(`No user "${userId}" in contract "${kykId}"`);
  if (user.status !== 9) {
    await clearAttempts(kykId, userId);
    return 'not-locked';
  }
  const now = nowIso();
  const actor: AuditActor = { kykId, userId: 'operator', userName: 'operator', requestId: `cli-${now}`, sourceIp: 'operator-cli' };
  await transactWrite([
    versionedUpdateItem('user', { key: userKey(kykId, userId), expectedVersion: user.row_version, set: { status: 0, update_date: now, update_user_id: 'operator' }, remove: ['failed_login_count'] }),
    clearAttemptsItem(kykId, userId),
    auditPut(actor, { action: 'user.unlock', targetType: 'user', targetId: userId, before: { status: 9 }, after: { status: 0 } }),
  ]);
  return 'unlocked';
}
