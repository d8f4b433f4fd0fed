import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '#lib/clients.ts';
import { verifyPassword } from '#lib/passwords.ts';
import { memberKey } from '#data/groups.ts';
import { countUsers } from '#data/user-directory.ts';
import type { RouteRequest } from '#shared/routes.ts';
import type { UserGroup } from '#shared/schemas/groups.ts';
import type { UserDetail } from '#shared/schemas/users.ts';
import { aCorp, aGroup, aPasswordPolicy, aRegisteredUser } from './support/factories.ts';
import { call, post } from './support/api.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';
import { REQUIRED, TOO_LONG, USER_ID_FORMAT, USER_ID_DUPLICATE, EMAIL, PHONE, PASSWORD_REQUIRED, PASSWORD_LENGTH, UNKNOWN_GROUP, UNKNOWN_CORP, INVALID, UNKNOWN_FIELD, NOT_FOUND, CREATED, MISSING_ID, TABLE, newUserId, updateBody, info, stored, auditOf, snapshot, expectCounts, DETAIL_KEYS } from './support/users-suite.ts';

describe('users: register and read', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
  });

  it('registers a user in detailed mode with every field, its group, legal entity, counters and audit record (990000210001)', async () => {
    const [group, corp] = await Promise.all([aGroup(t, { product: 'atk', user_group_nm: 'Knowledge editors' }), aCorp(t, { corp_nm: 'Example Holdings' })]);
    const countBefore = await countUsers(t.kykId);
    const body: RouteRequest<'com/user_info_reg_btn'> = {
      regist_mode: 1, user_id: 'Taro.Y_1@x-', user_nm: '  山田 太郎  ', email: 'taro+12@example.com', phone: '03-1234-5678', language: 'ja', corp_id: corp.corp_id,
      department: 'Sales', post: 'Manager', groups: { atk: group.user_group_id, atc: null }, ata_admin_permission: 1, atp_admin_permission: 1, atk_admin_permission: 1,
      atc_admin_permission: 1, atc_lapse_flg: 1, atk_lapse_flg: 1, atp_lapse_flg: 1, ata_corp_permission: 1, file_regist_method: 1, indiv_permission_flg: 1,
      indiv_com_drive_permission: 3, password: 'Secret-pass-1',
    };
    const result = await call('com/user_info_reg_btn', body, t.token);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ code: 990000210001, msg_level: 'INFO', message: CREATED });
    const { user, temporary_password } = result.body.data!;
    expect(temporary_password).toBeNull();
    expect(Object.keys(user).sort()).toEqual(DETAIL_KEYS);
    expect(user).toMatchObject({
      kyk_id: t.kykId, user_id: 'Taro.Y_1@x-', user_nm: '山田 太郎', email: 'taro+12@example.com', phone: '03-1234-5678', language: 'ja', corp_id: corp.corp_id,
      corp_nm: 'Example Holdings', department: 'Sales', post: 'Manager', groups: { atk: group.user_group_id }, group_names: { atk: 'Knowledge editors' },
      ata_admin_permission: 1, atp_admin_permission: 1, atk_admin_permission: 1, atc_admin_permission: 1, atc_lapse_flg: 1, atk_lapse_flg: 1, atp_lapse_flg: 1,
      ata_corp_permission: 1, file_regist_method: 1, indiv_permission_flg: 1, indiv_com_drive_permission: 3, status: 0, password_change_required: 1, totp_registered: 0,
      regist_user_nm: '管理者 太郎', update_user_nm: '管理者 太郎',
    });

    const item = (await stored(t.kykId, user.user_id))!;
    expect(item).toMatchObject({
      gsi1pk: `T#${t.kykId}#USERS`, gsi1sk: 'Taro.Y_1@x-', gsi2pk: `T#${t.kykId}#USERS`, gsi2sk: '山田 太郎#Taro.Y_1@x-', status: 0, password_change_required: 1,
      groups: { atk: group.user_group_id }, corp_id: corp.corp_id, row_version: user.row_version,
    });
    expect(item.temp_password_expires_at).toBeUndefined();
    expect(await verifyPassword('Secret-pass-1', String(item.password_hash))).toBe(true);
    expect(await countUsers(t.kykId)).toBe(countBefore + 1);
    await expectCounts(t.kykId, { [group.user_group_id]: 1 }, { [corp.corp_id]: 1 });
    const member = await db().send(new GetCommand({ TableName: TABLE(), Key: memberKey(t.kykId, group.user_group_id, user.user_id) }));
    expect(member.Item).toMatchObject({ user_nm: '山田 太郎', email: 'taro+12@example.com' });

    // Read back: the same detail, with names.
    expect(await info(t.token, user.user_id)).toEqual(user);
    const audit = await auditOf(t.kykId, user.user_id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'user.create', target_type: 'user', user_id: 'admin', before: null, after: { user_id: 'Taro.Y_1@x-', groups: { atk: group.user_group_id } } });
    expect(JSON.stringify(audit)).not.toMatch(/password_hash|scrypt|Secret-pass-1/);
  });

  it('registers in simple mode with the detailed fields defaulted, and a temporary password answered once', async () => {
    const group = await aGroup(t);
    const corp = await aCorp(t);
    const userId = newUserId();
    const result = await call('com/user_info_reg_btn', {
      regist_mode: 0, user_id: userId, user_nm: 'Simple', email: `${userId}@example.com`, groups: { ata: group.user_group_id },
      department: 'ignored', corp_id: corp.corp_id, ata_admin_permission: 1, indiv_com_drive_permission: 3,
    }, t.token);
    expect(result.body.code, JSON.stringify(result.body)).toBe(990000210001);
    const { user, temporary_password } = result.body.data!;
    expect(user).toMatchObject({
      user_nm: 'Simple', language: 'ja', department: '', corp_id: null, corp_nm: '', ata_admin_permission: 0, indiv_com_drive_permission: 0, password_change_required: 1,
      groups: { ata: group.user_group_id },
    });
    // 16+ characters of letters, digits and symbols, with each class present.
    expect(temporary_password).toMatch(/^[A-Za-z0-9!#$%&*+\-=?@_]{16,}$/);
    for (const pattern of [/[A-Z]/, /[a-z]/, /\d/, /[^A-Za-z0-9]/]) expect(temporary_password).toMatch(pattern);

    const item = (await stored(t.kykId, userId))!;
    expect(await verifyPassword(temporary_password!, String(item.password_hash))).toBe(true);
    expect(item.password_change_required).toBe(1);
    const expires = Date.parse(String(item.temp_password_expires_at));
    expect(Math.abs(expires - Date.now() - 24 * 3_600_000)).toBeLessThan(60_000);
    // Never again: not in the detail, the list, the stored item or the audit log.
    const again = await call('com/user_info', { user_id: userId }, t.token);
    const listed = await call('com/user_info_list', { search_key: userId }, t.token);
    const audit = await auditOf(t.kykId, userId);
    for (const text of [JSON.stringify(again.body), JSON.stringify(listed.body), JSON.stringify(item), JSON.stringify(audit)]) expect(text).not.toContain(temporary_password!);
    expect(JSON.stringify(again.body)).not.toMatch(/password_hash|scrypt/);
    await expectCounts(t.kykId, { [group.user_group_id]: 1 }, { [corp.corp_id]: 0 });
  });

  it('refuses a duplicate user ID (-4 on user_id) and writes nothing', async () => {
    const { user } = await aRegisteredUser(t);
    const before = await snapshot(t.kykId);
    const again = await call('com/user_info_reg_btn', { user_id: user.user_id, user_nm: 'Other', email: 'other@example.com', password: 'Plum-Orbit-62' }, t.token);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: -4, info: { fields: { user_id: USER_ID_DUPLICATE } } });
    // The first administrator is a user too.
    const admin = await call('com/user_info_reg_btn', { user_id: 'admin', user_nm: 'Other', email: 'other@example.com' }, t.token);
    expect(admin.body).toMatchObject({ code: -4, info: { fields: { user_id: USER_ID_DUPLICATE } } });
    expect(await snapshot(t.kykId)).toBe(before);
  });

  it('lets only one of five concurrent registrations of the same user ID win', async () => {
    const userId = newUserId();
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => call('com/user_info_reg_btn', { user_id: userId, user_nm: `Racer ${i}`, email: `r${i}@example.com`, password: 'Plum-Orbit-62' }, t.token)));
    expect(results.filter((result) => result.body.code === 990000210001)).toHaveLength(1);
    expect(results.filter((result) => result.body.code === -4)).toHaveLength(4);
    expect(await auditOf(t.kykId, userId)).toHaveLength(1);
  });

  it('answers -3 "data does not exist" for a user that does not exist, and -4 for a malformed user ID', async () => {
    const result = await call('com/user_info', { user_id: 'nobody' }, t.token);
    expect(result.status).toBe(404);
    expect(result.body).toMatchObject({ code: -3, message: NOT_FOUND });
    expect((await post('com/user_info', { user_id: 'a b' }, t.token)).body).toMatchObject({ code: -4, info: { fields: { user_id: USER_ID_FORMAT } } });
  });
});

describe('users: validation', () => {
  let t: TestTenant;
  let group: UserGroup;
  let otherProductGroup: UserGroup;
  let target: UserDetail;
  beforeAll(async () => {
    t = await newTenant();
    [group, otherProductGroup] = await Promise.all([aGroup(t, { product: 'ata' }), aGroup(t, { product: 'atp' })]);
    target = (await aRegisteredUser(t)).user;
  });

  const base = () => ({ regist_mode: 1, user_id: newUserId(), user_nm: 'Valid Name', email: 'valid@example.com', password: 'Plum-Orbit-62' });

  it('refuses each invalid field of a registration with its message, and writes nothing', async () => {
    const before = await snapshot(t.kykId);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ user_id: undefined }, 'user_id', REQUIRED],
      [{ user_id: '' }, 'user_id', REQUIRED],
      [{ user_id: '   ' }, 'user_id', REQUIRED],
      [{ user_id: 'abcdefghijklm' }, 'user_id', TOO_LONG(12)],
      [{ user_id: 'ab cd' }, 'user_id', USER_ID_FORMAT],
      [{ user_id: 'ユーザー' }, 'user_id', USER_ID_FORMAT],
      [{ user_id: 'a/b' }, 'user_id', USER_ID_FORMAT],
      [{ user_nm: undefined }, 'user_nm', REQUIRED],
      [{ user_nm: '' }, 'user_nm', REQUIRED],
      [{ user_nm: ' \t ' }, 'user_nm', REQUIRED],
      [{ user_nm: '\u3000\u3000' }, 'user_nm', REQUIRED],
      [{ user_nm: 'x'.repeat(41) }, 'user_nm', TOO_LONG(40)],
      [{ email: undefined }, 'email', REQUIRED],
      [{ email: '\u3000' }, 'email', REQUIRED],
      [{ email: 'plainaddress' }, 'email', EMAIL],
      [{ email: 'a@b' }, 'email', EMAIL],
      [{ email: 'a@@example.com' }, 'email', EMAIL],
      [{ email: 'a b@example.com' }, 'email', EMAIL],
      [{ email: '.a@example.com' }, 'email', EMAIL],
      [{ email: 'a..b@example.com' }, 'email', EMAIL],
      [{ email: 'a+x1@example.com' }, 'email', EMAIL],
      [{ email: 'a@-example.com' }, 'email', EMAIL],
      [{ email: '@example.com' }, 'email', EMAIL],
      [{ email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(63)}.jp` }, 'email', TOO_LONG(319)],
      [{ phone: '0312345678' }, 'phone', PHONE],
      [{ phone: '03-1234-567' }, 'phone', PHONE],
      [{ phone: '1-1234-5678' }, 'phone', PHONE],
      [{ phone: 'abc' }, 'phone', PHONE],
      [{ phone: '0'.repeat(21) }, 'phone', TOO_LONG(20)],
      [{ department: 'd'.repeat(51) }, 'department', TOO_LONG(50)],
      [{ post: 'p'.repeat(51) }, 'post', TOO_LONG(50)],
      [{ password: '' }, 'password', PASSWORD_REQUIRED],
      [{ password: '        ' }, 'password', PASSWORD_REQUIRED],
      [{ password: 'Abcde1!' }, 'password', PASSWORD_LENGTH],
      [{ password: 'A'.repeat(33) }, 'password', PASSWORD_LENGTH],
      [{ groups: { ata: MISSING_ID } }, 'groups.ata', UNKNOWN_GROUP],
      [{ groups: { ata: otherProductGroup.user_group_id } }, 'groups.ata', UNKNOWN_GROUP],
      [{ groups: { ata: 'not-a-uuid' } }, 'groups.ata', INVALID],
      [{ groups: { xyz: group.user_group_id } }, 'groups.xyz', UNKNOWN_FIELD],
      [{ corp_id: MISSING_ID }, 'corp_id', UNKNOWN_CORP],
      [{ corp_id: 'not-a-uuid' }, 'corp_id', INVALID],
      [{ language: 'fr' }, 'language', INVALID],
      [{ regist_mode: 2 }, 'regist_mode', INVALID],
      [{ ata_admin_permission: 2 }, 'ata_admin_permission', INVALID],
      [{ indiv_com_drive_permission: 4 }, 'indiv_com_drive_permission', INVALID],
      [{ status: 1 }, 'status', UNKNOWN_FIELD],
      [{ password_hash: 'x' }, 'password_hash', UNKNOWN_FIELD],
    ];
    for (const [change, field, message] of cases) {
      const result = await post('com/user_info_reg_btn', { ...base(), ...change }, t.token);
      expect(result.status, JSON.stringify(change)).toBe(400);
      expect(result.body, JSON.stringify(change)).toMatchObject({ code: -4, msg_level: 'ERROR', data: null });
      expect(result.body.info?.fields?.[field], JSON.stringify(change)).toBe(message);
    }
    // Every unknown reference is answered together.
    const both = await post('com/user_info_reg_btn', { ...base(), groups: { ata: MISSING_ID, atp: MISSING_ID }, corp_id: MISSING_ID }, t.token);
    expect(both.body.info?.fields).toEqual({ 'groups.ata': UNKNOWN_GROUP, 'groups.atp': UNKNOWN_GROUP, corp_id: UNKNOWN_CORP });
    expect(await snapshot(t.kykId)).toBe(before);
  });

  it('answers the password length message in Japanese with the minimum filled in', async () => {
    const result = await post('com/user_info_reg_btn', { ...base(), password: 'short', language: 'ja' }, t.token, { 'accept-language': 'ja' });
    // The caller's own language (the administrator's, English) decides the text.
    expect(result.body.info?.fields?.password).toBe(PASSWORD_LENGTH);
    await call('com/chang_language', { language: 'ja' }, t.token);
    try {
      const ja = await post('com/user_info_reg_btn', { ...base(), password: 'short' }, t.token);
      expect(ja.body.info?.fields?.password).toBe('新しいパスワードは8文字以上32文字以内で入力してください。');
    } finally {
      await call('com/chang_language', { language: 'en' }, t.token);
    }
  });

  it('accepts the limits themselves and the e-mail forms of SPEC.md §5', async () => {
    const accepted: Record<string, unknown>[] = [
      { user_id: `${'a'.repeat(8)}._@-`, user_nm: 'n'.repeat(40), password: 'A'.repeat(8) },
      { password: 'B'.repeat(32), department: 'd'.repeat(50), post: 'p'.repeat(50) },
      { email: 'a+12@example.com' },
      { email: 'first.last@sub.example.co.jp' },
      { email: "o'brien_x-y@example.org" },
      { phone: '' },
      { phone: '0120-12-3456' },
      { phone: '03-1234-5678' },
    ];
    // The length limits alone: no 8-character password reaches the default minimum strength (3).
    await aPasswordPolicy(t, { pwd_min_strength: 0 });
    try {
      for (const change of accepted) {
        const body = { ...base(), ...change };
        const result = await post('com/user_info_reg_btn', body, t.token);
        expect(result.body.code, JSON.stringify(result.body)).toBe(990000210001);
        const item = await stored(t.kykId, String(body.user_id));
        for (const [field, value] of Object.entries(change)) if (field !== 'password') expect(item?.[field], field).toBe(value);
        if (typeof change.password === 'string') expect(await verifyPassword(change.password, String(item?.password_hash))).toBe(true);
      }
    } finally {
      await aPasswordPolicy(t, { pwd_min_strength: 3 });
    }
  });

  it('refuses each invalid field of an update with its message, and writes nothing', async () => {
    const before = await snapshot(t.kykId);
    const cases: [Partial<RouteRequest<'com/user_info_upd_btn'>> | Record<string, unknown>, string, string][] = [
      [{ user_nm: '' }, 'user_nm', REQUIRED],
      [{ user_nm: '\u3000 \u3000' }, 'user_nm', REQUIRED],
      [{ user_nm: 'x'.repeat(41) }, 'user_nm', TOO_LONG(40)],
      [{ email: '' }, 'email', REQUIRED],
      [{ email: 'not-an-address' }, 'email', EMAIL],
      [{ phone: '12-34' }, 'phone', PHONE],
      [{ department: 'd'.repeat(51) }, 'department', TOO_LONG(50)],
      [{ groups: { ata: MISSING_ID } }, 'groups.ata', UNKNOWN_GROUP],
      [{ groups: { atp: group.user_group_id } }, 'groups.atp', UNKNOWN_GROUP],
      [{ corp_id: MISSING_ID }, 'corp_id', UNKNOWN_CORP],
      [{ row_version: undefined }, 'row_version', REQUIRED],
      [{ user_id: 'a b' }, 'user_id', USER_ID_FORMAT],
      [{ password: 'NewPassw0rd' }, 'password', UNKNOWN_FIELD],
    ];
    for (const [change, field, message] of cases) {
      const result = await post('com/user_info_upd_btn', { ...updateBody(target), ...change }, t.token);
      expect(result.status, JSON.stringify(change)).toBe(400);
      expect(result.body.info?.fields?.[field], JSON.stringify(change)).toBe(message);
    }
    expect(await snapshot(t.kykId)).toBe(before);
  });

  it('refuses invalid list requests', async () => {
    for (const body of [{ page_size: 20 }, { sort_item: 'email' }, { sort_flg: 3 }, { current_page: 0 }, { status: 2 }, { user_group_id: 'x' }, { corp_id: 'x' }, { search_key: 'x'.repeat(41) }, { other: 1 }]) {
      const result = await post('com/user_info_list', body, t.token);
      expect(result.body.code, JSON.stringify(body)).toBe(-4);
    }
  });
});
