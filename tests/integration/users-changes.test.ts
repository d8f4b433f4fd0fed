import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '#lib/clients.ts';
import { contractKey } from '#data/contracts.ts';
import { readSession } from '#data/sessions.ts';
import { getUser, userKey } from '#data/users.ts';
import { verifyPassword } from '#lib/passwords.ts';
import { getGroup, memberKey } from '#data/groups.ts';
import { corpMemberKey } from '#data/user-directory.ts';
import type { RouteRequest } from '#shared/routes.ts';
import { aCorp, aGroup, aRegisteredUser, aUser } from './support/factories.ts';
import { call, post } from './support/api.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';
import { REQUIRED, NOT_FOUND, EDITED, CANNOT_CHANGE_SELF, TABLE, updateBody, update, info, arrange, stored, auditOf, snapshot, mailsTo, expectCounts } from './support/users-suite.ts';

describe('users: update, optimistic locking, memberships', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
  });

  it('updates the profile, its name index key, the member copies and the audit record with before and after', async () => {
    const [group, corp] = await Promise.all([aGroup(t, { product: 'atd' }), aCorp(t)]);
    const { user } = await aRegisteredUser(t, { user_nm: 'Before Name', groups: { atd: group.user_group_id }, corp_id: corp.corp_id });
    const updated = await update(t.token, user, {
      user_nm: ' After Name ', email: 'after+1@example.com', phone: '045-123-4567', language: 'en', department: 'Legal', post: 'Lead', atc_admin_permission: 1, file_regist_method: 1,
    });
    expect(updated).toMatchObject({
      user_nm: 'After Name', email: 'after+1@example.com', phone: '045-123-4567', language: 'en', department: 'Legal', post: 'Lead', atc_admin_permission: 1, file_regist_method: 1,
      groups: { atd: group.user_group_id }, corp_id: corp.corp_id, row_version: user.row_version + 1, update_user_nm: '管理者 太郎',
    });
    expect(await info(t.token, user.user_id)).toEqual(updated);
    const item = (await stored(t.kykId, user.user_id))!;
    expect(item).toMatchObject({ gsi2sk: `After Name#${user.user_id}`, gsi1sk: user.user_id, user_nm: 'After Name' });
    const member = await db().send(new GetCommand({ TableName: TABLE(), Key: memberKey(t.kykId, group.user_group_id, user.user_id) }));
    expect(member.Item).toMatchObject({ user_nm: 'After Name', email: 'after+1@example.com' });
    const corpMember = await db().send(new GetCommand({ TableName: TABLE(), Key: corpMemberKey(t.kykId, corp.corp_id, user.user_id) }));
    expect(corpMember.Item).toMatchObject({ user_nm: 'After Name' });
    const byName = await call('com/user_info_list', { sort_item: 'user_nm', search_key: 'After Name' }, t.token);
    expect(byName.body.data?.return_list.map((row) => row.user_id)).toEqual([user.user_id]);
    expect((await call('com/user_info_list', { sort_item: 'user_nm', search_key: 'Before Name' }, t.token)).body.data?.total_size).toBe(0);

    const audit = (await auditOf(t.kykId, user.user_id)).find((record) => record.action === 'user.update');
    expect(audit).toMatchObject({ before: { user_nm: 'Before Name', row_version: user.row_version }, after: { user_nm: 'After Name', email: 'after+1@example.com' } });
    expect(JSON.stringify(audit)).not.toMatch(/password_hash|scrypt/);
    await expectCounts(t.kykId, { [group.user_group_id]: 1 }, { [corp.corp_id]: 1 });
  });

  it('answers -201 on a stale row_version and -3 for a missing user, and changes nothing', async () => {
    const { user } = await aRegisteredUser(t);
    await update(t.token, user, { post: 'first save' });
    const before = await snapshot(t.kykId);
    const stale = await call('com/user_info_upd_btn', updateBody(user, { post: 'second save' }), t.token);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: -201, message: EDITED });
    const missing = await call('com/user_info_upd_btn', updateBody(user, { user_id: 'nobody' }), t.token);
    expect(missing.body).toMatchObject({ code: -3, message: NOT_FOUND });
    expect(await snapshot(t.kykId)).toBe(before);
  });

  it('lets exactly one of five concurrent saves of the same version win', async () => {
    const { user } = await aRegisteredUser(t);
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => call('com/user_info_upd_btn', updateBody(user, { post: `racer ${i}` }), t.token)));
    expect(results.filter((result) => result.body.code === 0)).toHaveLength(1);
    expect(results.filter((result) => result.body.code === -201)).toHaveLength(4);
    expect((await getUser(t.kykId, user.user_id))?.row_version).toBe(user.row_version + 1);
  });

  it('moves groups and legal entities with exact counts; an absent product keeps its group, null leaves it', async () => {
    const [g1, g2, gk, c1, c2] = await Promise.all([aGroup(t, { product: 'ata' }), aGroup(t, { product: 'ata' }), aGroup(t, { product: 'atk' }), aCorp(t), aCorp(t)]);
    const { user } = await aRegisteredUser(t, { groups: { ata: g1.user_group_id, atk: gk.user_group_id }, corp_id: c1.corp_id });
    await expectCounts(t.kykId, { [g1.user_group_id]: 1, [g2.user_group_id]: 0, [gk.user_group_id]: 1 }, { [c1.corp_id]: 1, [c2.corp_id]: 0 });

    const moved = await update(t.token, user, { groups: { ata: g2.user_group_id }, corp_id: c2.corp_id });
    expect(moved).toMatchObject({ groups: { ata: g2.user_group_id, atk: gk.user_group_id }, group_names: { ata: g2.user_group_nm, atk: gk.user_group_nm }, corp_id: c2.corp_id, corp_nm: c2.corp_nm });
    await expectCounts(t.kykId, { [g1.user_group_id]: 0, [g2.user_group_id]: 1, [gk.user_group_id]: 1 }, { [c1.corp_id]: 0, [c2.corp_id]: 1 });

    const left = await update(t.token, moved, { groups: { atk: null }, corp_id: null });
    expect(left).toMatchObject({ groups: { ata: g2.user_group_id }, corp_id: null, corp_nm: '' });
    await expectCounts(t.kykId, { [g2.user_group_id]: 1, [gk.user_group_id]: 0 }, { [c2.corp_id]: 0 });
    // The group forms opened before stay valid: the groups' own row_version did not move.
    expect((await getGroup(t.kykId, g2.user_group_id))?.row_version).toBe(g2.row_version);
    // The changes are audited on the groups too.
    const { Items = [] } = await db().send(new QueryCommand({
      TableName: process.env.AUDIT_TABLE_NAME, IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': `T#${t.kykId}#AUDIT#ITEM#user_group#${gk.user_group_id}` },
    }));
    expect(Items.some((record) => (record.after as { removed_member_ids?: string[] })?.removed_member_ids?.includes(user.user_id))).toBe(true);
  });

  it('keeps group and legal-entity counts exact under five parallel updates moving users', async () => {
    const [g1, g2, c1, c2] = await Promise.all([aGroup(t, { product: 'atw' }), aGroup(t, { product: 'atw' }), aCorp(t), aCorp(t)]);
    const users = await Promise.all(Array.from({ length: 5 }, () => aRegisteredUser(t, { groups: { atw: g1.user_group_id }, corp_id: c1.corp_id }).then((data) => data.user)));
    await expectCounts(t.kykId, { [g1.user_group_id]: 5, [g2.user_group_id]: 0 }, { [c1.corp_id]: 5, [c2.corp_id]: 0 });
    const results = await Promise.all(users.map((user) => call('com/user_info_upd_btn', updateBody(user, { groups: { atw: g2.user_group_id }, corp_id: c2.corp_id }), t.token)));
    for (const result of results) expect(result.body.code, JSON.stringify(result.body)).toBe(0);
    await expectCounts(t.kykId, { [g1.user_group_id]: 0, [g2.user_group_id]: 5 }, { [c1.corp_id]: 0, [c2.corp_id]: 5 });
    // And back, racing five saves of one user (one wins) with moves of the others.
    const fresh = await Promise.all(users.map((user) => info(t.token, user.user_id)));
    const racing = await Promise.all([
      ...Array.from({ length: 5 }, () => call('com/user_info_upd_btn', updateBody(fresh[0]!, { groups: { atw: g1.user_group_id }, corp_id: c1.corp_id }), t.token)),
      ...fresh.slice(1).map((user) => call('com/user_info_upd_btn', updateBody(user, { groups: { atw: g1.user_group_id }, corp_id: c1.corp_id }), t.token)),
    ]);
    expect(racing.slice(0, 5).filter((result) => result.body.code === 0)).toHaveLength(1);
    for (const result of racing.slice(5)) expect(result.body.code).toBe(0);
    await expectCounts(t.kykId, { [g1.user_group_id]: 5, [g2.user_group_id]: 0 }, { [c1.corp_id]: 5, [c2.corp_id]: 0 });
  });

  it('keeps the legal entity from being deleted while a user belongs to it', async () => {
    const corp = await aCorp(t);
    const { user } = await aRegisteredUser(t, { corp_id: corp.corp_id });
    const refused = await call('com/corp_info_del_btn', { corp_id: corp.corp_id, row_version: corp.row_version }, t.token);
    expect(refused.body.code).toBe(-203);
    await update(t.token, user, { corp_id: null });
    expect((await call('com/corp_info_del_btn', { corp_id: corp.corp_id, row_version: corp.row_version }, t.token)).body.code).toBe(0);
  });
});

describe('users: suspend, unsuspend, password reset, TOTP and two-step resets', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
  });

  /** A registered user who has been through the first sign-in's forced password change, with its details. */
  async function signedIn(body: Partial<RouteRequest<'com/user_info_reg_btn'>> = {}) {
    const { userId, password, token } = await aUser(t, body);
    return { user: await info(t.token, userId), password, token };
  }

  it('suspends: status 1, the session ends (-102 at once), sign-in is refused, the responsible person is mailed, audited', async () => {
    const { user, password, token } = await signedIn();
    expect((await call('com/check_login_info', {}, token)).body.code).toBe(0);
    const result = await call('com/user_info_lapse_btn', { user_id: user.user_id, row_version: user.row_version }, t.token);
    expect(result.body.code, JSON.stringify(result.body)).toBe(0);
    expect(result.body.data?.user).toMatchObject({ status: 1, row_version: user.row_version + 1 });
    expect(await readSession(t.kykId, user.user_id)).toBeUndefined();
    const after = await call('com/check_login_info', {}, token);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(-102);
    expect((await call('login/login_btn', { kyk_id: t.kykId, user_id: user.user_id, password, force_flg: 1 })).body.code).toBe(-990000010002);

    const mails = await mailsTo('admin@example.com', `${user.user_id} (${user.user_nm}) of contract ${t.kykId}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'A user account has been suspended', from: process.env.MAIL_FROM });
    expect(mails[0]!.body.text).toMatch(/suspended by 管理者 太郎 at \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(JST\)/);
    expect((await auditOf(t.kykId, user.user_id)).find((record) => record.action === 'user.lapse')).toMatchObject({ before: { status: 0 }, after: { status: 1 } });
  });

  it("mails in the responsible person's language, and the acting administrator when the contract names nobody", async () => {
    const key = contractKey(t.kykId);
    await db().send(new UpdateCommand({ TableName: TABLE(), Key: key, UpdateExpression: 'SET responsible_email = :e, responsible_language = :l', ExpressionAttributeValues: { ':e': 'boss@example.jp', ':l': 'ja' } }));
    try {
      const { user } = await aRegisteredUser(t);
      expect((await call('com/user_info_lapse_btn', { user_id: user.user_id, row_version: user.row_version }, t.token)).body.code).toBe(0);
      const ja = await mailsTo('boss@example.jp', `アカウント ${user.user_id}`);
      expect(ja).toHaveLength(1);
      expect(ja[0]!.subject).toBe('ユーザーアカウントが利用停止されました');
      expect(ja[0]!.body.text).toMatch(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2} \(JST\) に 管理者 太郎 によって利用停止されました。/);

      await db().send(new UpdateCommand({ TableName: TABLE(), Key: key, UpdateExpression: 'REMOVE responsible_email, responsible_language' }));
      await db().send(new UpdateCommand({ TableName: TABLE(), Key: userKey(t.kykId, 'admin'), UpdateExpression: 'SET email = :e', ExpressionAttributeValues: { ':e': `acting-${t.kykId}@example.com` } }));
      const { user: other } = await aRegisteredUser(t);
      expect((await call('com/user_info_lapse_btn', { user_id: other.user_id, row_version: other.row_version }, t.token)).body.code).toBe(0);
      expect(await mailsTo(`acting-${t.kykId}@example.com`, other.user_id)).toHaveLength(1);
    } finally {
      await db().send(new UpdateCommand({ TableName: TABLE(), Key: key, UpdateExpression: 'SET responsible_email = :e, responsible_language = :l', ExpressionAttributeValues: { ':e': 'admin@example.com', ':l': 'en' } }));
    }
  });

  it('refuses to suspend or delete yourself (-2) and writes nothing', async () => {
    const admin = await info(t.token, 'admin');
    const before = await snapshot(t.kykId);
    for (const path of ['com/user_info_lapse_btn', 'com/user_info_del_btn'] as const) {
      const result = await call(path, { user_id: 'admin', row_version: admin.row_version }, t.token);
      expect(result.status, path).toBe(403);
      expect(result.body, path).toMatchObject({ code: -2, message: CANNOT_CHANGE_SELF });
    }
    expect(await snapshot(t.kykId)).toBe(before);
    expect((await call('com/check_login_info', {}, t.token)).body.code).toBe(0);
  });

  it('unsuspends with a forced password change (990000210003) or without (990000210004), and unlocks status 9', async () => {
    const { user, password } = await signedIn();
    const lapsed = (await call('com/user_info_lapse_btn', { user_id: user.user_id, row_version: user.row_version }, t.token)).body.data!.user;
    const forced = await call('com/user_info_unlapse_btn', { user_id: user.user_id, row_version: lapsed.row_version, require_password_change: 1 }, t.token);
    expect(forced.body).toMatchObject({ code: 990000210003, msg_level: 'INFO', message: 'The suspension has been lifted. The user must change the password at the next sign-in.' });
    expect(forced.body.data?.user).toMatchObject({ status: 0, password_change_required: 1 });
    expect((await stored(t.kykId, user.user_id))?.password_change_required).toBe(1);
    const next = await call('login/login_btn', { kyk_id: t.kykId, user_id: user.user_id, password, force_flg: 1 });
    expect(next.body).toMatchObject({ code: -990000010009, data: { next: { step: 'password-change', reason: 'reset' } } });

    const other = (await aRegisteredUser(t)).user;
    await db().send(new UpdateCommand({ TableName: TABLE(), Key: userKey(t.kykId, other.user_id), UpdateExpression: 'SET #s = :locked', ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':locked': 9 } }));
    const plain = await call('com/user_info_unlapse_btn', { user_id: other.user_id, row_version: other.row_version }, t.token);
    expect(plain.body).toMatchObject({ code: 990000210004, message: 'The suspension has been lifted.' });
    // A plain unsuspend leaves the pending first-sign-in change as it was.
    expect(plain.body.data?.user).toMatchObject({ status: 0, password_change_required: other.password_change_required });
    const audit = (await auditOf(t.kykId, other.user_id)).find((record) => record.action === 'user.unlapse');
    expect(audit).toMatchObject({ before: { status: 9 }, after: { status: 0 } });
  });

  it('resets a password to a temporary one shown once: hashed, 24 hours, change required, the session ended', async () => {
    const { user, password, token } = await signedIn();
    const result = await call('com/user_info_passchge_btn', { user_id: user.user_id, row_version: user.row_version, delivery: 'show' }, t.token);
    expect(result.body.code, JSON.stringify(result.body)).toBe(0);
    const temporary = result.body.data!.temporary_password!;
    expect(temporary).toMatch(/^[A-Za-z0-9!#$%&*+\-=?@_]{16,}$/);
    expect(result.body.data!.user).toMatchObject({ password_change_required: 1, row_version: user.row_version + 1 });
    const item = (await stored(t.kykId, user.user_id))!;
    expect(await verifyPassword(temporary, String(item.password_hash))).toBe(true);
    expect(await verifyPassword(password, String(item.password_hash))).toBe(false);
    expect(Math.abs(Date.parse(String(item.temp_password_expires_at)) - Date.now() - 24 * 3_600_000)).toBeLessThan(60_000);
    expect(JSON.stringify(item)).not.toContain(temporary);
    expect((await call('com/check_login_info', {}, token)).body.code).toBe(-102);
    const again = await call('com/user_info', { user_id: user.user_id }, t.token);
    expect(JSON.stringify(again.body)).not.toContain(temporary);
    const audit = await auditOf(t.kykId, user.user_id);
    const record = audit.find((entry) => entry.action === 'user.password_reset');
    expect(record).toMatchObject({ after: { password_change_required: 1, delivery: 'show' } });
    expect(JSON.stringify(audit)).not.toContain(temporary);
    expect(JSON.stringify(audit)).not.toMatch(/password_hash|scrypt/);
    // The temporary password signs in only as far as the forced change.
    const next = await call('login/login_btn', { kyk_id: t.kykId, user_id: user.user_id, password: temporary });
    expect(next.body).toMatchObject({ code: -990000010009, data: { next: { step: 'password-change' } } });
    expect(next.token).toBeUndefined();
  });

  it("mails the temporary password to the user's address in the user's language and answers null", async () => {
    const { user } = await aRegisteredUser(t, { language: 'ja' });
    const result = await call('com/user_info_passchge_btn', { user_id: user.user_id, row_version: user.row_version, delivery: 'mail' }, t.token);
    expect(result.body.code, JSON.stringify(result.body)).toBe(0);
    expect(result.body.data?.temporary_password).toBeNull();
    const mails = await mailsTo(user.email, user.user_id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('パスワードがリセットされました');
    const temporary = /仮パスワード: (\S+) /.exec(mails[0]!.body.text ?? '')?.[1];
    expect(temporary).toBeDefined();
    expect(await verifyPassword(temporary!, String((await stored(t.kykId, user.user_id))?.password_hash))).toBe(true);
  });

  it('refuses a mailed reset for a user without an e-mail address, and writes nothing', async () => {
    const [user] = await arrange(t.kykId, [{ email: '' }]);
    const before = await snapshot(t.kykId);
    const result = await call('com/user_info_passchge_btn', { user_id: user!.user_id, row_version: 1, delivery: 'mail' }, t.token);
    expect(result.body).toMatchObject({ code: -4, info: { fields: { delivery: 'This user has no e-mail address. Show the temporary password instead.' } } });
    expect(await snapshot(t.kykId)).toBe(before);
  });

  it('removes the TOTP registration and the trusted devices, each audited without secrets', async () => {
    const { user } = await aRegisteredUser(t);
    const key = userKey(t.kykId, user.user_id);
    await db().send(new UpdateCommand({ TableName: TABLE(), Key: key, UpdateExpression: 'SET totp_secret = :s, totp_last_step = :n', ExpressionAttributeValues: { ':s': 'JBSWY3DPEHPK3PXP', ':n': 123 } }));
    const withTotp = await info(t.token, user.user_id);
    expect(withTotp.totp_registered).toBe(1);
    expect(JSON.stringify(withTotp)).not.toContain('JBSWY3DPEHPK3PXP');

    const totp = await call('com/user_info_totpdel_btn', { user_id: user.user_id, row_version: withTotp.row_version }, t.token);
    expect(totp.body.code, JSON.stringify(totp.body)).toBe(0);
    expect(totp.body.data?.user).toMatchObject({ totp_registered: 0, row_version: withTotp.row_version + 1 });
    const item = (await stored(t.kykId, user.user_id))!;
    expect(item.totp_secret).toBeUndefined();
    expect(item.totp_last_step).toBeUndefined();

    const deviceKeys = ['DEVICE#a', 'DEVICE#b'].map((sk) => ({ pk: key.pk, sk }));
    await Promise.all(deviceKeys.map((deviceKey) => db().send(new PutCommand({ TableName: TABLE(), Item: { ...deviceKey, type: 'device', browser: 'x' } }))));
    const twoStep = await call('com/user_info_reset_twostep_key_btn', { user_id: user.user_id, row_version: withTotp.row_version + 1 }, t.token);
    expect(twoStep.body.code, JSON.stringify(twoStep.body)).toBe(0);
    expect(twoStep.body.data?.user.row_version).toBe(withTotp.row_version + 2);
    for (const deviceKey of deviceKeys) expect((await db().send(new GetCommand({ TableName: TABLE(), Key: deviceKey, ConsistentRead: true }))).Item).toBeUndefined();

    const audit = await auditOf(t.kykId, user.user_id);
    expect(audit.find((record) => record.action === 'user.totp_reset')).toMatchObject({ before: { totp_registered: 1 }, after: { totp_registered: 0 } });
    expect(audit.find((record) => record.action === 'user.twostep_reset')).toMatchObject({ after: { devices_removed: 2 } });
    expect(JSON.stringify(audit)).not.toContain('JBSWY3DPEHPK3PXP');
  });

  it('answers -201 for a stale version and -3 for a missing user on every state call, and writes nothing', async () => {
    const { user } = await aRegisteredUser(t);
    const before = await snapshot(t.kykId);
    const calls = [
      ['com/user_info_lapse_btn', {}],
      ['com/user_info_unlapse_btn', { require_password_change: 1 }],
      ['com/user_info_passchge_btn', { delivery: 'show' }],
      ['com/user_info_del_btn', {}],
      ['com/user_info_totpdel_btn', {}],
      ['com/user_info_reset_twostep_key_btn', {}],
    ] as const;
    for (const [path, extra] of calls) {
      const stale = await post(path, { user_id: user.user_id, row_version: user.row_version + 1, ...extra }, t.token);
      expect(stale.body.code, path).toBe(-201);
      const missing = await post(path, { user_id: 'nobody', row_version: 1, ...extra }, t.token);
      expect(missing.body, path).toMatchObject({ code: -3, message: NOT_FOUND });
      expect((await post(path, { user_id: user.user_id, ...extra }, t.token)).body.info?.fields?.row_version, path).toBe(REQUIRED);
    }
    expect(await snapshot(t.kykId)).toBe(before);
  });
});
