import jwt from 'jsonwebtoken';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '#lib/clients.ts';
import { contractKey } from '#data/contracts.ts';
import { ipPolicyKey } from '#data/ip-entries.ts';
import { defaultPasswordPolicy } from '#shared/schemas/security.ts';
import { call, post, signIn } from './support/api.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';
import { type StoredMail, TABLE, WRONG_DATA, LOCKED, EXPIRED, CHANGED, login, setUser, mailedCode, expectStep, expectSignedIn, visible } from './support/sign-in-suite.ts';
import { aPasswordPolicy, aSecondStepGroup, aSignedOutUser } from './support/factories.ts';

describe('password sign-in (login_btn)', () => {
  let t: TestTenant;
  beforeAll(async () => { t = await newTenant(); });

  it('answers the same for an unknown contract, an unknown user and a wrong password', async () => {
    const user = await aSignedOutUser(t);
    const answers = await Promise.all([
      login('nosuchcontract', user.userId, user.password),
      login(t.kykId, 'nosuchuser', user.password),
      login(t.kykId, user.userId, 'wrong-password'),
      login(t.kykId, 'bad id!', 'x'),
    ]);
    for (const answer of answers) expect(visible(answer)).toEqual({ status: 200, code: -990000010001, level: 'ERROR', message: WRONG_DATA, data: null, fields: undefined });
  });

  it('locks the account at the policy maximum, a made-up one alike; an administrator unlocks it', async () => {
    await aPasswordPolicy(t, { max_login_attempts: 3, mail_notify_lock: 1 });
    const user = await aSignedOutUser(t, { email: `lock-${t.kykId}@example.com` });
    for (let attempt = 1; attempt <= 3; attempt += 1) expect((await login(t.kykId, user.userId, `wrong-${attempt}`)).body.message).toBe(WRONG_DATA);
    // The lock-out says nothing about the account: a made-up one locks the same way.
    for (let attempt = 1; attempt <= 3; attempt += 1) expect((await login(t.kykId, 'madeup1', `wrong-${attempt}`)).body.message).toBe(WRONG_DATA);
    expect(visible(await login(t.kykId, user.userId, 'wrong-again'))).toEqual(visible(await login(t.kykId, 'madeup1', 'wrong-again')));
    const locked = await login(t.kykId, user.userId, user.password);
    expect(locked.body).toMatchObject({ code: -990000010007, msg_level: 'ERROR', message: LOCKED });
    const detail = await call('com/user_info', { user_id: user.userId }, t.token);
    expect(detail.body.data!.user.status).toBe(9);
    const response = await fetch(new URL('store', inject('stack').mailViewer));
    const { emails } = (await response.json()) as { emails: StoredMail[] };
    expect(emails.some((mail) => mail.destination.to.includes(`lock-${t.kykId}@example.com`) && mail.subject === 'Your account has been locked')).toBe(true);

    const unlocked = await call('com/user_info_unlapse_btn', { user_id: user.userId, row_version: detail.body.data!.user.row_version, require_password_change: 0 }, t.token);
    expect(unlocked.body.code).toBe(990000210004);
    // The count starts again: two wrong ones do not lock.
    await login(t.kykId, user.userId, 'wrong-1');
    await login(t.kykId, user.userId, 'wrong-2');
    await expectSignedIn(await login(t.kykId, user.userId, user.password));
    await aPasswordPolicy(t, { max_login_attempts: defaultPasswordPolicy.max_login_attempts });
  });

  it('refuses a suspended account (-990000010002) and a stopped contract', async () => {
    const user = await aSignedOutUser(t);
    await setUser(t.kykId, user.userId, { status: 1 });
    expect((await login(t.kykId, user.userId, user.password)).body.code).toBe(-990000010002);
    expect((await login(t.kykId, user.userId, 'wrong')).body.code).toBe(-990000010001);
    const stopped = await newTenant({ signIn: false });
    await db().send(new UpdateCommand({ TableName: TABLE(), Key: contractKey(stopped.kykId), UpdateExpression: 'SET #s = :stopped', ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':stopped': 'stopped' } }));
    expect((await login(stopped.kykId, 'admin', stopped.password)).body.code).toBe(-990000010002);
  });

  it('asks before replacing a live session, before any second step', async () => {
    const user = await aSignedOutUser(t);
    await aSecondStepGroup(t, 1, [user.userId]);
    const first = await login(t.kykId, user.userId, user.password);
    const code = await mailedCode(`${user.userId}@example.com`);
    const token = await expectSignedIn(await call('login/login_two_step', { ticket: first.body.data!.next!.ticket, auth_code: code }));
    const again = await login(t.kykId, user.userId, user.password);
    expect(again.body.code).toBe(-990000010003);
    const forced = await login(t.kykId, user.userId, user.password, { force_flg: 1 });
    const next = expectStep(forced, -990000010013, 'otp-mail');
    // The old session lives until the new one starts.
    expect((await call('com/check_login_info', {}, token)).body.code).toBe(0);
    await expectSignedIn(await call('login/login_two_step', { ticket: next.ticket, auth_code: await mailedCode(`${user.userId}@example.com`) }));
    expect((await call('com/check_login_info', {}, token)).body.code).toBe(-102);
  });

  it('refuses tampered, expired and other-session tokens (-102)', async () => {
    const user = await aSignedOutUser(t);
    const token = await user.signIn();
    const [head, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const otherTenant = Buffer.from(JSON.stringify({ ...claims, kyk: 'someone-else' })).toString('base64url');
    const secret = inject('stack').functionEnv.TOKEN_SECRET!;
    const expired = jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 }, secret, { algorithm: 'HS256' });
    const noneAlg = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    for (const bad of [`${head}.${otherTenant}.${signature}`, `${token}x`, expired, noneAlg]) {
      expect((await call('com/check_login_info', {}, bad)).body).toMatchObject({ code: -102 });
    }
    await signIn(t.kykId, user.userId, user.password, 1);
    expect((await call('com/check_login_info', {}, token)).body.code).toBe(-102);
  });

  it('refuses a sign-in from outside the IP allow-list, whatever X-Forwarded-For says (-990000010017)', async () => {
    const other = await newTenant();
    await db().send(new PutCommand({ TableName: TABLE(), Item: { ...ipPolicyKey(other.kykId, '0'), kyk_id: other.kykId, user_group_id: '0', cidrs: ['203.0.113.0/24'], row_version: 1 } }));
    const refused = await login(other.kykId, 'admin', other.password, { force_flg: 1 }, { 'x-forwarded-for': '203.0.113.7', 'x-real-ip': '203.0.113.7' });
    expect(refused.body).toMatchObject({ code: -990000010017, message: 'Sign-in has been restricted by your administrator.' });
    expect(refused.token).toBeUndefined();
    // The session it held is refused on every call too.
    expect((await call('com/check_login_info', {}, other.token)).body.code).toBe(-990000010017);
    await db().send(new PutCommand({ TableName: TABLE(), Item: { ...ipPolicyKey(other.kykId, '0'), kyk_id: other.kykId, user_group_id: '0', cidrs: ['127.0.0.0/8'], row_version: 2 } }));
    await expectSignedIn(await login(other.kykId, 'admin', other.password, { force_flg: 1 }));
  });
});

describe('forced password changes (passchange_lnk)', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
    await aPasswordPolicy(t, { pwd_min_len_val: 10, pwd_alphanumeric: 1, mail_notify_password_change: 0 });
  });

  it('makes a new user change the temporary password at the first sign-in, then signs in (990000210002)', async () => {
    const created = await call('com/user_info_reg_btn', { regist_mode: 0, user_id: 'newbie', user_nm: 'New Bie', email: 'newbie@example.com' }, t.token);
    expect(created.body.code, JSON.stringify(created.body)).toBe(990000210001);
    const temporary = created.body.data!.temporary_password!;
    const next = expectStep(await login(t.kykId, 'newbie', temporary), -990000010009, 'password-change');
    expect(next).toMatchObject({ reason: 'first', policy: { pwd_min_len_val: 10, pwd_alphanumeric: 1 } });

    const short = await call('com/passchange_lnk', { ticket: next.ticket, new_password: 'abc123', confirm_password: 'abc123' });
    expect(short.body).toMatchObject({ code: -990000020101, message: 'Please enter a new password with at least 10 characters and no more than 32 characters.' });
    const mismatch = await call('com/passchange_lnk', { ticket: next.ticket, new_password: 'abcdefgh1234', confirm_password: 'abcdefgh12345' });
    expect(mismatch.body).toMatchObject({ code: -990000020300, message: 'Password and confirmation password do not match.' });
    const empty = await post('com/passchange_lnk', { ticket: next.ticket, new_password: '　 ', confirm_password: ' ' });
    expect(empty.body.code).toBe(-4);
    expect((empty.body.info as { fields: Record<string, string> }).fields).toEqual({ new_password: 'Please enter a new password.', confirm_password: 'Please enter a confirmation password.' });

    const done = await call('com/passchange_lnk', { ticket: next.ticket, new_password: 'river-stone-42', confirm_password: 'river-stone-42' });
    expect(done.body).toMatchObject({ code: 990000210002, message: CHANGED, data: { user: { user_id: 'newbie' } } });
    await expectSignedIn(done);
    // The ticket is spent, and the temporary password is gone.
    expect((await call('com/passchange_lnk', { ticket: next.ticket, new_password: 'other-stone-43', confirm_password: 'other-stone-43' })).body.code).toBe(-990000010006);
    expect((await login(t.kykId, 'newbie', temporary)).body.code).toBe(-990000010001);
    const detail = await call('com/user_info', { user_id: 'newbie' }, t.token);
    expect(detail.body.data!.user.password_change_required).toBe(0);
  });

  it('says "reset" after an administrator reset, and -990000010006 once the temporary password has expired', async () => {
    const user = await aSignedOutUser(t);
    await user.signIn();
    const detail = await call('com/user_info', { user_id: user.userId }, t.token);
    const reset = await call('com/user_info_passchge_btn', { user_id: user.userId, row_version: detail.body.data!.user.row_version, delivery: 'show' }, t.token);
    const temporary = reset.body.data!.temporary_password!;
    expect(expectStep(await login(t.kykId, user.userId, temporary, { force_flg: 1 }), -990000010009, 'password-change').reason).toBe('reset');
    await setUser(t.kykId, user.userId, { temp_password_expires_at: new Date(Date.now() - 1000).toISOString() });
    expect((await login(t.kykId, user.userId, temporary, { force_flg: 1 })).body.code).toBe(-990000010006);
  });

  it('sends an expired password to the change (-990000010005) and warns before it expires', async () => {
    await aPasswordPolicy(t, { pwd_expiry_days: 30, pwd_expiry_warning_days: 7 });
    const user = await aSignedOutUser(t);
    await setUser(t.kykId, user.userId, { password_changed_at: new Date(Date.now() - 31 * 86_400_000).toISOString() });
    const expired = await login(t.kykId, user.userId, user.password);
    expect(expired.body.message).toBe(EXPIRED);
    expect(expectStep(expired, -990000010005, 'password-change').reason).toBe('expired');
    await setUser(t.kykId, user.userId, { password_changed_at: new Date(Date.now() - 25 * 86_400_000).toISOString() });
    const warned = await login(t.kykId, user.userId, user.password);
    await expectSignedIn(warned);
    expect(warned.body.data!.password_expires_in_days).toBe(5);
    await aPasswordPolicy(t, { pwd_expiry_days: 0 });
  });

  it('sends a password that no longer meets the policy to the change (-990000010004)', async () => {
    const user = await aSignedOutUser(t);
    // Factory passwords (support/passwords.ts) have 21 characters.
    await aPasswordPolicy(t, { pwd_min_len_val: 24 });
    const next = expectStep(await login(t.kykId, user.userId, user.password), -990000010004, 'password-change');
    expect(next.reason).toBe('policy');
    await aPasswordPolicy(t, { pwd_min_len_val: 10 });
  });
});
