import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { defaultPasswordPolicy } from '#shared/schemas/security.ts';
import type { User } from '#data/users.ts';
import { browserOf, deviceIdOf } from '#data/devices.ts';
import { decodeTicket, encodeTicket } from '#data/pending-sign-ins.ts';
import { mailCodeHash, mailCodeMatches, maskEmail, newMailCode } from './otp-mail.ts';
import { deviceKindOf, passwordSecondsLeft } from './sign-in-flow.ts';
import { newTotpSecret, totpActivation, verifyTotp } from './totp.ts';

describe('tickets', () => {
  it('round-trip and refuse anything else', () => {
    const ref = { kykId: 'acme', userId: 'taro.y', ticketId: 'abc_DEF-123abc_DEF-123' };
    expect(decodeTicket(encodeTicket(ref))).toEqual(ref);
    const encoded = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const bad of ['', 'not-base64!', encoded({ a: 1 }), encoded(['acme', 'taro']), encoded(['acme', 'taro', 'short']),
      encoded(['acme#x', 'taro', ref.ticketId]), encoded(['acme', 'taro#USER', ref.ticketId]), encoded(['acme', 'taro', 1])]) {
      expect(decodeTicket(bad), bad).toBeUndefined();
    }
  });
});

describe('mail codes', () => {
  it('are six digits, matched only through the hash of their own ticket', () => {
    const codes = new Set(Array.from({ length: 200 }, newMailCode));
    expect([...codes].every((code) => /^\d{6}$/.test(code))).toBe(true);
    expect(codes.size).toBeGreaterThan(190);
    const hash = mailCodeHash('ticket-1', '012345');
    expect(mailCodeMatches('ticket-1', '012345', hash)).toBe(true);
    expect(mailCodeMatches('ticket-2', '012345', hash)).toBe(false);
    expect(mailCodeMatches('ticket-1', '012346', hash)).toBe(false);
  });

  it('mask the address', () => {
    expect(maskEmail('taro.yamada+1@example.co.jp')).toBe('t***@example.co.jp');
  });
});

describe('authenticator', () => {
  it('accepts a current code once it is newer than the last accepted step, with one step of drift', async () => {
    const secret = newTotpSecret();
    const now = Math.floor(Date.now() / 1000);
    const step = await verifyTotp(secret, await generate({ secret }));
    expect(step).toBe(Math.floor(Date.now() / 1000 / 30));
    expect(await verifyTotp(secret, await generate({ secret }), step)).toBeUndefined();
    expect(await verifyTotp(secret, await generate({ secret, epoch: now - 30 }))).toBeDefined();
    expect(await verifyTotp(secret, await generate({ secret, epoch: now - 120 }))).toBeUndefined();
  });

  it('offers the key grouped in fours and the otpauth URI the page draws as a QR code', () => {
    const secret = newTotpSecret();
    const activation = totpActivation(secret, 'acme', 'taro');
    expect(activation.generation_key.replace(/ /g, '')).toBe(secret);
    expect(activation.generation_key).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    const uri = new URL(activation.otpauth_url);
    expect([uri.protocol, uri.host, decodeURIComponent(uri.pathname)]).toEqual(['otpauth:', 'totp', '/Common Drive:acme:taro']);
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({ secret, issuer: 'Common Drive' });
  });
});

describe('devices', () => {
  it('name the browser people recognise, and store only a hash of the key', () => {
    expect(browserOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36 Edg/156.0.0.0')).toBe('Edge 156 / Windows');
    expect(browserOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15')).toBe('Safari 18 / macOS');
    expect(browserOf('Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0')).toBe('Firefox 140 / Linux');
    expect(browserOf('curl/8.0')).toBe('Browser / Other');
    expect(deviceIdOf('key')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(deviceIdOf('key')).not.toContain('key');
  });

  it('follow the group second step', () => {
    expect([0, 1, 2].map(deviceKindOf)).toEqual([undefined, 'mail', 'totp']);
  });
});

describe('password expiry', () => {
  const user = { password_changed_at: '2026-01-01T00:00:00.000Z', regist_date: '2025-01-01T00:00:00.000Z' } as User;
  const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);
  it('counts from the last change (or the registration), and not at all without expiry days', () => {
    expect(passwordSecondsLeft(user, defaultPasswordPolicy)).toBeUndefined();
    const policy = { ...defaultPasswordPolicy, pwd_expiry_days: 30 };
    expect(passwordSecondsLeft(user, policy, at('2026-01-21T00:00:00.000Z'))).toBe(10 * 86_400);
    expect(passwordSecondsLeft(user, policy, at('2026-02-01T00:00:00.000Z'))).toBe(-86_400);
    expect(passwordSecondsLeft({ ...user, password_changed_at: undefined }, policy, at('2025-01-31T00:00:00.000Z'))).toBe(0);
  });
});
