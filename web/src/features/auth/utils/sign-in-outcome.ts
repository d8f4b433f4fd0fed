import { codes } from '@shared/codes.ts';
import type { LoginStep, LoginUser, SignInResponse } from '@shared/schemas/auth.ts';

/**
 * What the answer of a sign-in call (login_btn, a second step, the forced password change, the
 * info change) means for the SPA (docs/sign-in.md):
 * - `signed-in`: code 0 (or 990000210002 after a forced change) with the user;
 * - `step`: a WARN code naming the next step in `data.next`;
 * - `redirect`: -990000010010, the account belongs to another location (go there after 3 seconds);
 * - `restart`: the pending sign-in is over (ticket expired -102, attempt limit, change-password
 *   timeout, account locked): back to /login with the message;
 * - `refused`: anything else; the page shows the message and stays.
 */
export type SignInOutcome =
  | { kind: 'signed-in'; user: LoginUser; data: SignInResponse; code: number; message: string }
  | { kind: 'step'; step: LoginStep; code: number; message: string; deviceToken?: string }
  | { kind: 'redirect'; url: string; message: string }
  | { kind: 'restart'; code: number; message: string }
  | { kind: 'refused'; code: number; message: string };

/** The parts of an API answer or ApiError this needs (kept structural so it stays a pure function). */
export interface SignInAnswer {
  code: number;
  message: string;
  data?: unknown;
}

const restartCodes: ReadonlySet<number> = new Set([
  codes.tokenTimeout.code,
  codes.loginNumberLimit.code,
  codes.loginChangePasswordTimeout.code,
  codes.loginAccountLocked.code,
]);

const asResponse = (data: unknown): SignInResponse => (data && typeof data === 'object' ? (data as SignInResponse) : {});

/** Only an absolute http(s) URL is followed (never `javascript:` or a relative path). */
export function safeRedirectUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

export function classifySignIn(answer: SignInAnswer): SignInOutcome {
  const data = asResponse(answer.data);
  const { code, message } = answer;
  if (data.user && (code === codes.ok.code || code === codes.passwordChanged.code)) return { kind: 'signed-in', user: data.user, data, code, message };
  if (data.next?.ticket) return { kind: 'step', step: data.next, code, message, ...(data.device_token ? { deviceToken: data.device_token } : {}) };
  if (code === codes.loginDifferentLocation.code) {
    const url = safeRedirectUrl(data.redirect_url);
    if (url) return { kind: 'redirect', url, message };
  }
  if (restartCodes.has(code)) return { kind: 'restart', code, message };
  return { kind: 'refused', code, message };
}
