import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { db } from '#lib/clients.ts';
import { contractKey } from '#data/contracts.ts';
import { readSession } from '#data/sessions.ts';
import { nowIso } from '#lib/data/table.ts';
import { getUser, userCountKey, userIndexKeys, userKey, type User } from '#data/users.ts';
import { hashPassword, verifyPassword } from '#lib/passwords.ts';
import { getGroup, listMembers, memberKey } from '#data/groups.ts';
import { getCorp } from '#data/corps.ts';
import { corpMemberKey, countUsers } from '#data/user-directory.ts';
import type { RouteRequest } from '#shared/routes.ts';
import type { Corp } from '#shared/schemas/legal.ts';
import type { ProductArea, UserGroup } from '#shared/schemas/groups.ts';
import type { UserDetail } from '#shared/schemas/users.ts';
import { call, post } from './support/api.ts';
import { scanAll, tenantSnapshot } from './support/snapshot.ts';
import { testPassword } from './support/passwords.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';
import { createUser } from './support/users.ts';

const REQUIRED = 'This field is required';
const TOO_LONG = (max: number) => `Please enter no more than ${max} characters.`;
const USER_ID_FORMAT = 'Please use only letters, digits and . _ @ - in the user ID.';
const USER_ID_DUPLICATE = 'This user ID is already registered.';
const EMAIL = 'Please enter a valid e-mail address.';
const PHONE = 'Please enter a phone number such as 03-1234-5678.';
const PASSWORD_REQUIRED = 'Please enter a new password.';
const PASSWORD_LENGTH = 'Please enter a new password with at least 8 characters and no more than 32 characters.';
const UNKNOWN_GROUP = 'This user group does not exist.';
const UNKNOWN_CORP = 'This legal entity does not exist.';
const INVALID = 'The value is not valid.';
const UNKNOWN_FIELD = 'This field is not accepted.';
const NOT_FOUND = 'The data does not exist. It may have been deleted by another user.';
const EDITED = 'This item was edited by another user. Please reload and try again.';
const CANNOT_CHANGE_SELF = 'You cannot suspend or delete your own account.';
const CREATED = 'The user has been registered.';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const TABLE = () => process.env.TABLE_NAME;

let serial = 0;
const newUserId = () => `u${(++serial).toString(36)}${randomUUID().slice(0, 6)}`;

async function register(token: string, body: Partial<RouteRequest<'com/user_info_reg_btn'>> = {}) {
  const userId = body.user_id ?? newUserId();
  const result = await call('com/user_info_reg_btn', { regist_mode: 1, user_id: userId, user_nm: `User ${userId}`, email: `${userId}@example.com`, password: 'Passw0rd!', ...body }, token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(990000210001);
  return result.body.data!;
}

/** The form save: the user's current values unless overridden. */
function updateBody(user: UserDetail, changes: Partial<RouteRequest<'com/user_info_upd_btn'>> = {}): RouteRequest<'com/user_info_upd_btn'> {
  return {
    user_id: user.user_id,
    row_version: user.row_version,
    user_nm: user.user_nm,
    email: user.email,
    phone: user.phone,
    language: user.language,
    corp_id: user.corp_id,
    department: user.department,
    post: user.post,
    ata_admin_permission: user.ata_admin_permission,
    atp_admin_permission: user.atp_admin_permission,
    atk_admin_permission: user.atk_admin_permission,
    atc_admin_permission: user.atc_admin_permission,
    atc_lapse_flg: user.atc_lapse_flg,
    atk_lapse_flg: user.atk_lapse_flg,
    atp_lapse_flg: user.atp_lapse_flg,
    ata_corp_permission: user.ata_corp_permission,
    file_regist_method: user.file_regist_method,
    indiv_permission_flg: user.indiv_permission_flg,
    indiv_com_drive_permission: user.indiv_com_drive_permission as 0 | 1 | 2 | 3,
    ...changes,
  };
}

async function update(token: string, user: UserDetail, changes: Partial<RouteRequest<'com/user_info_upd_btn'>> = {}): Promise<UserDetail> {
  const result = await call('com/user_info_upd_btn', updateBody(user, changes), token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!.user;
}

async function info(token: string, userId: string): Promise<UserDetail> {
  const result = await call('com/user_info', { user_id: userId }, token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!.user;
}

async function newGroup(token: string, product: ProductArea = 'ata', name = `Group ${randomUUID().slice(0, 8)}`, memberIds: string[] = []): Promise<UserGroup> {
  const result = await call('com/user_group_reg_btn', { product, user_group_nm: name, member_ids: memberIds }, token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!.group;
}

async function newCorp(token: string, name = `Corp ${randomUUID().slice(0, 8)}`): Promise<Corp> {
  const result = await call('com/corp_info_reg_btn', { corp_cd: `C${randomUUID().slice(0, 8)}`, corp_nm: name }, token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!.corp;
}

/** One password hash for every arranged user: scrypt per user would take seconds. */
let sharedHash: Promise<string> | undefined;
const SHARED_PASSWORD = `Shared-${randomUUID()}`;

/** Users arranged directly in the table (with the users counter, as registration keeps it). */
async function arrange(kykId: string, specs: Partial<User>[]): Promise<User[]> {
  const passwordHash = await (sharedHash ??= hashPassword(SHARED_PASSWORD));
  const now = nowIso();
  const users = specs.map((spec): User => {
    const userId = spec.user_id ?? newUserId();
    return {
      kyk_id: kykId, user_id: userId, user_nm: `User ${userId}`, email: `${userId}@example.com`, language: 'en', ata_admin_permission: 0, status: 0,
      password_hash: passwordHash, row_version: 1, regist_date: now, regist_user_id: 'test', update_date: now, update_user_id: 'test', ...spec,
    };
  });
  await Promise.all(users.map((user) => db().send(new PutCommand({
    TableName: TABLE(),
    Item: { ...userKey(kykId, user.user_id), ...userIndexKeys(user), type: 'user', ...user },
    ConditionExpression: 'attribute_not_exists(pk)',
  }))));
  await db().send(new UpdateCommand({ TableName: TABLE(), Key: userCountKey(kykId), UpdateExpression: 'ADD user_count :n', ExpressionAttributeValues: { ':n': users.length } }));
  return users;
}

async function stored(kykId: string, userId: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: TABLE(), Key: userKey(kykId, userId), ConsistentRead: true }));
  return Item;
}

async function auditOf(kykId: string, userId: string): Promise<Record<string, unknown>[]> {
  const { Items = [] } = await db().send(new QueryCommand({
    TableName: process.env.AUDIT_TABLE_NAME,
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': `T#${kykId}#AUDIT#ITEM#user#${userId}` },
  }));
  return Items;
}

const snapshot = tenantSnapshot;

interface StoredMail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string };
  from: string;
}

/** Mails the SES stand-in received for an address whose body mentions `marker`. */
async function mailsTo(address: string, marker: string): Promise<StoredMail[]> {
  const response = await fetch(new URL('store', inject('stack').mailViewer));
  const { emails } = (await response.json()) as { emails: StoredMail[] };
  return emails.filter((mail) => mail.destination.to.includes(address) && (mail.body.text ?? '').includes(marker));
}

/** Group and legal-entity counts agree with their member items and the profiles. */
async function expectCounts(kykId: string, groupCounts: Record<string, number>, corpCounts: Record<string, number>) {
  for (const [groupId, count] of Object.entries(groupCounts)) {
    const [group, members] = await Promise.all([getGroup(kykId, groupId), listMembers(kykId, groupId, 10_000)]);
    expect(group?.user_count, `user_count of group ${groupId}`).toBe(count);
    expect(members, `members of group ${groupId}`).toHaveLength(count);
    const profiles = await Promise.all(members.map((member) => getUser(kykId, member.user_id)));
    expect(profiles.every((profile) => profile && Object.values(profile.groups ?? {}).includes(groupId))).toBe(true);
  }
  for (const [corpId, count] of Object.entries(corpCounts)) {
    const corp = await getCorp(kykId, corpId);
    const { Items = [] } = await db().send(new QueryCommand({
      TableName: TABLE(), KeyConditionExpression: 'pk = :pk AND begins_with(sk, :user)', ExpressionAttributeValues: { ':pk': `T#${kykId}#CORP#${corpId}`, ':user': 'USER#' }, ConsistentRead: true,
    }));
    expect(corp?.user_count, `user_count of corp ${corpId}`).toBe(count);
    expect(Items, `members of corp ${corpId}`).toHaveLength(count);
    const profiles = await Promise.all(Items.map((item) => getUser(kykId, String(item.user_id))));
    expect(profiles.every((profile) => profile?.corp_id === corpId)).toBe(true);
  }
}

const ids = (page: { return_list: UserDetail[] }) => page.return_list.map((row) => row.user_id);

const DETAIL_KEYS = [
  'ata_admin_permission', 'ata_corp_permission', 'atc_admin_permission', 'atc_lapse_flg', 'atk_admin_permission', 'atk_lapse_flg', 'atp_admin_permission', 'atp_lapse_flg',
  'corp_id', 'corp_nm', 'department', 'email', 'file_regist_method', 'group_names', 'groups', 'indiv_com_drive_permission', 'indiv_permission_flg', 'kyk_id', 'language',
  'password_change_required', 'phone', 'post', 'regist_date', 'regist_user_nm', 'row_version', 'status', 'totp_registered', 'update_date', 'update_user_nm', 'user_id', 'user_nm',
].sort();

describe('users: register and read', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
  });

  it('registers a user in detailed mode with every field, its group, legal entity, counters and audit record (990000210001)', async () => {
    const [group, corp] = await Promise.all([newGroup(t.token, 'atk', 'Knowledge editors'), newCorp(t.token, 'Example Holdings')]);
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
    const group = await newGroup(t.token);
    const corp = await newCorp(t.token);
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
    const { user } = await register(t.token);
    const before = await snapshot(t.kykId);
    const again = await call('com/user_info_reg_btn', { user_id: user.user_id, user_nm: 'Other', email: 'other@example.com', password: 'Passw0rd!' }, t.token);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: -4, info: { fields: { user_id: USER_ID_DUPLICATE } } });
    // The first administrator is a user too.
    const admin = await call('com/user_info_reg_btn', { user_id: 'admin', user_nm: 'Other', email: 'other@example.com' }, t.token);
    expect(admin.body).toMatchObject({ code: -4, info: { fields: { user_id: USER_ID_DUPLICATE } } });
    expect(await snapshot(t.kykId)).toBe(before);
  });

  it('lets only one of five concurrent registrations of the same user ID win', async () => {
    const userId = newUserId();
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => call('com/user_info_reg_btn', { user_id: userId, user_nm: `Racer ${i}`, email: `r${i}@example.com`, password: 'Passw0rd!' }, t.token)));
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
    [group, otherProductGroup] = await Promise.all([newGroup(t.token, 'ata'), newGroup(t.token, 'atp')]);
    target = (await register(t.token)).user;
  });

  const base = () => ({ regist_mode: 1, user_id: newUserId(), user_nm: 'Valid Name', email: 'valid@example.com', password: 'Passw0rd!' });

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
    for (const change of accepted) {
      const body = { ...base(), ...change };
      const result = await post('com/user_info_reg_btn', body, t.token);
      expect(result.body.code, JSON.stringify(result.body)).toBe(990000210001);
      const item = await stored(t.kykId, String(body.user_id));
      for (const [field, value] of Object.entries(change)) if (field !== 'password') expect(item?.[field], field).toBe(value);
      if (typeof change.password === 'string') expect(await verifyPassword(change.password, String(item?.password_hash))).toBe(true);
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

describe('users: update, optimistic locking, memberships', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
  });

  it('updates the profile, its name index key, the member copies and the audit record with before and after', async () => {
    const [group, corp] = await Promise.all([newGroup(t.token, 'atd'), newCorp(t.token)]);
    const { user } = await register(t.token, { user_nm: 'Before Name', groups: { atd: group.user_group_id }, corp_id: corp.corp_id });
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
    const { user } = await register(t.token);
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
    const { user } = await register(t.token);
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => call('com/user_info_upd_btn', updateBody(user, { post: `racer ${i}` }), t.token)));
    expect(results.filter((result) => result.body.code === 0)).toHaveLength(1);
    expect(results.filter((result) => result.body.code === -201)).toHaveLength(4);
    expect((await getUser(t.kykId, user.user_id))?.row_version).toBe(user.row_version + 1);
  });

  it('moves groups and legal entities with exact counts; an absent product keeps its group, null leaves it', async () => {
    const [g1, g2, gk, c1, c2] = await Promise.all([newGroup(t.token, 'ata'), newGroup(t.token, 'ata'), newGroup(t.token, 'atk'), newCorp(t.token), newCorp(t.token)]);
    const { user } = await register(t.token, { groups: { ata: g1.user_group_id, atk: gk.user_group_id }, corp_id: c1.corp_id });
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
    const [g1, g2, c1, c2] = await Promise.all([newGroup(t.token, 'atw'), newGroup(t.token, 'atw'), newCorp(t.token), newCorp(t.token)]);
    const users = await Promise.all(Array.from({ length: 5 }, () => register(t.token, { groups: { atw: g1.user_group_id }, corp_id: c1.corp_id }).then((data) => data.user)));
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
    const corp = await newCorp(t.token);
    const { user } = await register(t.token, { corp_id: corp.corp_id });
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

  /** A registered user who is signed in. */
  /** A registered user who has been through the first sign-in's forced password change. */
  async function signedIn(body: Partial<RouteRequest<'com/user_info_reg_btn'>> = {}) {
    const initial = testPassword();
    const { user: registered } = await register(t.token, { ...body, password: initial });
    const step = await call('login/login_btn', { kyk_id: t.kykId, user_id: registered.user_id, password: initial });
    expect(step.body.code, JSON.stringify(step.body)).toBe(-990000010009);
    const password = testPassword();
    const changed = await call('com/passchange_lnk', { ticket: step.body.data!.next!.ticket, new_password: password, confirm_password: password });
    expect(changed.body.code, JSON.stringify(changed.body)).toBe(990000210002);
    return { user: await info(t.token, registered.user_id), password, token: changed.token! };
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
      const { user } = await register(t.token);
      expect((await call('com/user_info_lapse_btn', { user_id: user.user_id, row_version: user.row_version }, t.token)).body.code).toBe(0);
      const ja = await mailsTo('boss@example.jp', `アカウント ${user.user_id}`);
      expect(ja).toHaveLength(1);
      expect(ja[0]!.subject).toBe('ユーザーアカウントが利用停止されました');
      expect(ja[0]!.body.text).toMatch(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2} \(JST\) に 管理者 太郎 によって利用停止されました。/);

      await db().send(new UpdateCommand({ TableName: TABLE(), Key: key, UpdateExpression: 'REMOVE responsible_email, responsible_language' }));
      await db().send(new UpdateCommand({ TableName: TABLE(), Key: userKey(t.kykId, 'admin'), UpdateExpression: 'SET email = :e', ExpressionAttributeValues: { ':e': `acting-${t.kykId}@example.com` } }));
      const { user: other } = await register(t.token);
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

    const other = (await register(t.token)).user;
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
    const { user } = await register(t.token, { language: 'ja' });
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
    const { user } = await register(t.token);
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
    const { user } = await register(t.token);
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

describe('users: delete', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
  });

  it('deletes a user with memberships, legal entity, session, counters and audit record', async () => {
    const [ga, gk, corp] = await Promise.all([newGroup(t.token, 'ata'), newGroup(t.token, 'atk'), newCorp(t.token)]);
    const password = 'Delete-me-1';
    const { user } = await register(t.token, { password, groups: { ata: ga.user_group_id, atk: gk.user_group_id }, corp_id: corp.corp_id });
    const { user: stays } = await register(t.token, { groups: { ata: ga.user_group_id }, corp_id: corp.corp_id });
    const step = await call('login/login_btn', { kyk_id: t.kykId, user_id: user.user_id, password });
    const token = (await call('com/passchange_lnk', { ticket: step.body.data!.next!.ticket, new_password: 'Deleted-soon-2', confirm_password: 'Deleted-soon-2' })).token!;
    await db().send(new PutCommand({ TableName: TABLE(), Item: { pk: userKey(t.kykId, user.user_id).pk, sk: 'DEVICE#x', type: 'device' } }));
    const countBefore = await countUsers(t.kykId);

    const result = await call('com/user_info_del_btn', { user_id: user.user_id, row_version: (await info(t.token, user.user_id)).row_version }, t.token);
    expect(result.body.code, JSON.stringify(result.body)).toBe(0);
    expect(result.body.data).toEqual({});
    expect(await stored(t.kykId, user.user_id)).toBeUndefined();
    expect(await readSession(t.kykId, user.user_id)).toBeUndefined();
    expect((await db().send(new QueryCommand({ TableName: TABLE(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': userKey(t.kykId, user.user_id).pk } }))).Items).toEqual([]);
    expect(await countUsers(t.kykId)).toBe(countBefore - 1);
    await expectCounts(t.kykId, { [ga.user_group_id]: 1, [gk.user_group_id]: 0 }, { [corp.corp_id]: 1 });
    expect((await getUser(t.kykId, stays.user_id))?.groups).toEqual({ ata: ga.user_group_id });
    expect((await call('com/check_login_info', {}, token)).body.code).toBe(-102);
    expect((await call('com/user_info', { user_id: user.user_id }, t.token)).body.code).toBe(-3);
    expect((await call('login/login_btn', { kyk_id: t.kykId, user_id: user.user_id, password, force_flg: 1 })).body.code).toBe(-990000010001);

    const audit = (await auditOf(t.kykId, user.user_id)).find((record) => record.action === 'user.delete');
    expect(audit).toMatchObject({ before: { user_id: user.user_id, groups: { ata: ga.user_group_id, atk: gk.user_group_id }, corp_id: corp.corp_id }, after: null });
    expect(JSON.stringify(audit)).not.toMatch(/password_hash|scrypt/);
    // The ID is free again.
    await register(t.token, { user_id: user.user_id });
  });

  it('refuses a stale delete of a user with groups and changes nothing', async () => {
    const group = await newGroup(t.token);
    const { user } = await register(t.token, { groups: { ata: group.user_group_id } });
    const saved = await update(t.token, user, { post: 'moved on' });
    const before = await snapshot(t.kykId);
    expect((await call('com/user_info_del_btn', { user_id: user.user_id, row_version: user.row_version }, t.token)).body.code).toBe(-201);
    expect(await snapshot(t.kykId)).toBe(before);
    expect((await call('com/user_info_del_btn', { user_id: user.user_id, row_version: saved.row_version }, t.token)).body.code).toBe(0);
    await expectCounts(t.kykId, { [group.user_group_id]: 0 }, {});
  });
});

describe('users: list', () => {
  let t: TestTenant;
  let bulk: User[];
  let group: UserGroup;
  let corp: Corp;
  let registered: UserDetail[];

  beforeAll(async () => {
    t = await newTenant();
    // 60 users arranged directly: ids l00..l59, names in reverse order, departments, posts and statuses cycling.
    bulk = await arrange(t.kykId, Array.from({ length: 60 }, (_, i) => ({
      user_id: `l${String(i).padStart(2, '0')}`,
      user_nm: `Name ${String(59 - i).padStart(2, '0')}`,
      department: ['Sales East', 'Sales West', 'Legal'][i % 3]!,
      post: i % 2 === 0 ? 'Manager' : 'Staff',
      status: (i % 10 === 0 ? 1 : i % 10 === 5 ? 9 : 0) as 0 | 1 | 9,
    })));
    [group, corp] = await Promise.all([newGroup(t.token, 'atc', 'Commerce team', bulk.slice(0, 55).map((user) => user.user_id)), newCorp(t.token, 'Listed Corp')]);
    registered = [];
    for (const name of ['Zed', 'Amy', 'Bob']) {
      registered.push((await register(t.token, { user_id: `r-${name.toLowerCase()}`, user_nm: name, corp_id: corp.corp_id, groups: { atc: group.user_group_id }, department: 'Sales East', post: 'Staff' })).user);
    }
  });

  const list = async (body: RouteRequest<'com/user_info_list'>) => {
    const result = await call('com/user_info_list', body, t.token);
    expect(result.body.code, JSON.stringify(result.body)).toBe(0);
    return result.body.data!;
  };

  it('pages the whole contract by user ID in both directions with the counter as total', async () => {
    const allIds = [...bulk.map((user) => user.user_id), ...registered.map((user) => user.user_id), 'admin'].sort();
    expect(await countUsers(t.kykId)).toBe(64);
    const first = await list({});
    expect(first).toMatchObject({ sort_item: 'user_id', sort_flg: 1, page_size: 50, current_page: 1, total_size: 64 });
    expect(ids(first)).toEqual(allIds.slice(0, 50));
    const second = await list({ current_page: 2 });
    expect(ids(second)).toEqual(allIds.slice(50));
    expect((await list({ current_page: 3 })).return_list).toEqual([]);
    const descending = await list({ sort_flg: 2, current_page: 2 });
    expect(ids(descending)).toEqual([...allIds].reverse().slice(50));
    expect(ids(await list({ page_size: 100 }))).toEqual(allIds);
    // Rows are user details: names of the legal entity and groups, no secrets.
    const row = (await list({ search_key: 'r-amy' })).return_list[0]!;
    expect(Object.keys(row).sort()).toEqual(DETAIL_KEYS);
    expect(row).toMatchObject({ corp_nm: 'Listed Corp', group_names: { atc: 'Commerce team' } });
    expect(JSON.stringify(first)).not.toMatch(/password_hash|scrypt/);
  });

  it('sorts by name, searches a prefix of the sort key, and counts the matches', async () => {
    const byName = await list({ sort_item: 'user_nm', page_size: 100 });
    expect(byName.return_list.map((row) => row.user_nm)).toEqual(byName.return_list.map((row) => row.user_nm).sort((a, b) => Buffer.compare(Buffer.from(`${a}#`), Buffer.from(`${b}#`))));
    expect(byName.return_list[0]!.user_nm).toBe('Amy');
    expect(ids(await list({ sort_item: 'user_nm', search_key: 'Name 0', sort_flg: 2 }))).toEqual(['l50', 'l51', 'l52', 'l53', 'l54', 'l55', 'l56', 'l57', 'l58', 'l59']);
    const prefix = await list({ search_key: 'l1' });
    expect(prefix.total_size).toBe(10);
    expect(ids(prefix)).toEqual(Array.from({ length: 10 }, (_, i) => `l1${i}`));
    expect((await list({ search_key: '  ' })).total_size).toBe(64);
    expect(await list({ search_key: 'zz' })).toMatchObject({ total_size: 0, return_list: [] });
  });

  it('filters by department, post and status (alone and together) with exact totals across pages', async () => {
    const expected = (predicate: (user: User) => boolean) => bulk.filter(predicate).map((user) => user.user_id).sort();
    const sales = await list({ department: 'Sales' });
    expect(sales.total_size).toBe(40 + 3);
    const salesAll = [...ids(sales), ...ids(await list({ department: 'Sales', current_page: 2 }))];
    expect(salesAll).toEqual([...expected((user) => user.department!.startsWith('Sales')), ...registered.map((user) => user.user_id)].sort());
    const suspended = await list({ status: 1 });
    expect(ids(suspended)).toEqual(expected((user) => user.status === 1));
    expect(suspended.total_size).toBe(6);
    expect((await list({ status: 9 })).total_size).toBe(6);
    const combined = await list({ department: 'Legal', post: 'Manager', status: 0, sort_item: 'user_nm' });
    const combinedIds = expected((user) => user.department === 'Legal' && user.post === 'Manager' && user.status === 0);
    expect(combined.total_size).toBe(combinedIds.length);
    expect([...ids(combined)].sort()).toEqual(combinedIds);
    expect(combined.return_list.every((row) => row.department === 'Legal' && row.post === 'Manager' && row.status === 0)).toBe(true);
    const searched = await list({ search_key: 'l2', post: 'Staff' });
    expect(ids(searched)).toEqual(['l21', 'l23', 'l25', 'l27', 'l29']);
    expect(searched.total_size).toBe(5);
  });

  it('filters by group: pages its members by user ID or name, with other conditions, and exact totals', async () => {
    const members = [...bulk.slice(0, 55).map((user) => user.user_id), ...registered.map((user) => user.user_id)].sort();
    const first = await list({ user_group_id: group.user_group_id });
    expect(first.total_size).toBe(58);
    expect(ids(first)).toEqual(members.slice(0, 50));
    expect(ids(await list({ user_group_id: group.user_group_id, current_page: 2 }))).toEqual(members.slice(50));
    expect(ids(await list({ user_group_id: group.user_group_id, sort_flg: 2, page_size: 100 }))).toEqual([...members].reverse());
    expect(ids(await list({ user_group_id: group.user_group_id, search_key: 'r-' }))).toEqual(['r-amy', 'r-bob', 'r-zed']);
    const byName = await list({ user_group_id: group.user_group_id, sort_item: 'user_nm' });
    expect(byName.total_size).toBe(58);
    expect(byName.return_list.slice(0, 3).map((row) => row.user_nm)).toEqual(['Amy', 'Bob', 'Name 05']);
    expect((await list({ user_group_id: group.user_group_id, sort_item: 'user_nm', search_key: 'Name 0' })).total_size).toBe(5);
    const staff = await list({ user_group_id: group.user_group_id, post: 'Staff', status: 0 });
    const expectedStaff = [...bulk.slice(0, 55).filter((user) => user.post === 'Staff' && user.status === 0).map((user) => user.user_id), ...registered.map((user) => user.user_id)].sort();
    expect(staff.total_size).toBe(expectedStaff.length);
    expect(ids(staff)).toEqual(expectedStaff);
    expect(await list({ user_group_id: MISSING_ID })).toMatchObject({ total_size: 0, return_list: [] });
  });

  it('filters by legal entity, alone and with a group, sorted either way', async () => {
    const byId = await list({ corp_id: corp.corp_id });
    expect(byId).toMatchObject({ total_size: 3 });
    expect(ids(byId)).toEqual(['r-amy', 'r-bob', 'r-zed']);
    expect((await list({ corp_id: corp.corp_id, sort_item: 'user_nm', sort_flg: 2 })).return_list.map((row) => row.user_nm)).toEqual(['Zed', 'Bob', 'Amy']);
    expect(ids(await list({ corp_id: corp.corp_id, user_group_id: group.user_group_id, search_key: 'r-b' }))).toEqual(['r-bob']);
    expect(ids(await list({ corp_id: corp.corp_id, department: 'Legal' }))).toEqual([]);
    expect((await list({ corp_id: MISSING_ID })).total_size).toBe(0);
  });
});

describe('users: permissions and tenant isolation', () => {
  let a: TestTenant;
  let b: TestTenant;
  let aUser: UserDetail;
  let bUser: UserDetail;
  let bGroup: UserGroup;
  let bCorp: Corp;
  let memberToken: string;

  beforeAll(async () => {
    [a, b] = await Promise.all([newTenant(), newTenant()]);
    [bGroup, bCorp] = await Promise.all([newGroup(b.token, 'ata', 'B group'), newCorp(b.token, 'B corp')]);
    bUser = (await register(b.token, { user_id: 'b-only', user_nm: 'B person', groups: { ata: bGroup.user_group_id }, corp_id: bCorp.corp_id })).user;
    aUser = (await register(a.token)).user;
    memberToken = await (await createUser(a.kykId)).signIn();
  });

  it('answers -101 (HTTP 403) to a non-administrator on every call, -102 without a token, and writes nothing', async () => {
    const before = await snapshot(a.kykId);
    const target = { user_id: aUser.user_id, row_version: aUser.row_version };
    const calls: [string, unknown][] = [
      ['com/user_info_list', {}],
      ['com/user_info', { user_id: aUser.user_id }],
      ['com/user_info_reg_btn', { user_id: 'intruder', user_nm: 'Intruder', email: 'i@example.com', password: 'Passw0rd!' }],
      ['com/user_info_upd_btn', updateBody(aUser, { ata_admin_permission: 1 })],
      ['com/user_info_lapse_btn', target],
      ['com/user_info_unlapse_btn', target],
      ['com/user_info_passchge_btn', target],
      ['com/user_info_del_btn', target],
      ['com/user_info_totpdel_btn', target],
      ['com/user_info_reset_twostep_key_btn', target],
    ];
    for (const [path, body] of calls) {
      const result = await post(path, body, memberToken);
      expect(result.status, path).toBe(403);
      expect(result.body, path).toMatchObject({ code: -101, msg_level: 'ERROR', data: null });
      const anonymous = await post(path, body);
      expect(anonymous.status, path).toBe(401);
      expect(anonymous.body.code, path).toBe(-102);
    }
    expect(await snapshot(a.kykId)).toBe(before);
  });

  it("A's administrator cannot read, list, update, suspend, reset or delete B's users, nor use B's groups or legal entities", async () => {
    const beforeA = await snapshot(a.kykId);
    const beforeB = await snapshot(b.kykId);
    const target = { user_id: bUser.user_id, row_version: bUser.row_version };
    expect((await call('com/user_info', { user_id: bUser.user_id }, a.token)).body.code).toBe(-3);
    expect(await call('com/user_info_list', { search_key: 'b-only' }, a.token).then((result) => result.body.data)).toMatchObject({ total_size: 0, return_list: [] });
    expect(ids((await call('com/user_info_list', { page_size: 100 }, a.token)).body.data!)).not.toContain('b-only');
    expect((await call('com/user_info_list', { user_group_id: bGroup.user_group_id }, a.token)).body.data).toMatchObject({ total_size: 0, return_list: [] });
    expect((await call('com/user_info_list', { corp_id: bCorp.corp_id, sort_item: 'user_nm' }, a.token)).body.data).toMatchObject({ total_size: 0, return_list: [] });
    expect((await call('com/user_info_upd_btn', updateBody(bUser, { user_nm: 'Hijacked', groups: {} }), a.token)).body.code).toBe(-3);
    for (const path of ['com/user_info_lapse_btn', 'com/user_info_unlapse_btn', 'com/user_info_passchge_btn', 'com/user_info_del_btn', 'com/user_info_totpdel_btn', 'com/user_info_reset_twostep_key_btn'] as const) {
      expect((await call(path, target, a.token)).body.code, path).toBe(-3);
    }
    const intoGroup = await call('com/user_info_reg_btn', { regist_mode: 1, user_id: newUserId(), user_nm: 'X', email: 'x@example.com', password: 'Passw0rd!', groups: { ata: bGroup.user_group_id } }, a.token);
    expect(intoGroup.body).toMatchObject({ code: -4, info: { fields: { 'groups.ata': UNKNOWN_GROUP } } });
    const intoCorp = await call('com/user_info_reg_btn', { regist_mode: 1, user_id: newUserId(), user_nm: 'X', email: 'x@example.com', password: 'Passw0rd!', corp_id: bCorp.corp_id }, a.token);
    expect(intoCorp.body).toMatchObject({ code: -4, info: { fields: { corp_id: UNKNOWN_CORP } } });
    const moved = await call('com/user_info_upd_btn', updateBody(aUser, { groups: { ata: bGroup.user_group_id }, corp_id: bCorp.corp_id }), a.token);
    expect(moved.body).toMatchObject({ code: -4, info: { fields: { 'groups.ata': UNKNOWN_GROUP, corp_id: UNKNOWN_CORP } } });
    expect(await snapshot(b.kykId)).toBe(beforeB);
    expect(await snapshot(a.kykId)).toBe(beforeA);
    // User IDs are per contract: A may register B's ID.
    await register(a.token, { user_id: 'b-only' });
    expect((await getUser(b.kykId, 'b-only'))?.user_nm).toBe('B person');
    expect((await getGroup(b.kykId, bGroup.user_group_id))?.user_count).toBe(1);
    expect((await getCorp(b.kykId, bCorp.corp_id))?.user_count).toBe(1);
  });

  it('keeps every audit record of the users feature free of password hashes, temporary passwords and secrets', async () => {
    const all = [
      ...(await scanAll(process.env.AUDIT_TABLE_NAME, 'kyk_id = :k', { ':k': a.kykId })),
      ...(await scanAll(process.env.AUDIT_TABLE_NAME, 'kyk_id = :k', { ':k': b.kykId })),
    ];
    expect(all.filter((record) => String(record.action).startsWith('user.')).length).toBeGreaterThan(0);
    expect(JSON.stringify(all)).not.toMatch(/password_hash|scrypt\$|totp_secret|temporary_password/);
  });
});
