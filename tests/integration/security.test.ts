import { beforeAll, describe, expect, it } from 'vitest';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '#lib/clients.ts';
import { config } from '#lib/config.ts';
import { policyKey } from '#data/password-policy.ts';
import { userKey } from '#data/users.ts';
import { defaultPasswordPolicy, type PasswordPolicy } from '#shared/schemas/security.ts';
import { call, post, signIn } from './support/api.ts';
import { aPasswordPolicy, aSignedOutUser } from './support/factories.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

const CHANGED = 'Change password success';
const MISMATCH = 'Password and confirmation password do not match.';
const EDITED = 'This item was edited by another user. Please reload and try again.';
const POLICY = 'Does not meet password requirements';
const TOO_EASY = 'This password is too easy to guess.';

const strictPolicy: PasswordPolicy = {
  ...defaultPasswordPolicy, pwd_min_len: 1, pwd_min_len_val: 10, pwd_alphanumeric: 1, pwd_symbols: 1, pwd_ignorecase: 1,
  pwd_char_repeat: 1, pwd_char_repeat_val: 2, pwd_usr_id: 1, pwd_history_count: 2, mail_notify_password_change: 0,
};

const change = (token: string, current: string, next: string, confirm = next) =>
  call('com/passchange_btn', { current_password: current, new_password: next, confirm_password: confirm }, token);

describe('password policy (security_info)', () => {
  let t: TestTenant;
  beforeAll(async () => { t = await newTenant(); });

  it('answers the defaults until saved, then what was saved; a stale save is -201', async () => {
    const first = await call('com/security_info', {}, t.token);
    expect(first.body).toMatchObject({ code: 0, data: { policy: defaultPasswordPolicy, row_version: 0 } });
    const saved = await aPasswordPolicy(t, { pwd_min_len_val: 12, pwd_history_count: 3 });
    expect(saved).toEqual({ policy: { ...defaultPasswordPolicy, pwd_min_len_val: 12, pwd_history_count: 3 }, row_version: 1 });
    expect((await call('com/security_info', {}, t.token)).body.data).toEqual(saved);
    const stale = await call('com/security_info_save_btn', { ...defaultPasswordPolicy, row_version: 0 }, t.token);
    expect(stale.body).toMatchObject({ code: -201, message: EDITED });
    const out = await post('com/security_info_save_btn', { ...defaultPasswordPolicy, row_version: 1, pwd_min_len_val: 7 }, t.token);
    expect(out.body.code).toBe(-4);
    expect(Object.keys(out.body.info?.fields ?? {})).toEqual(['pwd_min_len_val']);
    expect((await aPasswordPolicy(t, defaultPasswordPolicy)).row_version).toBe(2);
  });

  it('refuses administrator calls to non-administrators (-101) but shows them the conditions', async () => {
    const user = await aSignedOutUser(t);
    const token = await user.signIn();
    expect((await call('com/security_info', {}, token)).body.code).toBe(-101);
    expect((await call('com/security_info_save_btn', { ...defaultPasswordPolicy, row_version: 2 }, token)).body.code).toBe(-101);
    const conditions = await call('com/password_conditions', {}, token);
    expect(conditions.body).toMatchObject({ code: 0, data: { policy: defaultPasswordPolicy } });
    expect((await call('com/password_conditions', {})).body.code).toBe(-102);
  });
});

describe('own password change (passchange_btn)', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
    await aPasswordPolicy(t, strictPolicy);
  });

  it('changes the password: the old one no longer signs in, the new one does', async () => {
    const user = await aSignedOutUser(t);
    const token = await user.signIn();
    const result = await change(token, user.password, 'Fresh-Pass1x');
    expect(result.body).toMatchObject({ code: 990000210002, msg_level: 'INFO', message: CHANGED });
    const old = await call('login/login_btn', { kyk_id: t.kykId, user_id: user.userId, password: user.password, force_flg: 1 });
    expect(old.body.code).toBe(-990000010001);
    await signIn(t.kykId, user.userId, 'Fresh-Pass1x', 1);
  });

  it('answers each refusal with its code and message, in order', async () => {
    const user = await aSignedOutUser(t, { user_id: 'hanako' });
    const token = await user.signIn();
    const cases: [string, string, string, number, string, string][] = [
      ['wrong-current', 'Fresh-Pass1x', 'Fresh-Pass1x', -990000020200, 'The current password is incorrect.', 'current_password'],
      [user.password, 'Fresh-Pass1x', 'Fresh-Pass1y', -990000020300, MISMATCH, 'confirm_password'],
      [user.password, 'Ab1!xyzq', 'Ab1!xyzq', -990000020101, 'Please enter a new password with at least 10 characters and no more than 32 characters.', 'new_password'],
      [user.password, 'Abcdefgh!jk', 'Abcdefgh!jk', -990000020102, 'Please use both letters and digits in the new password.', 'new_password'],
      [user.password, 'Abcdefgh1jk', 'Abcdefgh1jk', -990000020103, 'Please use at least one symbol in the new password.', 'new_password'],
      [user.password, 'abcdefg1!jk', 'abcdefg1!jk', -990000020104, 'Please use both upper-case and lower-case letters in the new password.', 'new_password'],
      [user.password, 'Abccc1!xyzw', 'Abccc1!xyzw', -990000020105, 'Do not use more than 2 consecutive characters in the new password.', 'new_password'],
      [user.password, 'X1!HANAKOyz', 'X1!HANAKOyz', -990000020106, 'The new password must not contain your user ID.', 'new_password'],
      [user.password, 'P@ssw0rd123', 'P@ssw0rd123', -990000020100, 'Does not meet password requirements', 'new_password'],
    ];
    for (const [current, next, confirm, code, message, field] of cases) {
      const result = await change(token, current, next, confirm);
      expect(result.body, next).toMatchObject({ code, msg_level: 'ERROR', message, data: null });
      expect(Object.keys(result.body.info?.fields ?? {}), next).toEqual([field]);
    }
    const weak = await change(token, user.password, 'P@ssw0rd123');
    expect(weak.body.info?.fields).toEqual({ new_password: TOO_EASY });
    const required = await post('com/passchange_btn', { current_password: '', new_password: '　', confirm_password: '' }, token);
    expect(required.body).toMatchObject({ code: -4 });
    expect(required.body.info?.fields).toMatchObject({
      current_password: 'Please enter a current password.', confirm_password: 'Please enter a confirmation password.',
    });
    // Nothing changed: the original password still signs in.
    await signIn(t.kykId, user.userId, user.password, 1);
  });

  it('bans the current and the last pwd_history_count passwords', async () => {
    const user = await aSignedOutUser(t);
    let token = await user.signIn();
    const same = 'The new password must differ from your current and earlier passwords.';
    expect((await change(token, user.password, user.password)).body).toMatchObject({ code: -990000020107, message: same });
    const sequence = ['First-Pass1a', 'Second-Pas1a', 'Third-Pass1a'];
    let current = user.password;
    for (const next of sequence) {
      expect((await change(token, current, next)).body.code).toBe(990000210002);
      current = next;
    }
    // History keeps 2: Second and First are banned (First is the 2nd earlier), the original is not.
    expect((await change(token, current, 'Second-Pas1a')).body).toMatchObject({ code: -990000020107, message: same });
    expect((await change(token, current, 'First-Pass1a')).body).toMatchObject({ code: -990000020107, message: same });
    token = await signIn(t.kykId, user.userId, current, 1);
    expect((await change(token, current, user.password)).body.code).toBe(990000210002);
  });

  it('answers Japanese to a Japanese user', async () => {
    const user = await aSignedOutUser(t);
    const token = await user.signIn();
    await call('com/chang_language', { language: 'ja' }, token);
    const result = await change(token, user.password, 'Abccc1!xyzw');
    expect(result.body.message).toBe('新しいパスワードに同じ文字を2文字を超えて連続して使用しないでください。');
  });
});

describe('minimum strength (pwd_min_strength)', () => {
  let t: TestTenant;
  beforeAll(async () => { t = await newTenant(); });

  const storedPassword = async (userId: string) => {
    const { Item } = await db().send(new GetCommand({ TableName: config.tableName, Key: userKey(t.kykId, userId), ConsistentRead: true }));
    return { hash: Item?.password_hash, changedAt: Item?.password_changed_at, history: Item?.password_history };
  };

  it('refuses a password easy to guess (3 by default) with -990000020100, the user\'s name counting as known words; stores nothing', async () => {
    const user = await aSignedOutUser(t, { user_id: 'hanako.s', user_nm: 'Hanako Sato', email: 'hanako.s@example.com' });
    const token = await user.signIn();
    const before = await storedPassword(user.userId);
    // "hanakosato123" alone scores 3; with her name among the user inputs it scores 1.
    for (const next of ['hanakosato123', 'password1', 'Hanako Sato123']) {
      const result = await change(token, user.password, next);
      expect(result.body, next).toMatchObject({ code: -990000020100, msg_level: 'ERROR', message: POLICY, data: null, info: { fields: { new_password: TOO_EASY } } });
    }
    expect(await storedPassword(user.userId)).toEqual(before);
    expect((await call('login/login_btn', { kyk_id: t.kykId, user_id: user.userId, password: 'password1', force_flg: 1 })).body.code).toBe(-990000010001);
    await call('com/chang_language', { language: 'ja' }, token);
    const ja = await change(token, user.password, 'password1');
    expect(ja.body).toMatchObject({ code: -990000020100, message: 'パスワードの条件を満たしていません', info: { fields: { new_password: 'このパスワードは推測されやすいため使用できません。' } } });
    // A strong one passes.
    expect((await change(token, user.password, 'Plum-Orbit-62')).body.code).toBe(990000210002);
    await signIn(t.kykId, user.userId, 'Plum-Orbit-62', 1);
  });

  it('refuses a weak password an administrator registers, under the password field', async () => {
    const result = await post('com/user_info_reg_btn', { regist_mode: 1, user_id: 'ichiro', user_nm: 'Ichiro Suzuki', email: 'ichiro@example.com', password: 'suzuki1234' }, t.token);
    expect(result.body).toMatchObject({ code: -4, info: { fields: { password: TOO_EASY } } });
    expect((await call('com/user_info', { user_id: 'ichiro' }, t.token)).body.code).not.toBe(0);
  });

  it('0 accepts a weak password that meets the other rules; 4 refuses a strong one', async () => {
    const other = await newTenant();
    await aPasswordPolicy(other, { pwd_min_strength: 0 });
    const user = await aSignedOutUser(other);
    let token = await user.signIn();
    expect((await change(token, user.password, 'password1')).body.code).toBe(990000210002);
    token = await signIn(other.kykId, user.userId, 'password1', 1);
    // The other rules still apply.
    expect((await change(token, 'password1', 'short')).body.code).toBe(-990000020101);
    await aPasswordPolicy(other, { pwd_min_strength: 4 });
    expect((await change(token, 'password1', 'Tq8#vLm2pZ')).body).toMatchObject({ code: -990000020100, info: { fields: { new_password: TOO_EASY } } });
    expect((await change(token, 'password1', 'correct horse battery')).body.code).toBe(990000210002);
  });

  it('saves 0 to 4, refuses anything else with -4, and reads a policy saved before the setting existed as 3', async () => {
    const other = await newTenant();
    expect((await call('com/security_info', {}, other.token)).body.data?.policy.pwd_min_strength).toBe(3);
    expect((await aPasswordPolicy(other, { pwd_min_strength: 1 })).policy.pwd_min_strength).toBe(1);
    for (const value of [5, -1, 2.5, '3']) {
      const out = await post('com/security_info_save_btn', { row_version: 1, pwd_min_strength: value }, other.token);
      expect(out.body.code, String(value)).toBe(-4);
      expect(Object.keys(out.body.info?.fields ?? {}), String(value)).toEqual(['pwd_min_strength']);
    }
    expect((await call('com/security_info', {}, other.token)).body.data).toMatchObject({ policy: { pwd_min_strength: 1 }, row_version: 1 });
    // A policy item written before the setting: every saved field kept, the strength read as 3.
    const key = policyKey(other.kykId);
    const { Item } = await db().send(new GetCommand({ TableName: config.tableName, Key: key, ConsistentRead: true }));
    const { pwd_min_strength: _dropped, ...older } = Item!;
    await db().send(new PutCommand({ TableName: config.tableName, Item: { ...older, pwd_min_len_val: 12 } }));
    expect((await call('com/security_info', {}, other.token)).body.data).toMatchObject({ policy: { pwd_min_strength: 3, pwd_min_len_val: 12 }, row_version: 1 });
    expect((await call('com/password_conditions', {}, other.token)).body.data?.policy.pwd_min_strength).toBe(3);
  });
});

describe('tenant isolation', () => {
  it("A's policy never applies to B, and A's token changes only A's user", async () => {
    const [a, b] = await Promise.all([newTenant(), newTenant()]);
    const bUser = await aSignedOutUser(b, { user_id: 'same' });
    const aUser = await aSignedOutUser(a, { user_id: 'same' });
    // Signed in before the policy tightens (afterwards the sign-in itself asks for a change).
    const aToken = await aUser.signIn();
    await aPasswordPolicy(a, { pwd_min_len_val: 20 });
    expect((await call('com/security_info', {}, b.token)).body.data).toEqual({ policy: defaultPasswordPolicy, row_version: 0 });
    const bToken = await bUser.signIn();
    expect((await change(bToken, bUser.password, 'Twelve-chars')).body.code).toBe(990000210002);
    expect((await change(aToken, aUser.password, 'Twelve-chars2')).body.code).toBe(-990000020101);
    expect((await change(aToken, aUser.password, 'A-much-longer-pass-20')).body.code).toBe(990000210002);
    // B's user still has B's new password; A's change did not touch it.
    await signIn(b.kykId, 'same', 'Twelve-chars', 1);
    const bad = await call('login/login_btn', { kyk_id: b.kykId, user_id: 'same', password: 'A-much-longer-pass-20', force_flg: 1 });
    expect(bad.body.code).toBe(-990000010001);
  });
});
