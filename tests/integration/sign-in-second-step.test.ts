import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '#lib/clients.ts';
import { contractKey } from '#data/contracts.ts';
import { attemptsKey } from '#data/sign-in-attempts.ts';
import type { SignInResponse } from '#shared/schemas/auth.ts';
import { call, post } from './support/api.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';
import { TABLE, NOT_ALLOWED, DIFFERENT_LOCATION, TICKET_INVALID, login, setUser, mailedCode, expectStep, expectSignedIn } from './support/sign-in-suite.ts';
import { aSecondStepGroup, aSignedOutUser } from './support/factories.ts';

describe('e-mail one-time code (login_two_step)', () => {
  let t: TestTenant;
  beforeAll(async () => { t = await newTenant(); });

  it('mails a code that signs in once; a wrong code is -990000010014; the ticket is single-use', async () => {
    const user = await aSignedOutUser(t, { email: `otp-${t.kykId}@example.com` });
    await aSecondStepGroup(t, 1, [user.userId]);
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
    const user = await aSignedOutUser(t, { email: `limit-${t.kykId}@example.com` });
    await aSecondStepGroup(t, 1, [user.userId]);
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
    expect((await call('login/login_two_step', { ticket: next.ticket, auth_code: code })).body.code).toBe(-990000010015);
    // The ended sign-in counted as one failed sign-in toward the lock-out.
    expect((await call('com/user_info', { user_id: user.userId }, t.token)).body.data!.user.status).toBe(0);
    const { Item } = await db().send(new GetCommand({ TableName: TABLE(), Key: attemptsKey(t.kykId, user.userId) }));
    expect(Item?.attempts).toBe(1);
  });

  it('refuses the mail step for an account without an address (-990000010012)', async () => {
    const user = await aSignedOutUser(t);
    await aSecondStepGroup(t, 1, [user.userId]);
    await setUser(t.kykId, user.userId, { email: '' });
    expect((await login(t.kykId, user.userId, user.password)).body.code).toBe(-990000010012);
  });

  it('lets a trusted device (same IP address and browser) skip the step until an administrator resets it', async () => {
    const user = await aSignedOutUser(t, { email: `trust-${t.kykId}@example.com` });
    await aSecondStepGroup(t, 1, [user.userId], 14);
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
    const user = await aSignedOutUser(t, { email: `trust2-${t.kykId}@example.com` });
    await aSecondStepGroup(t, 1, [user.userId]);
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
    const user = await aSignedOutUser(t);
    await aSecondStepGroup(t, 2, [user.userId]);
    const first = expectStep(await login(t.kykId, user.userId, user.password), -990000010016, 'totp');
    const activation = first.totp_activation!;
    expect(activation.otpauth_url).toContain(`otpauth://totp/`);
    expect(activation.otpauth_url).toContain(`secret=${activation.generation_key.replace(/ /g, '')}`);
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
    const user = await aSignedOutUser(t);
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
    const user = await aSignedOutUser(t);
    const token = await user.signIn();
    const saved = await call('com/user_info_file_regist_change', { file_regist_method: 1 }, token);
    expect(saved.body.data!.user.file_regist_method).toBe(1);
    expect((await call('com/get_login_user_info', {}, token)).body.data!.user.file_regist_method).toBe(1);
    expect((await post('com/user_info_file_regist_change', { file_regist_method: 2 }, token)).body.code).toBe(-4);
  });
});
