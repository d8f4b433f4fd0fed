import type { LoginStep, LoginStepKind } from '@shared/schemas/auth.ts';

/**
 * The sign-in step still to do, kept in sessionStorage (this tab only) so a reload of /otp-mail
 * and the other step pages works. It holds the server's ticket and what the page shows, never the
 * password.
 */
export interface PendingSignIn {
  step: LoginStep;
  kyk_id: string;
  user_id: string;
  /** Where to go once signed in. */
  next: string;
  /** The code that named the step (its catalogue text follows the language switch). */
  code?: number;
}

const KEY = 'sign_in_step';

/** The page of each step. */
export const stepPaths: Record<LoginStepKind, string> = {
  'otp-mail': '/otp-mail',
  totp: '/otp-multi-part',
  'password-change': '/change-password',
  'info-change': '/login/info-change',
};

export function readPendingSignIn(kind?: LoginStepKind): PendingSignIn | undefined {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return undefined;
    const pending = JSON.parse(raw) as PendingSignIn;
    if (!pending?.step?.ticket || (kind && pending.step.step !== kind)) return undefined;
    return pending;
  } catch {
    return undefined;
  }
}

export function storePendingSignIn(pending: PendingSignIn): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // storage unavailable: the step page still has it in memory until a reload
  }
}

export function clearPendingSignIn(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}

/** The ticket is past its time: the whole sign-in starts again. */
export const isPendingExpired = (pending: PendingSignIn, now = Date.now()): boolean => {
  const until = Date.parse(pending.step.expires_at);
  return Number.isFinite(until) && until <= now;
};
