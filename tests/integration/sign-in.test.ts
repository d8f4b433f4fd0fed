import { generate } from 'otplib';
import jwt from 'jsonwebtoken';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '#lib/clients.ts';
import { contractKey } from '#data/contracts.ts';
import { userKey } from '#data/users.ts';
import { ipPolicyKey } from '#data/ip-entries.ts';
import type { Envelope } from '#shared/envelope.ts';
import type { SignInResponse } from '#shared/schemas/auth.ts';
import { defaultPasswordPolicy, type PasswordPolicy } from '#shared/schemas/security.ts';
import { call, post, signIn, type ApiResult } from './support/api.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';
import { createUser } from './support/users.ts';

const TABLE = () => process.env.TABLE_NAME!;
const WRONG_DATA = 'The contract ID, user ID or password is incorrect.';
const LOCKED = 'User has been locked, please contact your administrator.';
const EXPIRED = 'Your password has expired. Please change your password.';
const NOT_ALLOWED = "This service cannot be used with your contract ID. Please contact your company's administrator.";
const DIFFERENT_LOCATION = 'This account belongs to a different location. We will redirect you within 3 seconds.';
const TICKET_INVALID = 'The sign-in has expired. Please sign in again.';
const CHANGED = 'Change password success';

type SignInResult = ApiResult<SignInResponse>;

const login = (kykId: string, userId: string, password: string, extra: { force_flg?: 0 | 1; device_token?: string } = {}, headers: Record<string, string> = {}) =>
  post<SignInResponse>('login/login_btn', { kyk_id: kykId, user_id: userId, password, ...extra }, undefined, headers);

const setUser = (kykId: string, userId: string, values: Record<string, unknown>) => {
  const names = Object.keys(values);
  return db().send(new UpdateCommand({
    TableName: TABLE(), Key: userKey(kykId, userId),
    UpdateExpression: `SET ${names.map((_, i) => `#n${i} = :v${i}`).join(', ')}`,
    ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#n${i}`, name])),
    ExpressionAttributeValues: Object.fromEntries(names.map((name, i) => [`:v${i}`, values[name]])),
  }));
};

async function savePolicy(t: TestTenant, changes: Partial<PasswordPolicy>) {
  const current = await call('com/security_info', {}, t.token);
  const result = await call('com/security_info_save_btn', { row_version: current.body.data!.row_version, ...current.body.data!.policy, ...changes }, t.token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
}

/** An account-area group asking for the given second step, with the users as members. */
async function secondStepGroup(t: TestTenant, twoStep: 1 | 2, memberIds: string[], mfaDays = 30) {
  const result = await call('com/user_group_reg_btn', {
    product: 'ata', user_group_nm: `MFA ${twoStep} ${Math.random().toString(36).slice(2, 8)}`, two_step: twoStep, mfa_valid_days: mfaDays, member_ids: memberIds,
  }, t.token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!;
}

interface StoredMail { destination: { to: string[] }; subject: string; body: { text?: string } }

/** The newest sign-in code the SES stand-in received for an address. */
async function mailedCode(address: string): Promise<string> {
  const response = await fetch(new URL('store', inject('stack').mailViewer));
  const { emails } = (await response.json()) as { emails: StoredMail[] };
  const codes = emails.filter((mail) => mail.destination.to.includes(address) && mail.subject === 'Your sign-in code')
    .map((mail) => /code for .* is (\d{6})/.exec(mail.body.text ?? '')?.[1]).filter((code): code is string => !!code);
  expect(codes.length, `a code mailed to ${address}`).toBeGreaterThan(0);
  return codes.at(-1)!;
}

const expectStep = (result: SignInResult, code: number, step: string) => {
  expect(result.body.code, JSON.stringify(result.body)).toBe(code);
  expect(result.body.msg_level).toBe('WARN');
  expect(result.token).toBeUndefined();
  expect(result.body.data?.next?.step).toBe(step);
  return result.body.data!.next!;
};

const expectSignedIn = async (result: SignInResult) => {
  expect([0, 990000210002]).toContain(result.body.code);
  expect(result.body.msg_level, JSON.stringify(result.body)).toBe('INFO');
  expect(result.token).toBeTruthy();
  expect((await call('com/check_login_info', {}, result.token)).body.data).toEqual({ logged_in: true });
  return result.token!;
};

/** Everything a caller could compare between two refusals (the request id differs by nature). */
const visible = ({ status, body }: ApiResult<unknown>) => ({ status, code: body.code, level: body.msg_level, message: body.message, data: body.data, fields: (body.info as { fields?: unknown } | null)?.fields });

describe('password sign-in (login_btn)', () => {
  let t: TestTenant;
  beforeAll(async () => { t = await newTenant(); });

  it('answers the same for an unknown contract, an unknown user and a wrong password', async () => {
    const user = await createUser(t.kykId);
    const answers = await Promise.all([
      login('nosuchcontract', user.userId, user.password),
      login(t.kykId, 'nosuchuser', user.password),
      login(t.kykId, user.userId, 'wrong-password'),
      login(t.kykId, 'bad id!', 'x'),
    ]);
    for (const answer of answers) expect(visible(answer)).toEqual({ status: 200, code: -990000010001, level: 'ERROR', message: WRONG_DATA, data: null, fields: undefined });
  });

  it('locks the account at the policy maximum; only the right password learns it; an administrator unlocks it', async () => {
    await savePolicy(t, { max_login_attempts: 3, mail_notify_lock: 1 });
    const user = await createUser(t.kykId, { email: `lock-${t.kykId}@example.com` });
    for (let attempt = 1; attempt <= 3; attempt += 1) expect((await login(t.kykId, user.userId, `wrong-${attempt}`)).body.message).toBe(WRONG_DATA);
    // A wrong password still says nothing about the account.
    expect(visible(await login(t.kykId, user.userId, 'wrong-again'))).toEqual(visible(await login(t.kykId, 'nosuchuser', 'wrong-again')));
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
    await savePolicy(t, { max_login_attempts: defaultPasswordPolicy.max_login_attempts });
  });

  it('refuses a suspended account (-990000010002) and a stopped contract', async () => {
    const user = await createUser(t.kykId);
    await setUser(t.kykId, user.userId, { status: 1 });
    expect((await login(t.kykId, user.userId, user.password)).body.code).toBe(-990000010002);
    expect((await login(t.kykId, user.userId, 'wrong')).body.code).toBe(-990000010001);
    const stopped = await newTenant({ signIn: false });
    await db().send(new UpdateCommand({ TableName: TABLE(), Key: contractKey(stopped.kykId), UpdateExpression: 'SET #s = :stopped', ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':stopped': 'stopped' } }));
    expect((await login(stopped.kykId, 'admin', stopped.password)).body.code).toBe(-990000010002);
  });

  it('asks before replacing a live session, before any second step', async () => {
    const user = await createUser(t.kykId);
    await secondStepGroup(t, 1, [user.userId]);
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
    const user = await createUser(t.kykId);
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
    await savePolicy(t, { pwd_min_len_val: 10, pwd_alphanumeric: 1, mail_notify_password_change: 0 });
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
    const user = await createUser(t.kykId);
    await user.signIn();
    const detail = await call('com/user_info', { user_id: user.userId }, t.token);
    const reset = await call('com/user_info_passchge_btn', { user_id: user.userId, row_version: detail.body.data!.user.row_version, delivery: 'show' }, t.token);
    const temporary = reset.body.data!.temporary_password!;
    expect(expectStep(await login(t.kykId, user.userId, temporary, { force_flg: 1 }), -990000010009, 'password-change').reason).toBe('reset');
    await setUser(t.kykId, user.userId, { temp_password_expires_at: new Date(Date.now() - 1000).toISOString() });
    expect((await login(t.kykId, user.userId, temporary, { force_flg: 1 })).body.code).toBe(-990000010006);
  });

  it('sends an expired password to the change (-990000010005) and warns before it expires', async () => {
    await savePolicy(t, { pwd_expiry_days: 30, pwd_expiry_warning_days: 7 });
    const user = await createUser(t.kykId);
    await setUser(t.kykId, user.userId, { password_changed_at: new Date(Date.now() - 31 * 86_400_000).toISOString() });
    const expired = await login(t.kykId, user.userId, user.password);
    expect(expired.body.message).toBe(EXPIRED);
    expect(expectStep(expired, -990000010005, 'password-change').reason).toBe('expired');
    await setUser(t.kykId, user.userId, { password_changed_at: new Date(Date.now() - 25 * 86_400_000).toISOString() });
    const warned = await login(t.kykId, user.userId, user.password);
    await expectSignedIn(warned);
    expect(warned.body.data!.password_expires_in_days).toBe(5);
    await savePolicy(t, { pwd_expiry_days: 0 });
  });

  it('sends a password that no longer meets the policy to the change (-990000010004)', async () => {
    const user = await createUser(t.kykId);
    // createUser passwords (support/passwords.ts) have 21 characters.
    await savePolicy(t, { pwd_min_len_val: 24 });
    const next = expectStep(await login(t.kykId, user.userId, user.password), -990000010004, 'password-change');
    expect(next.reason).toBe('policy');
    await savePolicy(t, { pwd_min_len_val: 10 });
  });
});

describe('e-mail one-time code (login_two_step)', () => {
  let t: TestTenant;
  beforeAll(async () => { t = await newTenant(); });

  it('mails a code that signs in once; a wrong code is -990000010014; the ticket is single-use', async () => {
    const user = await createUser(t.kykId, { email: `otp-${t.kykId}@example.com` });
    await secondStepGroup(t, 1, [user.userId]);
    const next = expectStep(await login(t.kykId, user.userId, user.password), -990000010013, 'otp-mail');
    expect(next.email_masked).toBe('o***@example.com');
    expect(next.trust_days).toBe(30);
    const code = await mailedCode(`otp-${t.kykId}@example.com`);
    const wrong = await call('login/login_two_step', { ticket: next.ticket, auth_code: code === '000000' ? '111111' : '000000' });
    expect(wrong.body).toMatchObject({ code: -990000010014, message: 'The authentication code is incorrect.' });
    const badShape = await post('login/login_two_step', { ticket: next.ticket, auth_code: '12ab' });
    expect((badShape.body.info as { fields: Record<string, string> }).fields).toEqual({ auth_code: 'Please enter the 6-digit code.' });
    const blank = await post('login/login_two_step', { ticket: next.ticket, auth_code: '' });
    expect((blank.body.info as { fields: Record<string, string> }).fields).toEqual({ auth_code: 'Please enter the authentication code.' });
    await expectSignedIn(await call('login/login_two_step', { ticket: next.ticket, auth_code: code }));
    const replay = await call('login/login_two_step', { ticket: next.ticket, auth_code: code });
    expect(replay.body).toMatchObject({ code: -102, message: TICKET_INVALID });
  });

  it('ends the sign-in after five wrong codes (-990000010015), and a resend must wait', async () => {
    const user = await createUser(t.kykId, { email: `limit-${t.kykId}@example.com` });
    await secondStepGroup(t, 1, [user.userId]);
    const next = expectStep(await login(t.kykId, user.userId, user.password), -990000010013, 'otp-mail');
    const soon = await call('login/login_two_step_resend', { ticket: next.ticket });
    expect(soon.body.code).toBe(-202);
    expect(soon.body.message).toMatch(/^A code was sent a moment ago\. Please wait \d+ seconds/);
    const code = await mailedCode(`limit-${t.kykId}@example.com`);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt += 1) expect((await call('login/login_two_step', { ticket: next.ticket, auth_code: wrongCode })).body.code).toBe(-990000010014);
    expect((await call('login/login_two_step', { ticket: next.ticket, auth_code: wrongCode })).body).toMatchObject({
      code: -990000010015, message: 'The number of attempts has reached its limit. Please sign in again.',
    });
    expect((await call('login/login_two_step', { ticket: next.ticket, auth_code: code })).body.code).toBe(-102);
    // The ended sign-in counted as one failed sign-in toward the lock-out.
    expect((await call('com/user_info', { user_id: user.userId }, t.token)).body.data!.user.status).toBe(0);
    const { Item } = await db().send(new GetCommand({ TableName: TABLE(), Key: userKey(t.kykId, user.userId) }));
    expect(Item?.failed_login_count).toBe(1);
  });

  it('refuses the mail step for an account without an address (-990000010012)', async () => {
    const user = await createUser(t.kykId);
    await secondStepGroup(t, 1, [user.userId]);
    await setUser(t.kykId, user.userId, { email: '' });
    expect((await login(t.kykId, user.userId, user.password)).body.code).toBe(-990000010012);
  });

  it('lets a trusted device (same IP address and browser) skip the step until an administrator resets it', async () => {
    const user = await createUser(t.kykId, { email: `trust-${t.kykId}@example.com` });
    await secondStepGroup(t, 1, [user.userId], 14);
    const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36' };
    const next = expectStep(await login(t.kykId, user.userId, user.password, {}, browser), -990000010013, 'otp-mail');
    const trusted = await post<SignInResponse>('login/login_two_step', { ticket: next.ticket, auth_code: await mailedCode(`trust-${t.kykId}@example.com`), trust_device: 1 }, undefined, browser);
    const token = await expectSignedIn(trusted);
    const deviceToken = trusted.body.data!.device_token!;
    expect(deviceToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const own = await post<{ devices: { current: boolean; browser: string; kind: string; ip_address: string; expires_at: string }[] }>('com/device_list', { device_token: deviceToken }, token);
    expect(own.body.data!.devices).toEqual([expect.objectContaining({ current: true, browser: 'Chrome 156 / Linux', kind: 'mail', ip_address: expect.stringMatching(/127\.0\.0\.1/) })]);
    const days = (Date.parse(own.body.data!.devices[0]!.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);

    await expectSignedIn(await login(t.kykId, user.userId, user.password, { force_flg: 1, device_token: deviceToken }, browser));
    // Another browser with the same key, or no key, gets the step.
    expectStep(await login(t.kykId, user.userId, user.password, { force_flg: 1, device_token: deviceToken }, { 'user-agent': 'Mozilla/5.0 Firefox/140.0' }), -990000010013, 'otp-mail');
    expectStep(await login(t.kykId, user.userId, user.password, { force_flg: 1 }, browser), -990000010013, 'otp-mail');

    const listed = await call('com/user_device_list', { user_id: user.userId }, t.token);
    expect(listed.body.data!.devices).toHaveLength(1);
    const detail = await call('com/user_info', { user_id: user.userId }, t.token);
    expect((await call('com/user_info_reset_twostep_key_btn', { user_id: user.userId, row_version: detail.body.data!.user.row_version }, t.token)).body.code).toBe(0);
    expectStep(await login(t.kykId, user.userId, user.password, { force_flg: 1, device_token: deviceToken }, browser), -990000010013, 'otp-mail');
    expect((await call('com/user_device_list', { user_id: user.userId }, t.token)).body.data!.devices).toEqual([]);
  });

  it('hands out the device key even when a password change still follows the code', async () => {
    const user = await createUser(t.kykId, { email: `trust2-${t.kykId}@example.com` });
    await secondStepGroup(t, 1, [user.userId]);
    await setUser(t.kykId, user.userId, { password_change_required: 1 });
    const next = expectStep(await login(t.kykId, user.userId, user.password), -990000010013, 'otp-mail');
    const step = await call('login/login_two_step', { ticket: next.ticket, auth_code: await mailedCode(`trust2-${t.kykId}@example.com`), trust_device: 1 });
    const change = expectStep(step, -990000010009, 'password-change');
    const deviceToken = step.body.data!.device_token!;
    expect(deviceToken).toBeTruthy();
    const done = await call('com/passchange_lnk', { ticket: change.ticket, new_password: 'fresh-river-77', confirm_password: 'fresh-river-77' });
    await expectSignedIn(done);
    await expectSignedIn(await login(t.kykId, user.userId, 'fresh-river-77', { force_flg: 1, device_token: deviceToken }));
  });
});

describe('authenticator (login_two_step_totp)', () => {
  let t: TestTenant;
  beforeAll(async () => { t = await newTenant(); });

  it('activates with the generation key, then accepts each code once only', async () => {
    const user = await createUser(t.kykId);
    await secondStepGroup(t, 2, [user.userId]);
    const first = expectStep(await login(t.kykId, user.userId, user.password), -990000010016, 'totp');
    const activation = first.totp_activation!;
    expect(activation.qr_svg).toMatch(/^<svg/);
    expect(activation.otpauth_url).toContain(`otpauth://totp/`);
    const secret = activation.generation_key.replace(/ /g, '');
    const wrong = await call('login/login_two_step_totp', { ticket: first.ticket, auth_code: '000000' === (await generate({ secret })) ? '111111' : '000000' });
    expect(wrong.body.code).toBe(-990000010014);
    const code = await generate({ secret });
    await expectSignedIn(await call('login/login_two_step_totp', { ticket: first.ticket, auth_code: code }));
    const detail = await call('com/user_info', { user_id: user.userId }, t.token);
    expect(detail.body.data!.user.totp_registered).toBe(1);

    // Registered now: no activation data, and the code just used is refused (replay).
    const second = expectStep(await login(t.kykId, user.userId, user.password, { force_flg: 1 }), -990000010016, 'totp');
    expect(second.totp_activation).toBeUndefined();
    expect((await call('login/login_two_step_totp', { ticket: second.ticket, auth_code: code })).body.code).toBe(-990000010014);
    // Two requests with the next step's code at once: exactly one wins.
    const nextCode = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const third = expectStep(await login(t.kykId, user.userId, user.password, { force_flg: 1 }), -990000010016, 'totp');
    const results = await Promise.all([1, 2].map(() => call('login/login_two_step_totp', { ticket: third.ticket, auth_code: nextCode })));
    expect(results.filter((result) => result.body.code === 0)).toHaveLength(1);
  });
});

describe('other sign-in states', () => {
  let t: TestTenant;
  beforeAll(async () => { t = await newTenant(); });

  it('asks for missing information (-990000010008) and goes on once given', async () => {
    const user = await createUser(t.kykId);
    await setUser(t.kykId, user.userId, { info_change_required: 1 });
    const next = expectStep(await login(t.kykId, user.userId, user.password), -990000010008, 'info-change');
    expect(next.user_nm).toBe(`User ${user.userId}`);
    const bad = await post('login/login_info_change', { ticket: next.ticket, user_nm: '　', email: 'not-an-address' });
    expect(bad.body.code).toBe(-4);
    expect(Object.keys((bad.body.info as { fields: Record<string, string> }).fields).sort()).toEqual(['email', 'user_nm']);
    const done = await call('login/login_info_change', { ticket: next.ticket, user_nm: 'Renamed User', email: 'renamed@example.com' });
    const token = await expectSignedIn(done);
    expect((await call('com/get_login_user_info', {}, token)).body.data!.user).toMatchObject({ user_nm: 'Renamed User', email: 'renamed@example.com' });
  });

  it('sends a contract served elsewhere to its site (-990000010010), and says where with get_kyoten_info', async () => {
    const other = await newTenant({ signIn: false });
    expect((await call('com/get_kyoten_info', { kyk_id: other.kykId })).body.data).toEqual({ redirect_url: null });
    await db().send(new UpdateCommand({ TableName: TABLE(), Key: contractKey(other.kykId), UpdateExpression: 'SET home_url = :url', ExpressionAttributeValues: { ':url': 'https://east.example.com/login' } }));
    const moved = await login(other.kykId, 'admin', 'whatever');
    expect(moved.body).toMatchObject({ code: -990000010010, msg_level: 'WARN', message: DIFFERENT_LOCATION, data: { redirect_url: 'https://east.example.com/login' } });
    expect((await call('com/get_kyoten_info', { kyk_id: other.kykId })).body.data).toEqual({ redirect_url: 'https://east.example.com/login' });
    expect((await call('com/get_kyoten_info', { kyk_id: 'nosuchcontract' })).body.data).toEqual({ redirect_url: null });
  });

  it('tells whether the contract includes this product (get_login_options)', async () => {
    expect((await call('com/get_login_options', {}, t.token)).body.data).toEqual({
      options: { drive: 1, property: 0, knowledge: 0, commerce: 0, workflow: 0, dashboard: 0, workorder: 0 }, allowed: true,
    });
    const other = await newTenant();
    await db().send(new UpdateCommand({ TableName: TABLE(), Key: contractKey(other.kykId), UpdateExpression: 'SET modules = :modules', ExpressionAttributeValues: { ':modules': ['property', 'knowledge'] } }));
    const answer = await call('com/get_login_options', {}, other.token);
    expect(answer.body.data).toMatchObject({ options: { drive: 0, property: 1, knowledge: 1 }, allowed: false });
    expect(NOT_ALLOWED).toBe((await import('#shared/messages.ts')).translate('en', 'code.loginContractNotAllowed'));
  });

  it("saves the user's own file-registration method", async () => {
    const user = await createUser(t.kykId);
    const token = await user.signIn();
    const saved = await call('com/user_info_file_regist_change', { file_regist_method: 1 }, token);
    expect(saved.body.data!.user.file_regist_method).toBe(1);
    expect((await call('com/get_login_user_info', {}, token)).body.data!.user.file_regist_method).toBe(1);
    expect((await post('com/user_info_file_regist_change', { file_regist_method: 2 }, token)).body.code).toBe(-4);
  });
});

describe('a pending sign-in against changes, races and guessing', () => {
  let t: TestTenant;
  beforeAll(async () => { t = await newTenant(); });

  it('locks the account when second-step codes are guessed across sign-ins', async () => {
    await savePolicy(t, { max_login_attempts: 2, mail_notify_lock: 0 });
    const user = await createUser(t.kykId);
    await secondStepGroup(t, 2, [user.userId]);
    for (let round = 1; round <= 2; round += 1) {
      const next = expectStep(await login(t.kykId, user.userId, user.password, { force_flg: 1 }), -990000010016, 'totp');
      const codes = [];
      for (let attempt = 1; attempt <= 5; attempt += 1) codes.push((await call('login/login_two_step_totp', { ticket: next.ticket, auth_code: '000000' })).body.code);
      // A real code could be 000000 once in a million; the last answer is the limit either way.
      expect(codes.at(-1)).toBe(-990000010015);
    }
    expect((await login(t.kykId, user.userId, user.password, { force_flg: 1 })).body.code).toBe(-990000010007);
    await savePolicy(t, { max_login_attempts: defaultPasswordPolicy.max_login_attempts });
  });

  it('ends a pending sign-in when an administrator resets the password or suspends the account meanwhile', async () => {
    const created = await call('com/user_info_reg_btn', { regist_mode: 0, user_id: 'racer', user_nm: 'Racer', email: 'racer@example.com' }, t.token);
    const change = expectStep(await login(t.kykId, 'racer', created.body.data!.temporary_password!), -990000010009, 'password-change');
    const detail = await call('com/user_info', { user_id: 'racer' }, t.token);
    const reset = await call('com/user_info_passchge_btn', { user_id: 'racer', row_version: detail.body.data!.user.row_version, delivery: 'show' }, t.token);
    const stale = await call('com/passchange_lnk', { ticket: change.ticket, new_password: 'attacker-pass-99', confirm_password: 'attacker-pass-99' });
    expect(stale.body.code).toBe(-990000010006);
    expect((await login(t.kykId, 'racer', 'attacker-pass-99')).body.code).toBe(-990000010001);

    const info = await createUser(t.kykId);
    await setUser(t.kykId, info.userId, { info_change_required: 1 });
    const pending = expectStep(await login(t.kykId, info.userId, info.password), -990000010008, 'info-change');
    const before = (await call('com/user_info', { user_id: info.userId }, t.token)).body.data!.user;
    const lapsed = (await call('com/user_info_lapse_btn', { user_id: info.userId, row_version: before.row_version }, t.token)).body.data!.user;
    expect((await call('login/login_info_change', { ticket: pending.ticket, user_nm: 'X', email: 'x@example.com' })).body.code).toBe(-990000010002);
    await call('com/user_info_unlapse_btn', { user_id: info.userId, row_version: lapsed.row_version, require_password_change: 1 }, t.token);
    expect((await call('login/login_info_change', { ticket: pending.ticket, user_nm: 'X', email: 'x@example.com' })).body.code).toBe(-102);
    expect(reset.body.code).toBe(0);
  });

  it('writes nothing for a step from an address the allow-list refuses', async () => {
    const other = await newTenant();
    const user = await createUser(other.kykId);
    await setUser(other.kykId, user.userId, { password_change_required: 1 });
    const change = expectStep(await login(other.kykId, user.userId, user.password), -990000010009, 'password-change');
    await db().send(new PutCommand({ TableName: TABLE(), Item: { ...ipPolicyKey(other.kykId, '0'), kyk_id: other.kykId, user_group_id: '0', cidrs: ['203.0.113.0/24'], row_version: 1 } }));
    const refused = await call('com/passchange_lnk', { ticket: change.ticket, new_password: 'moved-stone-88', confirm_password: 'moved-stone-88' });
    expect(refused.body.code).toBe(-990000010017);
    const { Item } = await db().send(new GetCommand({ TableName: TABLE(), Key: userKey(other.kykId, user.userId) }));
    expect(Item?.password_change_required).toBe(1);
    expect(Item?.password_changed_at).toBeUndefined();
  });

  it('forgets authenticator devices trusted before an administrator resets the authenticator', async () => {
    const user = await createUser(t.kykId);
    await secondStepGroup(t, 2, [user.userId]);
    const first = expectStep(await login(t.kykId, user.userId, user.password), -990000010016, 'totp');
    const secret = first.totp_activation!.generation_key.replace(/ /g, '');
    const trusted = await call('login/login_two_step_totp', { ticket: first.ticket, auth_code: await generate({ secret }), trust_device: 1 });
    await expectSignedIn(trusted);
    const deviceToken = trusted.body.data!.device_token!;
    await expectSignedIn(await login(t.kykId, user.userId, user.password, { force_flg: 1, device_token: deviceToken }));
    const detail = await call('com/user_info', { user_id: user.userId }, t.token);
    expect((await call('com/user_info_totpdel_btn', { user_id: user.userId, row_version: detail.body.data!.user.row_version }, t.token)).body.code).toBe(0);
    const again = expectStep(await login(t.kykId, user.userId, user.password, { force_flg: 1, device_token: deviceToken }), -990000010016, 'totp');
    expect(again.totp_activation).toBeDefined();
  });

  it('sends one mail code for several resends at once', async () => {
    const user = await createUser(t.kykId, { email: `resend-${t.kykId}@example.com` });
    await secondStepGroup(t, 1, [user.userId]);
    const next = expectStep(await login(t.kykId, user.userId, user.password), -990000010013, 'otp-mail');
    await db().send(new UpdateCommand({ TableName: TABLE(), Key: { pk: userKey(t.kykId, user.userId).pk, sk: 'SIGNIN' }, UpdateExpression: 'SET otp_sent_at = :past', ExpressionAttributeValues: { ':past': 0 } }));
    const answers = await Promise.all(Array.from({ length: 6 }, () => call('login/login_two_step_resend', { ticket: next.ticket })));
    expect(answers.map((answer) => answer.body.code).sort()).toEqual([-202, -202, -202, -202, -202, 0]);
    // The resent code works; the first one no longer does.
    await expectSignedIn(await call('login/login_two_step', { ticket: next.ticket, auth_code: await mailedCode(`resend-${t.kykId}@example.com`) }));
  });

  it('lets one of two requests with the same right mail code through', async () => {
    const user = await createUser(t.kykId, { email: `twice-${t.kykId}@example.com` });
    await secondStepGroup(t, 1, [user.userId]);
    const next = expectStep(await login(t.kykId, user.userId, user.password), -990000010013, 'otp-mail');
    const code = await mailedCode(`twice-${t.kykId}@example.com`);
    const answers = await Promise.all([1, 2, 3].map(() => call('login/login_two_step', { ticket: next.ticket, auth_code: code })));
    expect(answers.map((answer) => answer.body.code).sort()).toEqual([-102, -102, 0]);
  });

  it('refuses a mail code past its validity, and ends a TOTP sign-in after five wrong codes', async () => {
    const user = await createUser(t.kykId, { email: `late-${t.kykId}@example.com` });
    await secondStepGroup(t, 1, [user.userId]);
    const next = expectStep(await login(t.kykId, user.userId, user.password), -990000010013, 'otp-mail');
    const code = await mailedCode(`late-${t.kykId}@example.com`);
    await db().send(new UpdateCommand({ TableName: TABLE(), Key: { pk: userKey(t.kykId, user.userId).pk, sk: 'SIGNIN' }, UpdateExpression: 'SET otp_expires_at = :past', ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 } }));
    expect((await call('login/login_two_step', { ticket: next.ticket, auth_code: code })).body.code).toBe(-990000010014);

    const totpUser = await createUser(t.kykId);
    await secondStepGroup(t, 2, [totpUser.userId]);
    const totp = expectStep(await login(t.kykId, totpUser.userId, totpUser.password), -990000010016, 'totp');
    const secret = totp.totp_activation!.generation_key.replace(/ /g, '');
    const wrong = (await generate({ secret })) === '000000' ? '111111' : '000000';
    const answers = [];
    for (let attempt = 1; attempt <= 5; attempt += 1) answers.push((await call('login/login_two_step_totp', { ticket: totp.ticket, auth_code: wrong })).body.code);
    expect(answers).toEqual([-990000010014, -990000010014, -990000010014, -990000010014, -990000010015]);
    expect((await call('login/login_two_step_totp', { ticket: totp.ticket, auth_code: await generate({ secret }) })).body.code).toBe(-102);
  });

  it('does not let an expired device, or a device of the other kind, skip the step; keeps at most mfa_device_max devices', async () => {
    await savePolicy(t, { mfa_device_max: 2 });
    const user = await createUser(t.kykId, { email: `kinds-${t.kykId}@example.com` });
    const { group } = await secondStepGroup(t, 1, [user.userId]);
    const trust = async (agent: string) => {
      const next = expectStep(await login(t.kykId, user.userId, user.password, { force_flg: 1 }, { 'user-agent': agent }), -990000010013, 'otp-mail');
      const done = await post<SignInResponse>('login/login_two_step', { ticket: next.ticket, auth_code: await mailedCode(`kinds-${t.kykId}@example.com`), trust_device: 1 }, undefined, { 'user-agent': agent });
      await expectSignedIn(done);
      return done.body.data!.device_token!;
    };
    const agents = ['Mozilla/5.0 Firefox/140.0', 'Mozilla/5.0 (Windows NT 10.0) Chrome/150.0.0.0', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Version/18.0 Safari/605.1.15'];
    const keys = [];
    for (const agent of agents) keys.push(await trust(agent));
    const token = (await login(t.kykId, user.userId, user.password, { force_flg: 1, device_token: keys[2] }, { 'user-agent': agents[2]! })).token!;
    const devices = (await call('com/device_list', {}, token)).body.data!.devices;
    // The oldest went when the third was trusted.
    expect(devices.map((device) => device.browser).sort()).toEqual(['Chrome 150 / Windows', 'Safari 18 / macOS']);
    expectStep(await login(t.kykId, user.userId, user.password, { force_flg: 1, device_token: keys[0] }, { 'user-agent': agents[0]! }), -990000010013, 'otp-mail');

    // Expired: the validity has passed.
    const { deviceIdOf } = await import('#data/devices.ts');
    await db().send(new UpdateCommand({ TableName: TABLE(), Key: { pk: userKey(t.kykId, user.userId).pk, sk: `DEVICE#${deviceIdOf(keys[1]!)}` }, UpdateExpression: 'SET expires_at = :past', ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 } }));
    expectStep(await login(t.kykId, user.userId, user.password, { force_flg: 1, device_token: keys[1] }, { 'user-agent': agents[1]! }), -990000010013, 'otp-mail');
    // The group now asks for the authenticator: a mail device does not count.
    const current = await call('com/user_group', { user_group_id: group.user_group_id }, t.token);
    const updated = await call('com/user_group_upd_btn', { user_group_id: group.user_group_id, row_version: current.body.data!.group.row_version, user_group_nm: group.user_group_nm, two_step: 2, mfa_valid_days: 30 }, t.token);
    expect(updated.body.code, JSON.stringify(updated.body)).toBe(0);
    expectStep(await login(t.kykId, user.userId, user.password, { force_flg: 1, device_token: keys[2] }, { 'user-agent': agents[2]! }), -990000010016, 'totp');
    await savePolicy(t, { mfa_device_max: defaultPasswordPolicy.mfa_device_max });
  });

  it('of two forced changes with the same ticket, one wins', async () => {
    const user = await createUser(t.kykId);
    await setUser(t.kykId, user.userId, { password_change_required: 1 });
    const change = expectStep(await login(t.kykId, user.userId, user.password), -990000010009, 'password-change');
    const answers = await Promise.all(['first-river-31', 'second-river-32'].map((password) => call('com/passchange_lnk', { ticket: change.ticket, new_password: password, confirm_password: password })));
    expect(answers.filter((answer) => answer.body.code === 990000210002)).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.code !== 990000210002).map((answer) => answer.body.code)).toEqual([expect.any(Number)]);
  });

  it('ends the sessions of a stopped contract, and keeps a contract without the drive to the session calls', async () => {
    const other = await newTenant();
    await db().send(new UpdateCommand({ TableName: TABLE(), Key: contractKey(other.kykId), UpdateExpression: 'SET modules = :modules', ExpressionAttributeValues: { ':modules': ['property'] } }));
    expect((await call('com_drive/drive_info', { folder_id: 'root' }, other.token)).body.code).toBe(-990000010011);
    expect((await call('com/get_login_user_info', {}, other.token)).body.code).toBe(0);
    await db().send(new UpdateCommand({ TableName: TABLE(), Key: contractKey(other.kykId), UpdateExpression: 'SET #s = :stopped', ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':stopped': 'stopped' } }));
    expect((await call('com/check_login_info', {}, other.token)).body.code).toBe(-102);
  });
});

describe('tenant isolation of the sign-in calls', () => {
  it('never lets a ticket, a device or a token of one contract act on another', async () => {
    const [a, b] = await Promise.all([newTenant(), newTenant()]);
    const user = await createUser(a.kykId, { userId: 'shared', email: `iso-${a.kykId}@example.com` });
    await createUser(b.kykId, { userId: 'shared' });
    await secondStepGroup(a, 1, [user.userId]);
    const next = expectStep(await login(a.kykId, 'shared', user.password), -990000010013, 'otp-mail');
    // The ticket names contract A; rewritten to name contract B it finds nothing.
    const [, , ticketId] = JSON.parse(Buffer.from(next.ticket, 'base64url').toString()) as string[];
    const forged = Buffer.from(JSON.stringify([b.kykId, 'shared', ticketId])).toString('base64url');
    const code = await mailedCode(`iso-${a.kykId}@example.com`);
    expect((await call('login/login_two_step', { ticket: forged, auth_code: code })).body.code).toBe(-102);
    const signedIn = await post<SignInResponse>('login/login_two_step', { ticket: next.ticket, auth_code: code, trust_device: 1 });
    const token = await expectSignedIn(signedIn);
    const device = (await call('com/device_list', {}, token)).body.data!.devices[0]!;
    // B's administrator sees no devices of A's "shared", and cannot delete A's device as B's user.
    expect((await call('com/user_device_list', { user_id: 'shared' }, b.token)).body.data!.devices).toEqual([]);
    const bUser = await signIn(b.kykId, 'shared', (await createUser(b.kykId)).password).catch(() => undefined);
    expect(bUser).toBeUndefined();
    expect((await call('com/device_del_btn', { device_id: device.device_id }, b.token)).body.code).toBe(-203);
    expect((await call('com/device_list', {}, token)).body.data!.devices).toHaveLength(1);
    expect((await call('com/device_del_btn', { device_id: device.device_id }, token)).body.code).toBe(0);
    expect((await call('com/device_list', {}, token)).body.data!.devices).toEqual([]);
    const options = await call('com/get_login_options', {}, b.token);
    expect(options.body.code).toBe(0);
  });
});

export type { Envelope };
