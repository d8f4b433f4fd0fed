import jwt from 'jsonwebtoken';
import { beforeAll, describe, expect, it } from 'vitest';
import { isLive, readSession, sessionKey } from '#data/sessions.ts';

const liveSession = async (kykId: string, userId: string) => {
  const session = await readSession(kykId, userId);
  return session && isLive(session) ? session : undefined;
};
import { call, post, signIn } from './support/api.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

const WRONG_DATA = -990000010001;

describe('sign-in', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await newTenant({ signIn: false });
  });

  it('signs in, answers the user and returns the first token in the Authorization header', async () => {
    const result = await call('login/login_btn', { kyk_id: tenant.kykId, user_id: 'admin', password: tenant.password, force_flg: 0 });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ code: 0, msg_level: 'INFO', data: { user: { kyk_id: tenant.kykId, user_id: 'admin', user_nm: '管理者 太郎', ata_admin_permission: 1 } } });
    expect(result.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(JSON.stringify(result.body)).not.toMatch(/password_hash|scrypt|\$/);
    await call('login/logout_btn', {}, result.token);
  });

  it('answers the same code and message for a wrong contract, user or password', async () => {
    const attempts = [
      { kyk_id: 'nosuchcontract', user_id: 'admin', password: tenant.password },
      { kyk_id: tenant.kykId, user_id: 'nobody', password: tenant.password },
      { kyk_id: tenant.kykId, user_id: 'admin', password: 'wrong-password' },
      { kyk_id: 'bad#id', user_id: 'admin', password: tenant.password },
    ];
    const results = await Promise.all(attempts.map((body) => call('login/login_btn', body)));
    for (const result of results) {
      expect(result.status).toBe(200);
      expect(result.body).toMatchObject({ code: WRONG_DATA, msg_level: 'ERROR', message: 'The contract ID, user ID or password is incorrect.', data: null });
      expect(result.token).toBeUndefined();
    }
    expect(await readSession(tenant.kykId, 'admin')).toBeUndefined();
  });

  it('refuses empty and whitespace-only fields (full-width spaces too) with "This field is required"', async () => {
    const result = await post('login/login_btn', { kyk_id: '　 ', user_id: '', password: '\u3000' });
    expect(result.status).toBe(400);
    expect(result.body.code).toBe(-4);
    expect(result.body.info?.fields).toEqual({ kyk_id: 'This field is required', user_id: 'This field is required', password: 'This field is required' });
    expect(await readSession(tenant.kykId, 'admin')).toBeUndefined();
  });

  it('answers the field messages in Japanese when asked', async () => {
    const result = await post('login/login_btn', { kyk_id: '', user_id: 'admin', password: 'x', language: 'ja' });
    expect(result.body.info?.fields).toEqual({ kyk_id: 'この項目は必須です' });
    const wrong = await post('login/login_btn', { kyk_id: 'nosuch', user_id: 'admin', password: 'x', language: 'ja' });
    expect(wrong.body.message).toBe('契約ID、ユーザーIDまたはパスワードが正しくありません。');
  });

  it('refuses over-long and unknown fields', async () => {
    const result = await post('login/login_btn', { kyk_id: tenant.kykId, user_id: 'a'.repeat(13), password: 'x', extra: 1 });
    expect(result.status).toBe(400);
    expect(result.body.info?.fields).toEqual({ user_id: 'Please enter no more than 12 characters.', extra: 'This field is not accepted.' });
  });

  it('answers -4 with HTTP 400 for malformed JSON', async () => {
    const result = await post('login/login_btn', '{"kyk_id": ');
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ code: -4, msg_level: 'ERROR', info: { fields: { body: 'The request body is not valid JSON.' } } });
  });

  it('answers a 404 envelope for an unknown path', async () => {
    const result = await post('com/no_such_call', {});
    expect(result.status).toBe(404);
    expect(result.body).toMatchObject({ code: -3, msg_level: 'ERROR', data: null });
  });

  it('refuses a second sign-in while a session lives (-990000010003) unless force_flg is 1, which ends the other session', async () => {
    const first = await signIn(tenant.kykId, 'admin', tenant.password);
    const second = await call('login/login_btn', { kyk_id: tenant.kykId, user_id: 'admin', password: tenant.password });
    expect(second.body).toMatchObject({ code: -990000010003, msg_level: 'WARN' });
    expect(second.token).toBeUndefined();
    const before = await liveSession(tenant.kykId, 'admin');

    const forced = await signIn(tenant.kykId, 'admin', tenant.password, 1);
    expect((await call('com/check_login_info', {}, first)).body.code).toBe(-102);
    const alive = await call('com/check_login_info', {}, forced);
    expect(alive.body).toMatchObject({ code: 0, data: { logged_in: true } });
    expect((await liveSession(tenant.kykId, 'admin'))?.session_id).not.toBe(before?.session_id);
    // Logging out the ended session does not end the new one.
    await call('login/logout_btn', {}, first);
    expect((await call('com/check_login_info', {}, forced)).body.code).toBe(0);
    await call('login/logout_btn', {}, forced);
  });

  it('lets exactly one of several concurrent sign-ins of the same account win', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () =>
      call('login/login_btn', { kyk_id: tenant.kykId, user_id: 'admin', password: tenant.password })));
    expect(results.map((result) => result.body.code).sort()).toEqual([-990000010003, -990000010003, -990000010003, -990000010003, -990000010003, 0]);
    const winner = results.find((result) => result.body.code === 0)!;
    expect((await call('com/check_login_info', {}, winner.token)).body.code).toBe(0);
    await call('login/logout_btn', {}, winner.token);
  });

  it('leaves exactly one live token after concurrent forced sign-ins', async () => {
    const results = await Promise.all(Array.from({ length: 4 }, () =>
      call('login/login_btn', { kyk_id: tenant.kykId, user_id: 'admin', password: tenant.password, force_flg: 1 })));
    expect(results.every((result) => result.body.code === 0)).toBe(true);
    const alive = await Promise.all(results.map((result) => call('com/check_login_info', {}, result.token)));
    expect(alive.filter((result) => result.body.code === 0)).toHaveLength(1);
    await call('login/logout_btn', {}, results[alive.findIndex((result) => result.body.code === 0)]!.token);
  });
});

describe('tokens and sessions', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await newTenant();
  });

  it('refreshes the token on every authenticated response and answers the signed-in user', async () => {
    const result = await call('com/get_login_user_info', {}, tenant.token);
    expect(result.status).toBe(200);
    expect(result.body.data?.user).toMatchObject({ kyk_id: tenant.kykId, user_id: 'admin', language: 'en' });
    expect(result.token).toBeDefined();
    expect((await call('com/check_login_info', {}, result.token)).body.code).toBe(0);
  });

  it('answers -102 with HTTP 401 without a token, with a tampered one and with an expired one', async () => {
    const missing = await call('com/get_login_user_info', {});
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ code: -102, message: 'Your session has timed out. Please sign in again.' });

    const [header, payload, signature] = tenant.token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, kyk: 'other' })).toString('base64url');
    expect((await call('com/get_login_user_info', {}, `${header}.${forgedPayload}.${signature}`)).body.code).toBe(-102);
    expect((await call('com/get_login_user_info', {}, `${header}.${payload}.${signature.slice(0, -2)}xx`)).body.code).toBe(-102);

    const expired = jwt.sign({ kyk: claims.kyk, sid: claims.sid, exp: Math.floor(Date.now() / 1000) - 1 }, process.env.TOKEN_SECRET!, { algorithm: 'HS256', subject: 'admin' });
    expect((await call('com/get_login_user_info', {}, expired)).body.code).toBe(-102);
    const unsigned = jwt.sign({ kyk: claims.kyk, sid: claims.sid }, '', { algorithm: 'none', subject: 'admin' });
    expect((await call('com/get_login_user_info', {}, unsigned)).body.code).toBe(-102);
  });

  it('answers -102 once the session has been idle past its timeout', async () => {
    const token = await signIn(tenant.kykId, 'admin', tenant.password, 1);
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { db } = await import('#lib/clients.ts');
    await db().send(new UpdateCommand({
      TableName: process.env.TABLE_NAME, Key: sessionKey(tenant.kykId, 'admin'),
      UpdateExpression: 'SET expires_at = :past', ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
    }));
    expect((await call('com/check_login_info', {}, token)).body.code).toBe(-102);
  });

  it('ends the session on logout: the same token answers -102 afterwards', async () => {
    const token = await signIn(tenant.kykId, 'admin', tenant.password, 1);
    const logout = await call('login/logout_btn', {}, token);
    expect(logout.body).toMatchObject({ code: 0, msg_level: 'INFO' });
    expect((await call('com/check_login_info', {}, token)).body.code).toBe(-102);
    expect(await readSession(tenant.kykId, 'admin')).toBeUndefined();
  });
});

describe('language', () => {
  it("saves the user's language; server messages follow it", async () => {
    const tenant = await newTenant();
    const changed = await call('com/chang_language', { language: 'ja' }, tenant.token);
    expect(changed.body).toMatchObject({ code: 0, data: { user: { language: 'ja' } } });
    const missing = await call('com_drive/drive_info', { folder_id: '00000000-0000-4000-8000-000000000000' }, tenant.token);
    expect(missing.body.message).toBe('フォルダーまたはファイルが存在しません。移動または削除された可能性があります。');
    const invalid = await post('com/chang_language', { language: 'fr' }, tenant.token);
    expect(invalid.status).toBe(400);
    expect(invalid.body.info?.fields).toEqual({ language: '値が正しくありません。' });
    expect((await call('com/get_login_user_info', {}, tenant.token)).body.data?.user.language).toBe('ja');
  });
});
