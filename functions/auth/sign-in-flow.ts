import { Reply } from '#lib/api-handler.ts';
import { epochSeconds } from '#lib/data/table.ts';
import { getContract } from '#data/contracts.ts';
import { type User } from '#data/users.ts';
import { DomainError } from '#lib/errors.ts';
import { isIpAllowed } from '#lib/ip-policy.ts';
import type { Logger } from '#lib/logger.ts';
import type { LoginStep, LoginStepKind, SignInResponse } from '#shared/schemas/auth.ts';
import type { PasswordPolicy } from '#shared/schemas/security.ts';
import { getGroup } from '#data/groups.ts';
import { policyInForce } from '#data/password-policy.ts';
import { getUserConsistent } from '#data/user-directory.ts';
import { browserOf, findDevice, type DeviceKind, type DeviceRecord } from '#data/devices.ts';
import { decodeTicket, encodeTicket, endPending, getPending, MAX_CODE_ATTEMPTS, startPending, updatePending, type PendingSignIn } from '#data/pending-sign-ins.ts';
import { maskEmail, mailCodeHash, newMailCode, sendMailCode } from './otp-mail.ts';
import { startSession } from '#domain/start-session.ts';
import { newTotpSecret, totpActivation } from './totp.ts';
import { recordSignIn } from '#data/users.ts';

/**
 * The sign-in state machine (docs/sign-in.md). After the password, in this order: the second step
 * (mail code or authenticator, unless a trusted device skips it), then a password change the
 * account needs (first sign-in, administrator reset, expiry, policy not met), then missing user
 * information, then the session. Each step answers its code with `next`; the browser's ticket
 * names the pending sign-in, which is only stored once a step is needed.
 */
export interface FlowContext {
  log: Logger;
  sourceIp: string;
  userAgent: string;
  requestId: string;
  /** The trusted-device key the browser presented (password step only). */
  deviceToken?: string;
}

/** What is known of a sign-in whose password is proven. */
export interface FlowState {
  pending?: PendingSignIn;
  replace: boolean;
  mfaDone: boolean;
  policyFailed: boolean;
}

type StepCode = 'loginMailOtpNeeded' | 'loginTotpNeeded' | 'loginPasswordChangeRequired' | 'loginPasswordTimeout' | 'loginPasswordNotSatisfying' | 'loginInfoChangeRequired';

const DAY = 86_400;

export const deviceKindOf = (twoStep: number): DeviceKind | undefined => (twoStep === 1 ? 'mail' : twoStep === 2 ? 'totp' : undefined);

/** The account-area group's second step and MFA validity (no group: no second step). */
export async function secondStepOf(user: User): Promise<{ kind?: DeviceKind; validDays: number }> {
  const groupId = user.groups?.ata;
  const group = groupId ? await getGroup(user.kyk_id, groupId) : undefined;
  return { kind: deviceKindOf(group?.two_step ?? 0), validDays: group?.mfa_valid_days ?? 30 };
}

/** Seconds of password life left, or undefined when the policy sets no expiry. */
export function passwordSecondsLeft(user: User, policy: PasswordPolicy, now = epochSeconds()): number | undefined {
  if (policy.pwd_expiry_days <= 0) return undefined;
  const since = Date.parse(user.password_changed_at ?? user.regist_date);
  if (Number.isNaN(since)) return undefined;
  return Math.floor(since / 1000) + policy.pwd_expiry_days * DAY - now;
}

/** Days left before the password expires when within the policy's warning period, else null (the notice after sign-in and on the home page). */
export function passwordWarnDays(secondsLeft: number | undefined, policy: PasswordPolicy): number | null {
  return secondsLeft !== undefined && secondsLeft <= policy.pwd_expiry_warning_days * DAY ? Math.max(0, Math.ceil(secondsLeft / DAY)) : null;
}

export const signInTicketInvalid = (): DomainError => new DomainError('tokenTimeout', {}, {}, 'notice.signInTicketInvalid');

/**
 * The pending sign-in a ticket names, at the step it must be at, with its user, checked again as
 * at the password: the account unchanged since (row_version), available, its contract active,
 * the address allowed. Nothing is written before these checks pass.
 */
export async function requirePending(ticket: string, step: LoginStepKind, sourceIp: string, expired: () => DomainError = signInTicketInvalid): Promise<{ pending: PendingSignIn; user: User }> {
  const ref = decodeTicket(ticket);
  const pending = ref ? await getPending(ref) : undefined;
  if (!ref || !pending || pending.step !== step) throw expired();
  // Ended by its last wrong code: kept until it expires so that every late request hears why.
  if (pending.attempts >= MAX_CODE_ATTEMPTS) throw new DomainError('loginNumberLimit');
  const [user, contract] = await Promise.all([getUserConsistent(ref.kykId, ref.userId), getContract(ref.kykId)]);
  if (!user || user.row_version !== pending.user_version || user.status !== 0 || contract?.status !== 'active') {
    await endPending(pending);
    if (user?.status === 9) throw new DomainError('loginAccountLocked');
    if (user && user.status === 0 && contract?.status === 'active') throw expired();
    throw new DomainError('loginNotAccepted');
  }
  if (!(await isIpAllowed(user, sourceIp))) throw new DomainError('loginLimitedByAdmin');
  return { pending, user };
}

function stepView(pending: PendingSignIn, extra: Partial<LoginStep>): LoginStep {
  return {
    ticket: encodeTicket({ kykId: pending.kyk_id, userId: pending.user_id, ticketId: pending.ticket_id }),
    step: pending.step,
    expires_at: new Date(pending.expires_at * 1000).toISOString(),
    ...extra,
  };
}

/** Stores the pending sign-in at `step` (creating it on the first step) and answers it. */
async function toStep(user: User, state: FlowState, step: LoginStepKind, changes: Partial<PendingSignIn>, remove: (keyof PendingSignIn)[] = []): Promise<PendingSignIn> {
  const base = state.pending
    ?? await startPending(user.kyk_id, user.user_id, { step, replace: state.replace, mfa_done: state.mfaDone, policy_failed: state.policyFailed, user_version: user.row_version });
  const updated = await updatePending(base, { ...changes, step, mfa_done: state.mfaDone, user_version: user.row_version }, remove);
  if (!updated) throw signInTicketInvalid();
  state.pending = updated;
  return updated;
}

/**
 * Sends a fresh mail code for a pending sign-in at the otp-mail step; undefined when another
 * request with the same ticket changed it first (nothing is sent then).
 */
export async function sendCode(user: User, pending: PendingSignIn, sends: number): Promise<PendingSignIn | undefined> {
  const code = newMailCode();
  const updated = await updatePending(pending, {
    otp_hash: mailCodeHash(pending.ticket_id, code), otp_expires_at: pending.expires_at, otp_sent_at: epochSeconds(), otp_sends: sends, step: 'otp-mail',
  });
  if (updated) await sendMailCode(user, code, pending.expires_at);
  return updated;
}

/** Whether a presented device key lets this sign-in skip the second step. */
function isTrusted(device: DeviceRecord | undefined, user: User, kind: DeviceKind, context: FlowContext): boolean {
  if (!device || device.kind !== kind || device.ip_address !== context.sourceIp || device.browser !== browserOf(context.userAgent)) return false;
  // An authenticator reset (or re-registration) invalidates devices trusted before it.
  return kind === 'mail' || (!!user.totp_secret && device.regist_date >= (user.totp_registered_at ?? ''));
}

/**
 * Answers the next step of a sign-in whose password (and whatever steps `state` records) is
 * proven, or starts the session when none is left.
 */
export async function advance(user: User, state: FlowState, context: FlowContext): Promise<Reply<SignInResponse>> {
  const step = (pending: PendingSignIn, codeName: StepCode, view: Partial<LoginStep>) =>
    new Reply<SignInResponse>({ next: stepView(pending, view) }, { codeName });

  if (!state.mfaDone) {
    const { kind, validDays } = await secondStepOf(user);
    const device = kind && context.deviceToken ? await findDevice(user.kyk_id, user.user_id, context.deviceToken) : undefined;
    const trusted = !!kind && isTrusted(device, user, kind, context);
    if (!kind || trusted) {
      state.mfaDone = true;
      if (trusted) context.log.info('second step skipped: trusted device', { user: user.user_id });
    } else if (kind === 'mail') {
      if (!user.email.trim()) {
        if (state.pending) await endPending(state.pending);
        throw new DomainError('loginMailNotRegistered');
      }
      const pending = await sendCode(user, await toStep(user, state, 'otp-mail', {}), 1);
      if (!pending) throw signInTicketInvalid();
      return step(pending, 'loginMailOtpNeeded', { email_masked: maskEmail(user.email), trust_days: validDays });
    } else {
      const secret = user.totp_secret ? undefined : state.pending?.totp_pending_secret ?? newTotpSecret();
      const pending = await toStep(user, state, 'totp', secret ? { totp_pending_secret: secret } : {});
      return step(pending, 'loginTotpNeeded', {
        trust_days: validDays,
        ...(secret ? { totp_activation: totpActivation(secret, user.kyk_id, user.user_id) } : {}),
      });
    }
  }

  const policy = await policyInForce(user.kyk_id);
  const secondsLeft = passwordSecondsLeft(user, policy);
  const passwordStep: { codeName: StepCode; reason: NonNullable<LoginStep['reason']> } | undefined =
    user.password_change_required === 1 ? { codeName: 'loginPasswordChangeRequired', reason: user.last_login_at ? 'reset' : 'first' }
      : secondsLeft !== undefined && secondsLeft <= 0 ? { codeName: 'loginPasswordTimeout', reason: 'expired' }
        : state.policyFailed ? { codeName: 'loginPasswordNotSatisfying', reason: 'policy' }
          : undefined;
  if (passwordStep) {
    const pending = await toStep(user, state, 'password-change', {}, ['otp_hash', 'totp_pending_secret']);
    return step(pending, passwordStep.codeName, { reason: passwordStep.reason, policy });
  }

  if (user.info_change_required === 1 || !user.email.trim()) {
    const pending = await toStep(user, state, 'info-change', {}, ['otp_hash', 'totp_pending_secret']);
    return step(pending, 'loginInfoChangeRequired', { user_nm: user.user_nm, email: user.email });
  }

  if (state.pending && !(await endPending(state.pending))) throw signInTicketInvalid();
  // Failures count until a sign-in completes (a right password alone does not clear them, so
  // guessing second-step codes runs into the lock-out too).
  if (!(await recordSignIn(user.kyk_id, user.user_id))) throw new DomainError('loginNotAccepted');
  const { token, data } = await startSession(user, { replace: state.replace, log: context.log, origin: context, via: 'password' });
  return new Reply({ ...data, password_expires_in_days: passwordWarnDays(secondsLeft, policy) }, { token });
}
