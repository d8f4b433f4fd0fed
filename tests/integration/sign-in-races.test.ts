import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '#lib/clients.ts';
import { contractKey } from '#data/contracts.ts';
import { userKey } from '#data/users.ts';
import { ipPolicyKey } from '#data/ip-entries.ts';
import type { SignInResponse } from '#shared/schemas/auth.ts';
import { defaultPasswordPolicy } from '#shared/schemas/security.ts';
import { call, post, signIn } from './support/api.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';
import { TABLE, login, setUser, mailedCode, expectStep, expectSignedIn } from './support/sign-in-suite.ts';
import { aPasswordPolicy, aRegisteredUser, aSecondStepGroup, aSignedOutUser } from './support/factories.ts';

describe('a pending sign-in against changes, races and guessing', () => {
  let t: TestTenant;
  beforeAll(async () => { t = await newTenant(); });

  it('locks the account when second-step codes are guessed across sign-ins', async () => {
    await aPasswordPolicy(t, { max_login_attempts: 2, mail_notify_lock: 0 });
    const user = await aSignedOutUser(t);
    await aSecondStepGroup(t, 2, [user.userId]);
    for (let round = 1; round <= 2; round += 1) {
      const next = expectStep(await login(t.kykId, user.userId, user.password, { force_flg: 1 }), -990000010016, 'totp');
      const codes = [];
      for (let attempt = 1; attempt <= 5; attempt += 1) codes.push((await call('login/login_two_step_totp', { ticket: next.ticket, auth_code: '000000' })).body.code);
      // A real code could be 000000 once in a million; the last answer is the limit either way.
      expect(codes.at(-1)).toBe(-990000010015);
    }
    expect((await login(t.kykId, user.userId, user.password, { force_flg: 1 })).body.code).toBe(-990000010007);
    await aPasswordPolicy(t, { max_login_attempts: defaultPasswordPolicy.max_login_attempts });
  });

  it('ends a pending sign-in when an administrator resets the password or suspends the account meanwhile', async () => {
    const created = await call('com/user_info_reg_btn', { regist_mode: 0, user_id: 'racer', user_nm: 'Racer', email: 'racer@example.com' }, t.token);
    const change = expectStep(await login(t.kykId, 'racer', created.body.data!.temporary_password!), -990000010009, 'password-change');
    const detail = await call('com/user_info', { user_id: 'racer' }, t.token);
    const reset = await call('com/user_info_passchge_btn', { user_id: 'racer', row_version: detail.body.data!.user.row_version, delivery: 'show' }, t.token);
    const stale = await call('com/passchange_lnk', { ticket: change.ticket, new_password: 'attacker-pass-99', confirm_password: 'attacker-pass-99' });
    expect(stale.body.code).toBe(-990000010006);
    expect((await login(t.kykId, 'racer', 'attacker-pass-99')).body.code).toBe(-990000010001);

    const info = await aSignedOutUser(t);
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
    // Registered by the administrator and never signed in: the first sign-in asks for a new password.
    const { user: registered, temporary_password } = await aRegisteredUser(other);
    const user = { userId: registered.user_id, password: temporary_password! };
    const change = expectStep(await login(other.kykId, user.userId, user.password), -990000010009, 'password-change');
    await db().send(new PutCommand({ TableName: TABLE(), Item: { ...ipPolicyKey(other.kykId, '0'), kyk_id: other.kykId, user_group_id: '0', cidrs: ['203.0.113.0/24'], row_version: 1 } }));
    const refused = await call('com/passchange_lnk', { ticket: change.ticket, new_password: 'moved-stone-88', confirm_password: 'moved-stone-88' });
    expect(refused.body.code).toBe(-990000010017);
    const { Item } = await db().send(new GetCommand({ TableName: TABLE(), Key: userKey(other.kykId, user.userId) }));
    expect(Item?.password_change_required).toBe(1);
    expect(Item?.password_changed_at).toBeUndefined();
  });

  it('forgets authenticator devices trusted before an administrator resets the authenticator', async () => {
    const user = await aSignedOutUser(t);
    await aSecondStepGroup(t, 2, [user.userId]);
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
    const user = await aSignedOutUser(t, { email: `resend-${t.kykId}@example.com` });
    await aSecondStepGroup(t, 1, [user.userId]);
    const next = expectStep(await login(t.kykId, user.userId, user.password), -990000010013, 'otp-mail');
    await db().send(new UpdateCommand({ TableName: TABLE(), Key: { pk: userKey(t.kykId, user.userId).pk, sk: 'SIGNIN' }, UpdateExpression: 'SET otp_sent_at = :past', ExpressionAttributeValues: { ':past': 0 } }));
    const answers = await Promise.all(Array.from({ length: 6 }, () => call('login/login_two_step_resend', { ticket: next.ticket })));
    expect(answers.map((answer) => answer.body.code).sort()).toEqual([-202, -202, -202, -202, -202, 0]);
    // The resent code works; the first one no longer does.
    await expectSignedIn(await call('login/login_two_step', { ticket: next.ticket, auth_code: await mailedCode(`resend-${t.kykId}@example.com`) }));
  });

  it('lets one of two requests with the same right mail code through', async () => {
    const user = await aSignedOutUser(t, { email: `twice-${t.kykId}@example.com` });
    await aSecondStepGroup(t, 1, [user.userId]);
    const next = expectStep(await login(t.kykId, user.userId, user.password), -990000010013, 'otp-mail');
    const code = await mailedCode(`twice-${t.kykId}@example.com`);
    const answers = await Promise.all([1, 2, 3].map(() => call('login/login_two_step', { ticket: next.ticket, auth_code: code })));
    expect(answers.map((answer) => answer.body.code).sort()).toEqual([-102, -102, 0]);
  });

  it('refuses a mail code past its validity, and ends a TOTP sign-in after five wrong codes', async () => {
    const user = await aSignedOutUser(t, { email: `late-${t.kykId}@example.com` });
    await aSecondStepGroup(t, 1, [user.userId]);
    const next = expectStep(await login(t.kykId, user.userId, user.password), -990000010013, 'otp-mail');
    const code = await mailedCode(`late-${t.kykId}@example.com`);
    await db().send(new UpdateCommand({ TableName: TABLE(), Key: { pk: userKey(t.kykId, user.userId).pk, sk: 'SIGNIN' }, UpdateExpression: 'SET otp_expires_at = :past', ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 } }));
    expect((await call('login/login_two_step', { ticket: next.ticket, auth_code: code })).body.code).toBe(-990000010014);

    const totpUser = await aSignedOutUser(t);
    await aSecondStepGroup(t, 2, [totpUser.userId]);
    const totp = expectStep(await login(t.kykId, totpUser.userId, totpUser.password), -990000010016, 'totp');
    const secret = totp.totp_activation!.generation_key.replace(/ /g, '');
    const wrong = (await generate({ secret })) === '000000' ? '111111' : '000000';
    const answers = [];
    for (let attempt = 1; attempt <= 5; attempt += 1) answers.push((await call('login/login_two_step_totp', { ticket: totp.ticket, auth_code: wrong })).body.code);
    expect(answers).toEqual([-990000010014, -990000010014, -990000010014, -990000010014, -990000010015]);
    // The ended sign-in keeps answering its limit, even to the right code.
    expect((await call('login/login_two_step_totp', { ticket: totp.ticket, auth_code: await generate({ secret }) })).body.code).toBe(-990000010015);
  });

  it('does not let an expired device, or a device of the other kind, skip the step; keeps at most mfa_device_max devices', async () => {
    await aPasswordPolicy(t, { mfa_device_max: 2 });
    const user = await aSignedOutUser(t, { email: `kinds-${t.kykId}@example.com` });
    const group = await aSecondStepGroup(t, 1, [user.userId]);
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
    await aPasswordPolicy(t, { mfa_device_max: defaultPasswordPolicy.mfa_device_max });
  });

  it('of two forced changes with the same ticket, one wins', async () => {
    const user = await aSignedOutUser(t);
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
    const user = await aSignedOutUser(a, { user_id: 'shared', email: `iso-${a.kykId}@example.com` });
    await aSignedOutUser(b, { user_id: 'shared' });
    await aSecondStepGroup(a, 1, [user.userId]);
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
    const bUser = await signIn(b.kykId, 'shared', (await aSignedOutUser(b)).password).catch(() => undefined);
    expect(bUser).toBeUndefined();
    expect((await call('com/device_del_btn', { device_id: device.device_id }, b.token)).body.code).toBe(-203);
    expect((await call('com/device_list', {}, token)).body.data!.devices).toHaveLength(1);
    expect((await call('com/device_del_btn', { device_id: device.device_id }, token)).body.code).toBe(0);
    expect((await call('com/device_list', {}, token)).body.data!.devices).toEqual([]);
    const options = await call('com/get_login_options', {}, b.token);
    expect(options.body.code).toBe(0);
  });
});
