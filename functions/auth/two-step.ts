import { Reply, type Operation, type OperationContext } from '#lib/api-handler.ts';
import { writeAudit } from '#lib/audit.ts';
import { epochSeconds, nowIso } from '#lib/data/table.ts';
import { type User } from '#data/users.ts';
import { DomainError } from '#lib/errors.ts';
import type { SignInResponse } from '#shared/schemas/auth.ts';
import { policyInForce } from '#data/password-policy.ts';
import { TransactionFailed, transactWrite } from '#lib/data/transact.ts';
import { browserOf, trustDevice, type DeviceKind } from '#data/devices.ts';
import { countWrongCode, endPending, MAX_CODE_ATTEMPTS, pendingUpdate, updatePending, type PendingSignIn } from '#data/pending-sign-ins.ts';
import { recordSignInOutcome } from '#data/sign-in-history.ts';
import { countSignInFailure, giveBack, takeSourceAttempt } from '#domain/lock-out.ts';
import { mailCodeMatches, maskEmail } from './otp-mail.ts';
import { advance, requirePending, secondStepOf, sendCode, signInTicketInvalid, type FlowContext } from './sign-in-flow.ts';
import { verifyTotp } from './totp.ts';
import { totpStepItem } from '#data/users.ts';

/** A new mail code at most every 30 seconds, five per sign-in. */
const RESEND_INTERVAL_SECONDS = 30;
const MAX_SENDS = 5;

type TwoStepPath = 'login/login_two_step' | 'login/login_two_step_totp';

/**
 * A wrong code: counted on the pending sign-in atomically; the last allowed one ends it
 * (-990000010015, the sign-in starts again from the password) and counts as one failed sign-in
 * toward the lock-out, so guessing codes by restarting the sign-in runs into the policy's maximum
 * too. Parallel wrong codes each hear -990000010014 or the limit, never an expired sign-in.
 */
async function wrongCode(context: FlowContext, user: User, pending: PendingSignIn): Promise<never> {
  const attempts = await countWrongCode(pending);
  if (attempts === undefined) throw signInTicketInvalid();
  if (attempts >= MAX_CODE_ATTEMPTS) {
    // Counted once, by the request that reached the limit.
    if (attempts === MAX_CODE_ATTEMPTS) {
      await countSignInFailure(user, await policyInForce(user.kyk_id), context);
      await recordSignInOutcome({ actor: { kykId: user.kyk_id, userId: user.user_id, userName: user.user_nm, requestId: context.requestId, sourceIp: context.sourceIp }, outcome: 'second_step_failed', userAgent: context.userAgent });
    }
    throw new DomainError('loginNumberLimit');
  }
  throw new DomainError('loginWrongOtp', {}, { auth_code: 'code.loginWrongOtp' });
}

/** The changes that record a passed second step on the pending sign-in. */
const STEP_PASSED = { changes: { mfa_done: true, attempts: 0 }, remove: ['otp_hash', 'totp_pending_secret'] as (keyof PendingSignIn)[] };

/**
 * The second step passed (and `claimed` records it): go on with the sign-in, and trust the device
 * if asked once the answer is certain (a refused sign-in leaves no device behind).
 */
async function passed(context: OperationContext<TwoStepPath>, user: User, claimed: PendingSignIn, kind: DeviceKind): Promise<Reply<SignInResponse>> {
  const { input, log, sourceIp, userAgent, requestId } = context;
  const state = { pending: claimed, replace: claimed.replace, mfaDone: true, policyFailed: claimed.policy_failed };
  const reply = await advance(user, state, { log, sourceIp, userAgent, requestId });
  if (input.trust_device !== 1) return reply;
  const [{ validDays }, policy] = await Promise.all([secondStepOf(user), policyInForce(user.kyk_id)]);
  const deviceToken = await trustDevice({ kyk_id: user.kyk_id, user_id: user.user_id, kind, ip_address: sourceIp, browser: browserOf(userAgent) }, validDays, policy.mfa_device_max);
  // A step may still follow (a password change): the key rides on that answer too.
  return new Reply({ ...reply.data, device_token: deviceToken }, reply.options);
}

/** login_two_step: the six-digit code mailed at the password step (valid 10 minutes, once). */
export const loginTwoStepMail: Operation<'login/login_two_step'> = async (context) => {
  const window = await takeSourceAttempt(context.sourceIp);
  const { pending, user } = await requirePending(context.input.ticket, 'otp-mail', context.sourceIp);
  const fresh = pending.otp_hash && (pending.otp_expires_at ?? 0) > epochSeconds();
  if (!fresh || !mailCodeMatches(pending.ticket_id, context.input.auth_code, pending.otp_hash!)) return wrongCode(context, user, pending);
  // Of two requests with the right code, one passes; the other finds the ticket used.
  const claimed = await updatePending(pending, STEP_PASSED.changes, STEP_PASSED.remove);
  if (!claimed) throw signInTicketInvalid();
  await giveBack(window);
  return passed(context, user, claimed, 'mail');
};

/**
 * login_two_step_totp: the authenticator's code. The first good code of an activation registers
 * the secret. The time step moves forward on the user in the same transaction that records the
 * passed step on the ticket, both conditional: no code (nor an earlier one) is accepted twice, and
 * of two requests with the same ticket exactly one passes.
 */
export const loginTwoStepTotp: Operation<'login/login_two_step_totp'> = async (context) => {
  const window = await takeSourceAttempt(context.sourceIp);
  const { pending, user } = await requirePending(context.input.ticket, 'totp', context.sourceIp);
  const secret = user.totp_secret ?? pending.totp_pending_secret;
  if (!secret) throw signInTicketInvalid();
  const step = await verifyTotp(secret, context.input.auth_code, user.totp_secret ? user.totp_last_step : undefined);
  if (step === undefined) return wrongCode(context, user, pending);
  const activating = !user.totp_secret;
  const now = nowIso();
  const claim = pendingUpdate(pending, STEP_PASSED.changes, STEP_PASSED.remove);
  try {
    await transactWrite([
      { label: 'ticket', Update: claim.item },
      totpStepItem(user, secret, step, activating, now),
    ]);
  } catch (error) {
    if (error instanceof TransactionFailed && error.failed('ticket')) throw signInTicketInvalid();
    if (error instanceof TransactionFailed && error.failed('totpStep')) return wrongCode(context, user, pending);
    throw error;
  }
  await giveBack(window);
  if (activating) {
    await writeAudit(
      { kykId: user.kyk_id, userId: user.user_id, userName: user.user_nm, requestId: context.requestId, sourceIp: context.sourceIp },
      { action: 'user.totp_register', targetType: 'user', targetId: user.user_id, before: { totp_registered: 0 }, after: { totp_registered: 1 } },
    );
  }
  return passed(context, { ...user, totp_secret: secret, totp_last_step: step, ...(activating ? { totp_registered_at: now } : {}) }, claim.updated, 'totp');
};

/** login_two_step_resend: a new mail code (the earlier one stops working), not too often. */
export const loginTwoStepResend: Operation<'login/login_two_step_resend'> = async ({ input, sourceIp }) => {
  const { pending, user } = await requirePending(input.ticket, 'otp-mail', sourceIp);
  const tooSoon = (seconds: number) => new DomainError('updateFailure', { seconds }, {}, 'notice.otpResendTooSoon');
  const wait = (pending.otp_sent_at ?? 0) + RESEND_INTERVAL_SECONDS - epochSeconds();
  if (wait > 0) throw tooSoon(wait);
  if ((pending.otp_sends ?? 0) >= MAX_SENDS) {
    await endPending(pending);
    throw new DomainError('loginNumberLimit');
  }
  // Of several resends at once, one sends; the others are told to wait.
  const sent = await sendCode(user, pending, (pending.otp_sends ?? 0) + 1);
  if (!sent) throw tooSoon(RESEND_INTERVAL_SECONDS);
  const { validDays } = await secondStepOf(user);
  return {
    next: {
      ticket: input.ticket, step: 'otp-mail', expires_at: new Date(sent.expires_at * 1000).toISOString(),
      email_masked: maskEmail(user.email), trust_days: validDays,
    },
  };
};
