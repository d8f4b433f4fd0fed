import { beforeAll, describe, expect, it } from 'vitest';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '#lib/clients.ts';
import { config } from '#lib/config.ts';
import { epochSeconds } from '#lib/data/table.ts';
import { attemptsKey } from '#data/sign-in-attempts.ts';
import { sourceWindow, sourceWindowKey } from '#data/source-attempts.ts';
import { operatorUnlock } from '#domain/lock-out.ts';
import { defaultPasswordPolicy } from '#shared/schemas/security.ts';
import type { SignInResponse } from '#shared/schemas/auth.ts';
import { call, post, postFrom } from './support/api.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';
import { aPasswordPolicy, aSecondStepGroup, aSignedOutUser } from './support/factories.ts';
import { LOCKED, TABLE, TICKET_INVALID, WRONG_DATA, expectSignedIn, expectStep, login, mailedCode, visible } from './support/sign-in-suite.ts';

/**
 * The lock-out and the source throttle (docs/sign-in.md, "Lock-out"): attempts are taken before a
 * password is judged, a locked pair judges nothing, made-up accounts lock the same way, wrong
 * current passwords count too, and an operator can unlock anyone.
 */
const THROTTLED = 'Too many failed sign-in attempts from your network. Please wait a few minutes and try again.';
const storedAttempts = async (kykId: string, userId: string) =>
  (await db().send(new GetCommand({ TableName: TABLE(), Key: attemptsKey(kykId, userId), ConsistentRead: true }))).Item;
const userStatus = async (t: TestTenant, userId: string) => (await call('com/user_info', { user_id: userId }, t.token)).body.data!.user.status;

describe('the lock-out', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
    await aPasswordPolicy(t, { max_login_attempts: 3, mail_notify_lock: 0 });
  });

  it('judges no password once locked: the right one and a wrong one answer alike', async () => {
    const user = await aSignedOutUser(t);
    for (let attempt = 1; attempt <= 3; attempt += 1) expect((await login(t.kykId, user.userId, `wrong-${attempt}`)).body.message).toBe(WRONG_DATA);
    expect(await userStatus(t, user.userId)).toBe(9);
    const right = await login(t.kykId, user.userId, user.password);
    const wrong = await login(t.kykId, user.userId, 'wrong-again');
    expect(visible(right)).toEqual({ status: 200, code: -990000010007, level: 'ERROR', message: LOCKED, data: null, fields: undefined });
    expect(visible(wrong)).toEqual(visible(right));
    // Nothing more was counted: the pair stays at the maximum.
    expect((await storedAttempts(t.kykId, user.userId))?.attempts).toBe(3);
  });

  it('evaluates no more than the maximum of many parallel guesses', async () => {
    const policy = await newTenant();
    await aPasswordPolicy(policy, { max_login_attempts: 10, mail_notify_lock: 0 });
    const user = await aSignedOutUser(policy);
    const answers = await Promise.all(Array.from({ length: 41 }, (_, index) => login(policy.kykId, user.userId, `guess-${index}`)));
    const codes = answers.map((answer) => answer.body.code);
    expect(codes.filter((code) => code === -990000010001)).toHaveLength(10);
    expect(codes.filter((code) => code === -990000010007)).toHaveLength(31);
    expect((await storedAttempts(policy.kykId, user.userId))?.attempts).toBe(10);
    expect(await userStatus(policy, user.userId)).toBe(9);
  });

  it('locks a made-up account exactly as a real one, for the kept days', async () => {
    const real = await aSignedOutUser(t);
    const pairs: [string, string][] = [[t.kykId, real.userId], [t.kykId, 'nobody1'], ['nosuchcontract9', 'nobody2']];
    const max = (kyk: string) => (kyk === t.kykId ? 3 : defaultPasswordPolicy.max_login_attempts);
    for (const [kyk, userId] of pairs) {
      for (let attempt = 1; attempt <= max(kyk); attempt += 1) expect((await login(kyk, userId, `wrong-${attempt}`)).body.code).toBe(-990000010001);
    }
    const afterwards = await Promise.all(pairs.map(([kyk, userId]) => login(kyk, userId, real.password)));
    for (const answer of afterwards) expect(visible(answer)).toEqual(visible(afterwards[0]!));
    expect(afterwards[0]!.body.code).toBe(-990000010007);
    const kept = await storedAttempts(t.kykId, 'nobody1');
    expect(kept?.ttl).toBeGreaterThan(epochSeconds() + (config.signInAttemptsKeepDays - 1) * 86_400);
  });

  it('gives back the attempt of a right password, and forgets failures once a sign-in completes', async () => {
    const user = await aSignedOutUser(t);
    await login(t.kykId, user.userId, 'wrong-1');
    await login(t.kykId, user.userId, 'wrong-2');
    // Two wrong and a right one at the maximum of three: the right one is no guess and does not lock.
    await expectSignedIn(await login(t.kykId, user.userId, user.password, { force_flg: 1 }));
    expect(await storedAttempts(t.kykId, user.userId)).toBeUndefined();
    expect(await userStatus(t, user.userId)).toBe(0);
  });

  it('counts wrong current passwords of a password change toward the same lock-out, which ends the session', async () => {
    const user = await aSignedOutUser(t);
    const token = await user.signIn();
    const change = (current: string) => call('com/passchange_btn', { current_password: current, new_password: 'Another-pass-42', confirm_password: 'Another-pass-42' }, token);
    for (let attempt = 1; attempt <= 2; attempt += 1) expect((await change(`wrong-${attempt}`)).body.code).toBe(-990000020200);
    expect((await change('wrong-3')).body.code).toBe(-990000020200);
    expect(await userStatus(t, user.userId)).toBe(9);
    expect((await call('com/check_login_info', {}, token)).body.code).toBe(-102);
    expect((await login(t.kykId, user.userId, user.password)).body.code).toBe(-990000010007);
  });

  it('lets the operator unlock any account, failures forgotten, with an audit record', async () => {
    const user = await aSignedOutUser(t);
    for (let attempt = 1; attempt <= 3; attempt += 1) await login(t.kykId, user.userId, `wrong-${attempt}`);
    expect(await userStatus(t, user.userId)).toBe(9);
    expect(await operatorUnlock(t.kykId, user.userId)).toBe('unlocked');
    expect(await storedAttempts(t.kykId, user.userId)).toBeUndefined();
    await expectSignedIn(await login(t.kykId, user.userId, user.password, { force_flg: 1 }));
    const { Items = [] } = await db().send(new QueryCommand({
      TableName: process.env.AUDIT_TABLE_NAME!, IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': `T#${t.kykId}#AUDIT#ITEM#user#${user.userId}` },
    }));
    expect(Items.map((item) => [item.action, item.user_id])).toContainEqual(['user.unlock', 'operator']);
    await expect(operatorUnlock(t.kykId, 'nobody-here')).rejects.toThrow('No user "nobody-here"');
  });

  it('does not hold guesses made at a user ID against the account registered with it later', async () => {
    for (let attempt = 1; attempt <= 3; attempt += 1) await login(t.kykId, 'newcomer7', `wrong-${attempt}`);
    expect((await login(t.kykId, 'newcomer7', 'anything')).body.code).toBe(-990000010007);
    const registered = await call('com/user_info_reg_btn', { user_id: 'newcomer7', user_nm: 'Newcomer', email: 'newcomer7@example.com', password: 'Newcomer-pass-42' }, t.token);
    expect(registered.body.code, JSON.stringify(registered.body)).toBe(990000210001);
    expect((await login(t.kykId, 'newcomer7', 'Newcomer-pass-42')).body.code).toBe(-990000010009);
  });
});

describe('parallel wrong second-step codes', () => {
  it('answer a wrong code or the limit, never an expired sign-in, and count one failed sign-in', async () => {
    const t = await newTenant();
    const user = await aSignedOutUser(t, { email: `race-${t.kykId}@example.com` });
    await aSecondStepGroup(t, 1, [user.userId]);
    const next = expectStep(await login(t.kykId, user.userId, user.password), -990000010013, 'otp-mail');
    const code = await mailedCode(`race-${t.kykId}@example.com`);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(Array.from({ length: 20 }, () => call('login/login_two_step', { ticket: next.ticket, auth_code: wrong })));
    const codes = answers.map((answer) => answer.body.code);
    expect(codes.filter((answer) => answer === -990000010014)).toHaveLength(4);
    expect(codes.filter((answer) => answer === -990000010015)).toHaveLength(16);
    expect(answers.map((answer) => answer.body.message)).not.toContain(TICKET_INVALID);
    // Late requests hear the limit too, and the sign-in counted once toward the lock-out.
    expect((await call('login/login_two_step', { ticket: next.ticket, auth_code: code })).body.code).toBe(-990000010015);
    expect((await storedAttempts(t.kykId, user.userId))?.attempts).toBe(1);
  });
});

describe('the source throttle', () => {
  const fill = async (address: string, used: number) => {
    const seconds = config.signInSourceWindowMinutes * 60;
    const now = sourceWindow(address, seconds);
    // The window in force and the next one, so a test running across the boundary finds it full too.
    for (const start of [now.start, now.start + seconds]) {
      await db().send(new PutCommand({ TableName: TABLE(), Item: { ...sourceWindowKey(address, start), attempts: used, ttl: start + 2 * seconds } }));
    }
    return now;
  };

  it('refuses an address whose failures reached the limit before judging anything (-990000010018, 429)', async () => {
    const t = await newTenant();
    const user = await aSignedOutUser(t);
    await fill('127.0.0.9', config.signInSourceLimit - 1);
    expect((await postFrom('127.0.0.9', 'login/login_btn', { kyk_id: t.kykId, user_id: user.userId, password: 'wrong' })).body.code).toBe(-990000010001);
    const refused = await postFrom('127.0.0.9', 'login/login_btn', { kyk_id: t.kykId, user_id: user.userId, password: user.password });
    expect(visible(refused)).toEqual({ status: 429, code: -990000010018, level: 'ERROR', message: THROTTLED, data: null, fields: undefined });
    // The refused attempt was not judged: the pair counted only the one wrong password.
    expect((await storedAttempts(t.kykId, user.userId))?.attempts).toBe(1);
    // Another address is not held up.
    await expectSignedIn(await postFrom('127.0.0.10', 'login/login_btn', { kyk_id: t.kykId, user_id: user.userId, password: user.password }));
  });

  it('gives back the attempts of successful sign-ins, so an office behind one address is not held up', async () => {
    const t = await newTenant();
    const user = await aSignedOutUser(t);
    const window = await fill('127.0.0.11', config.signInSourceLimit - 1);
    for (let round = 0; round < 3; round += 1) {
      const result = await postFrom('127.0.0.11', 'login/login_btn', { kyk_id: t.kykId, user_id: user.userId, password: user.password, force_flg: 1 });
      expect(result.body.code, JSON.stringify(result.body)).toBe(0);
    }
    const { Item } = await db().send(new GetCommand({ TableName: TABLE(), Key: sourceWindowKey(window.address, window.start), ConsistentRead: true }));
    expect(Item?.attempts).toBe(config.signInSourceLimit - 1);
  });
});

describe('sign-in history and sessions', () => {
  it('records every outcome with address and browser (never the password) and lets an administrator end the session', async () => {
    const t = await newTenant();
    const other = await newTenant();
    const user = await aSignedOutUser(t);
    const browser = { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36' };
    await post<SignInResponse>('login/login_btn', { kyk_id: t.kykId, user_id: user.userId, password: 'Secret-wrong-guess-1' }, undefined, browser);
    const signedIn = await post<SignInResponse>('login/login_btn', { kyk_id: t.kykId, user_id: user.userId, password: user.password }, undefined, browser);
    const token = await expectSignedIn(signedIn);

    const history = await call('com/user_signin_history', { user_id: user.userId }, t.token);
    expect(history.body.code).toBe(0);
    // Newest first; the registration's own first sign-in follows these two.
    expect(history.body.data!.events.slice(0, 2).map(({ outcome, ip_address, browser: seen }) => ({ outcome, ip_address, seen }))).toEqual([
      { outcome: 'success', ip_address: '127.0.0.1', seen: 'Chrome 156 / Windows' },
      { outcome: 'wrong_data', ip_address: '127.0.0.1', seen: 'Chrome 156 / Windows' },
    ]);
    expect(history.body.data!.session).toMatchObject({ ip_address: '127.0.0.1', browser: 'Chrome 156 / Windows' });
    const { Items = [] } = await db().send(new QueryCommand({
      TableName: process.env.AUDIT_TABLE_NAME!, IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': `T#${t.kykId}#AUDIT#ITEM#signin#${user.userId}` },
    }));
    expect(JSON.stringify(Items)).not.toContain('Secret-wrong-guess-1');
    expect(JSON.stringify(Items)).not.toContain(user.password);

    // Another contract's administrator reaches neither the history nor the session.
    expect((await call('com/user_signin_history', { user_id: user.userId }, other.token)).body.code).not.toBe(0);
    expect((await call('com/user_session_end_btn', { user_id: user.userId }, other.token)).body.code).not.toBe(0);
    expect((await call('com/check_login_info', {}, token)).body.code).toBe(0);
    // Nor does the user, who is no administrator.
    expect((await call('com/user_session_end_btn', { user_id: user.userId }, token)).body.code).toBe(-101);

    const ended = await call('com/user_session_end_btn', { user_id: user.userId }, t.token);
    expect(ended.body).toMatchObject({ code: 0, data: { session: null } });
    expect((await call('com/check_login_info', {}, token)).body.code).toBe(-102);
    expect((await call('com/user_signin_history', { user_id: user.userId }, t.token)).body.data!.session).toBeNull();
    // The account stays available.
    await expectSignedIn(await login(t.kykId, user.userId, user.password));
  });
});
