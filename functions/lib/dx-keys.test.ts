import { beforeAll, describe, expect, it } from 'vitest';
import { signToken, verifyToken } from './tokens.ts';
import { resetTokenSecret } from './token-secret.ts';
import { signDxKey, verifyDxKey } from './dx-keys.ts';

describe('DX auth keys', () => {
  beforeAll(() => {
    process.env.TOKEN_SECRET = 'unit-test-secret-unit-test-secret';
    resetTokenSecret();
  });
  const subject = { kykId: 'acme', userId: 'taro', language: 'ja' };

  it('verifies for its module only, until it expires', async () => {
    const now = Date.UTC(2026, 0, 1);
    const { key, claims } = await signDxKey(subject, 'property', now);
    expect(claims).toMatchObject({ aud: 'property', kyk: 'acme', sub: 'taro', lang: 'ja', exp: claims.iat + 60 });
    expect(await verifyDxKey(key, 'property', now + 59_000)).toEqual(claims);
    expect(await verifyDxKey(key, 'knowledge', now)).toBeUndefined();
    expect(await verifyDxKey(key, 'property', now + 60_000)).toBeUndefined();
  });

  it('is never a session token, and a session token is never a key', async () => {
    const { key } = await signDxKey(subject, 'property');
    expect(await verifyToken(key)).toBeUndefined();
    const session = await signToken({ kyk: 'acme', sub: 'taro', sid: 's', exp: Math.floor(Date.now() / 1000) + 60 });
    expect(await verifyDxKey(session, 'property')).toBeUndefined();
  });

  it('refuses a key whose claims were changed', async () => {
    const { key } = await signDxKey(subject, 'property');
    const [head, body, signature] = key.split('.') as [string, string, string];
    const changed = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), sub: 'admin' })).toString('base64url');
    expect(await verifyDxKey(`${head}.${changed}.${signature}`, 'property')).toBeUndefined();
  });
});
