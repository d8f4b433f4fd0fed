import { describe, expect, it } from 'vitest';
import { codes } from '@shared/codes.ts';
import { classifySignIn, safeRedirectUrl } from './sign-in-outcome.ts';

const user = { kyk_id: 'demo', user_id: 'u1', user_nm: 'U One', email: 'u1@example.com', language: 'en', ata_admin_permission: 0, file_regist_method: 0, rights: { admin: 0, drive: 3, individual: 0 } } as const;
const step = { ticket: 't1', step: 'otp-mail', expires_at: '2030-01-01T00:00:00Z', email_masked: 'u***@example.com', trust_days: 30 } as const;

describe('classifySignIn', () => {
  it('is signed in on code 0 and on the forced change success with the user', () => {
    expect(classifySignIn({ code: 0, message: '', data: { user } })).toMatchObject({ kind: 'signed-in', user });
    expect(classifySignIn({ code: codes.passwordChanged.code, message: 'Change password success', data: { user } })).toMatchObject({
      kind: 'signed-in',
      message: 'Change password success',
    });
  });

  it('names the next step a WARN code carries', () => {
    for (const code of [codes.loginMailOtpNeeded, codes.loginTotpNeeded, codes.loginPasswordChangeRequired, codes.loginPasswordTimeout, codes.loginPasswordNotSatisfying, codes.loginInfoChangeRequired]) {
      expect(classifySignIn({ code: code.code, message: 'm', data: { next: step } })).toEqual({ kind: 'step', step, code: code.code, message: 'm' });
    }
  });

  it('redirects to another location only to an http(s) URL', () => {
    expect(classifySignIn({ code: codes.loginDifferentLocation.code, message: 'm', data: { redirect_url: 'https://other.example.com/login' } })).toEqual({
      kind: 'redirect',
      url: 'https://other.example.com/login',
      message: 'm',
    });
    expect(classifySignIn({ code: codes.loginDifferentLocation.code, message: 'm', data: { redirect_url: 'javascript:alert(1)' } }).kind).toBe('refused');
    expect(safeRedirectUrl('/relative')).toBeUndefined();
  });

  it('starts again on an expired ticket, the attempt limit, the change-password timeout and a lock', () => {
    for (const code of [codes.tokenTimeout, codes.loginNumberLimit, codes.loginChangePasswordTimeout, codes.loginAccountLocked]) {
      expect(classifySignIn({ code: code.code, message: 'm', data: null }).kind).toBe('restart');
    }
  });

  it('stays on the page for other refusals', () => {
    for (const code of [codes.loginWrongOtp, codes.loginWrongData, codes.input, codes.loginLimitedByAdmin]) {
      expect(classifySignIn({ code: code.code, message: 'm' }).kind).toBe('refused');
    }
  });
});
