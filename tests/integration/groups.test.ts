import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '#lib/clients.ts';
import { nowIso } from '#lib/data/table.ts';
import { getUser, userIndexKeys, userKey, type User } from '#data/users.ts';
import { hashPassword } from '#lib/passwords.ts';
import { countGroups, getGroup, groupCountKey, groupNameClaimKey, listMembers } from '#data/groups.ts';
import type { RouteRequest } from '#shared/routes.ts';
import type { ProductArea, UserGroup } from '#shared/schemas/groups.ts';
import { call, post } from './support/api.ts';
import { tenantSnapshot } from './support/snapshot.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';
import { createUser } from './support/users.ts';

const REQUIRED = 'This field is required';
const DUPLICATE_NAME = 'A user group with the same name already exists.';
const UNKNOWN_USER = 'This user does not exist.';
const NOT_FOUND = 'The data does not exist. It may have been deleted by another user.';
const HAS_MEMBERS = 'This user group still has members. Remove them before deleting the group.';
const EDITED = 'This item was edited by another user. Please reload and try again.';
const MFA_DAYS = 'Please enter a number of days from 1 to 90.';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

let serial = 0;
const uniqueName = (stem: string) => `${stem} ${++serial}-${randomUUID().slice(0, 6)}`;

async function register(token: string, body: Partial<RouteRequest<'com/user_group_reg_btn'>> = {}): Promise<UserGroup> {
  const result = await call('com/user_group_reg_btn', { product: 'ata', user_group_nm: uniqueName('Group'), ...body }, token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!.group;
}

/** The form save: the group's current values unless overridden. */
function updateBody(group: UserGroup, changes: Partial<RouteRequest<'com/user_group_upd_btn'>> = {}): RouteRequest<'com/user_group_upd_btn'> {
  return {
    user_group_id: group.user_group_id,
    row_version: group.row_version,
    user_group_nm: group.user_group_nm,
    note: group.note,
    admin_permission: group.admin_permission as 0 | 1,
    com_drive_permission: group.com_drive_permission as 0 | 1 | 2 | 3,
    two_step: group.two_step as 0 | 1 | 2,
    mfa_valid_days: group.mfa_valid_days,
    ...changes,
  };
}

async function update(token: string, group: UserGroup, changes: Partial<RouteRequest<'com/user_group_upd_btn'>> = {}): Promise<UserGroup> {
  const result = await call('com/user_group_upd_btn', updateBody(group, changes), token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!.group;
}

/** One password hash for every arranged user: they never sign in, and scrypt per user would take seconds. */
let sharedHash: Promise<string> | undefined;

/** Users arranged directly in the table, like support/users.ts `createUser` (non-admin, no groups). */
async function users(kykId: string, count: number): Promise<string[]> {
  const passwordHash = await (sharedHash ??= hashPassword(randomUUID()));
  const now = nowIso();
  const created = Array.from({ length: count }, (): User => {
    const userId = `u${randomUUID().replaceAll('-', '').slice(0, 8)}`;
    return {
      kyk_id: kykId, user_id: userId, user_nm: `User ${userId}`, email: `${userId}@example.com`, language: 'en', ata_admin_permission: 0, status: 0,
      password_hash: passwordHash, row_version: 1, regist_date: now, regist_user_id: 'test', update_date: now, update_user_id: 'test',
    };
  });
  await Promise.all(created.map((user) => db().send(new PutCommand({
    TableName: process.env.TABLE_NAME,
    Item: { ...userKey(kykId, user.user_id), ...userIndexKeys(user), type: 'user', ...user },
    ConditionExpression: 'attribute_not_exists(pk)',
  }))));
  return created.map((user) => user.user_id);
}

async function auditOf(kykId: string, groupId: string): Promise<Record<string, unknown>[]> {
  const { Items = [] } = await db().send(new QueryCommand({
    TableName: process.env.AUDIT_TABLE_NAME,
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': `T#${kykId}#AUDIT#ITEM#user_group#${groupId}` },
  }));
  return Items;
}

const snapshot = tenantSnapshot;

/** Group, member items, profiles and counter agree: the membership invariant. */
async function expectConsistent(kykId: string, product: ProductArea, groupIds: string[], userIds: string[]) {
  const profiles = await Promise.all(userIds.map((id) => getUser(kykId, id)));
  for (const groupId of groupIds) {
    const [group, members] = await Promise.all([getGroup(kykId, groupId), listMembers(kykId, groupId, 10_000)]);
    const memberIds = members.map((member) => member.user_id).sort();
    const pointing = profiles.filter((user) => user?.groups?.[product] === groupId).map((user) => user!.user_id).sort();
    expect(group?.user_count, `user_count of ${groupId}`).toBe(members.length);
    expect(memberIds.filter((id) => userIds.includes(id))).toEqual(pointing);
  }
}

describe('user groups: create, read, list', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
  });

  it('creates a group with members and stores it, its name claim, counter, members, profiles and audit record', async () => {
    const [u1, u2] = await users(t.kykId, 2);
    const countBefore = await countGroups(t.kykId, 'atk');
    const result = await call('com/user_group_reg_btn', {
      product: 'atk', user_group_nm: '  Sales Team  ', note: 'East office', admin_permission: 1, com_drive_permission: 3, two_step: 2, mfa_valid_days: 14, member_ids: [u2!, u1!, u1!],
    }, t.token);
    expect(result.status).toBe(200);
    expect(result.body.code, JSON.stringify(result.body)).toBe(0);
    const group = result.body.data!.group;
    expect(group).toMatchObject({
      product: 'atk', user_group_nm: 'Sales Team', note: 'East office', admin_permission: 1, com_drive_permission: 3, two_step: 2, mfa_valid_days: 14,
      user_count: 2, row_version: 1, regist_user_nm: '管理者 太郎', update_user_nm: '管理者 太郎',
    });
    expect(Object.keys(group).sort()).toEqual([
      'admin_permission', 'com_drive_permission', 'mfa_valid_days', 'note', 'product', 'regist_date', 'regist_user_nm', 'row_version', 'two_step',
      'update_date', 'update_user_nm', 'user_count', 'user_group_id', 'user_group_nm',
    ]);

    const stored = await getGroup(t.kykId, group.user_group_id);
    expect(stored).toMatchObject({ ...group, kyk_id: t.kykId, name_key: 'sales team', gsi1pk: `T#${t.kykId}#UGROUPS#atk`, gsi1sk: 'sales team' });
    const claim = await db().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: groupNameClaimKey(t.kykId, 'atk', 'sales team') }));
    expect(claim.Item?.user_group_id).toBe(group.user_group_id);
    expect(await countGroups(t.kykId, 'atk')).toBe(countBefore + 1);
    expect((await listMembers(t.kykId, group.user_group_id, 10)).map((member) => member.user_id)).toEqual([u1, u2].sort());
    const profile = await getUser(t.kykId, u1!);
    expect(profile?.groups).toEqual({ atk: group.user_group_id });
    expect(profile?.row_version).toBe(2);

    const audit = await auditOf(t.kykId, group.user_group_id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'user_group.create', target_type: 'user_group', target_id: group.user_group_id, user_id: 'admin', user_nm: '管理者 太郎', before: null,
      after: { user_group_nm: 'Sales Team', user_count: 2, added_member_ids: expect.arrayContaining([u1, u2]) },
    });
  });

  it('applies the defaults of an omitted note, permissions, two_step and MFA validity', async () => {
    const group = await register(t.token, { user_group_nm: 'Defaults' });
    expect(group).toMatchObject({ note: '', admin_permission: 0, com_drive_permission: 0, two_step: 0, mfa_valid_days: 30, user_count: 0 });
  });

  it('answers one group with its members sorted by user ID and the total', async () => {
    const ids = await users(t.kykId, 3);
    const group = await register(t.token, { member_ids: [...ids].reverse() });
    const result = await call('com/user_group', { user_group_id: group.user_group_id }, t.token);
    expect(result.body.code).toBe(0);
    expect(result.body.data).toEqual({
      group,
      members: [...ids].sort().map((id) => ({ user_id: id, user_nm: `User ${id}`, email: `${id}@example.com` })),
      members_total: 3,
    });
  });

  it('answers -3 "data does not exist" for a group that does not exist', async () => {
    const result = await call('com/user_group', { user_group_id: MISSING_ID }, t.token);
    expect(result.status).toBe(404);
    expect(result.body).toMatchObject({ code: -3, message: NOT_FOUND });
    expect((await post('com/user_group', { user_group_id: 'not-a-uuid' }, t.token)).body.code).toBe(-4);
  });

  it('lists a product by name in pages, both directions, with the total, and searches by name prefix ignoring case', async () => {
    const own = await newTenant();
    const names = ['alpha', 'Bravo', 'charlie', 'Delta', 'echo', 'Echo 2', 'Echo#2', 'foxtrot'];
    for (const name of names) await register(own.token, { product: 'atc', user_group_nm: name });
    await register(own.token, { product: 'atd', user_group_nm: 'other product' });

    const page = async (body: RouteRequest<'com/user_group_list'>) => {
      const result = await call('com/user_group_list', body, own.token);
      expect(result.body.code, JSON.stringify(result.body)).toBe(0);
      return result.body.data!;
    };
    const first = await page({ product: 'atc' });
    expect(first).toMatchObject({ sort_item: 'user_group_nm', sort_flg: 1, page_size: 50, current_page: 1, total_size: 8 });
    expect(first.return_list.map((group) => group.user_group_nm)).toEqual(names);
    expect(first.return_list.every((group) => group.product === 'atc')).toBe(true);

    const byFifty = Array.from({ length: 53 }, (_, i) => `n${String(i).padStart(2, '0')}`);
    await Promise.all(byFifty.map((name) => register(own.token, { product: 'atw', user_group_nm: name })));
    const second = await page({ product: 'atw', current_page: 2 });
    expect(second.total_size).toBe(53);
    expect(second.return_list.map((group) => group.user_group_nm)).toEqual(['n50', 'n51', 'n52']);
    expect((await page({ product: 'atw', current_page: 3 })).return_list).toEqual([]);
    const descending = await page({ product: 'atw', sort_flg: 2, current_page: 2 });
    expect(descending.return_list.map((group) => group.user_group_nm)).toEqual(['n02', 'n01', 'n00']);
    expect((await page({ product: 'atw', page_size: 100 })).return_list).toHaveLength(53);

    const search = await page({ product: 'atc', search_key: 'ECH' });
    expect(search.total_size).toBe(3);
    expect(search.return_list.map((group) => group.user_group_nm)).toEqual(['echo', 'Echo 2', 'Echo#2']);
    const hash = await page({ product: 'atc', search_key: 'echo#' });
    expect(hash.return_list.map((group) => group.user_group_nm)).toEqual(['Echo#2']);
    expect(hash.total_size).toBe(1);
    const searchPaged = await page({ product: 'atw', search_key: 'n5', sort_flg: 2 });
    expect(searchPaged).toMatchObject({ total_size: 3 });
    expect(searchPaged.return_list.map((group) => group.user_group_nm)).toEqual(['n52', 'n51', 'n50']);
    expect((await page({ product: 'atc', search_key: '   ' })).total_size).toBe(8);
    expect((await page({ product: 'ato' })).return_list).toEqual([]);
    expect((await page({})).total_size).toBe(0);
  });
});

describe('user groups: validation', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
  });

  it('refuses each invalid field of a registration with its message, and writes nothing', async () => {
    const before = await snapshot(t.kykId);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ user_group_nm: '   ' }, { user_group_nm: REQUIRED }],
      [{ user_group_nm: '\u3000\u3000' }, { user_group_nm: REQUIRED }],
      [{ user_group_nm: ' \u3000\t' }, { user_group_nm: REQUIRED }],
      [{ user_group_nm: undefined }, { user_group_nm: REQUIRED }],
      [{ user_group_nm: 'x'.repeat(81) }, { user_group_nm: 'Please enter no more than 80 characters.' }],
      [{ note: 'n'.repeat(41) }, { note: 'Please enter no more than 40 characters.' }],
      [{ mfa_valid_days: 0 }, { mfa_valid_days: MFA_DAYS }],
      [{ mfa_valid_days: 91 }, { mfa_valid_days: MFA_DAYS }],
      [{ mfa_valid_days: 1.5 }, { mfa_valid_days: MFA_DAYS }],
      [{ product: 'xyz' }, { product: 'The value is not valid.' }],
      [{ product: undefined }, { product: 'The value is not valid.' }],
      [{ admin_permission: 2 }, { admin_permission: 'The value is not valid.' }],
      [{ com_drive_permission: 4 }, { com_drive_permission: 'The value is not valid.' }],
      [{ two_step: 3 }, { two_step: 'The value is not valid.' }],
      [{ member_ids: Array.from({ length: 101 }, (_, i) => `u${i}`) }, { member_ids: 'Please add or remove at most 100 members at a time.' }],
      [{ kyk_id: 'other' }, { kyk_id: 'This field is not accepted.' }],
    ];
    for (const [changes, fields] of cases) {
      const result = await post('com/user_group_reg_btn', { product: 'ata', user_group_nm: 'Valid name', ...changes }, t.token);
      expect(result.status, JSON.stringify(changes)).toBe(400);
      expect(result.body.code).toBe(-4);
      expect(result.body.info?.fields, JSON.stringify(changes)).toEqual(fields);
    }
    expect(await snapshot(t.kykId)).toBe(before);
  });

  it('accepts the limits themselves: an 80-character name, a 40-character note, 1 and 90 days', async () => {
    const long = await register(t.token, { user_group_nm: 'x'.repeat(80), note: 'n'.repeat(40), mfa_valid_days: 1 });
    expect(long.user_group_nm).toHaveLength(80);
    expect((await register(t.token, { mfa_valid_days: 90 })).mfa_valid_days).toBe(90);
  });

  it('refuses each invalid field of an update with its message, and writes nothing', async () => {
    const group = await register(t.token);
    const [u] = await users(t.kykId, 1);
    const before = await snapshot(t.kykId);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ user_group_nm: '\u3000 ' }, { user_group_nm: REQUIRED }],
      [{ user_group_nm: 'y'.repeat(81) }, { user_group_nm: 'Please enter no more than 80 characters.' }],
      [{ note: 'n'.repeat(41) }, { note: 'Please enter no more than 40 characters.' }],
      [{ mfa_valid_days: 0 }, { mfa_valid_days: MFA_DAYS }],
      [{ mfa_valid_days: 91 }, { mfa_valid_days: MFA_DAYS }],
      [{ row_version: undefined }, { row_version: REQUIRED }],
      [{ add_member_ids: Array.from({ length: 101 }, (_, i) => `u${i}`) }, { add_member_ids: 'Please add or remove at most 100 members at a time.' }],
      [{ remove_member_ids: Array.from({ length: 101 }, (_, i) => `u${i}`) }, { remove_member_ids: 'Please add or remove at most 100 members at a time.' }],
      [{ product: 'atp' }, { product: 'This field is not accepted.' }],
    ];
    for (const [changes, fields] of cases) {
      const result = await post('com/user_group_upd_btn', { ...updateBody(group), ...changes }, t.token);
      expect(result.status, JSON.stringify(changes)).toBe(400);
      expect(result.body.info?.fields, JSON.stringify(changes)).toEqual(fields);
    }
    const both = await call('com/user_group_upd_btn', updateBody(group, { add_member_ids: [u!], remove_member_ids: [u!] }), t.token);
    expect(both.body.info?.fields).toEqual({ remove_member_ids: 'The value is not valid.' });
    expect(await snapshot(t.kykId)).toBe(before);
    expect(await getGroup(t.kykId, group.user_group_id)).toMatchObject({ row_version: 1, user_count: 0 });
  });

  it('refuses unknown user IDs with "This user does not exist." and changes nothing', async () => {
    const [known] = await users(t.kykId, 1);
    const group = await register(t.token);
    const before = await snapshot(t.kykId);
    const created = await call('com/user_group_reg_btn', { product: 'ata', user_group_nm: 'With ghosts', member_ids: [known!, 'ghost'] }, t.token);
    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({ code: -4, info: { fields: { member_ids: UNKNOWN_USER } } });
    const updated = await call('com/user_group_upd_btn', updateBody(group, { note: 'changed', add_member_ids: [known!, 'ghost'] }), t.token);
    expect(updated.body).toMatchObject({ code: -4, info: { fields: { add_member_ids: UNKNOWN_USER } } });
    expect(await snapshot(t.kykId)).toBe(before);
  });

  it('refuses a duplicate name in the same product ignoring case and width of spaces around it; allows it in another product', async () => {
    const first = await register(t.token, { product: 'atp', user_group_nm: 'Finance' });
    const before = await snapshot(t.kykId);
    for (const name of ['FINANCE', 'finance', ' Finance\u3000']) {
      const duplicate = await call('com/user_group_reg_btn', { product: 'atp', user_group_nm: name }, t.token);
      expect(duplicate.status, name).toBe(400);
      expect(duplicate.body).toMatchObject({ code: -4, info: { fields: { user_group_nm: DUPLICATE_NAME } } });
    }
    expect(await snapshot(t.kykId)).toBe(before);
    const other = await register(t.token, { product: 'atc', user_group_nm: 'Finance' });
    expect(other.product).toBe('atc');

    // A rename onto a taken name is refused too; a rename of the group's own name in another case is not.
    const second = await register(t.token, { product: 'atp', user_group_nm: 'Payroll' });
    const taken = await call('com/user_group_upd_btn', updateBody(second, { user_group_nm: 'fInAnCe' }), t.token);
    expect(taken.body).toMatchObject({ code: -4, info: { fields: { user_group_nm: DUPLICATE_NAME } } });
    expect(await getGroup(t.kykId, second.user_group_id)).toMatchObject({ user_group_nm: 'Payroll', row_version: 1 });
    const recased = await update(t.token, first, { user_group_nm: 'FINANCE' });
    expect(recased.user_group_nm).toBe('FINANCE');
  });

  it('lets only one of concurrent creations of the same name win', async () => {
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => call('com/user_group_reg_btn', { product: 'ata', user_group_nm: 'Race' }, t.token)));
    expect(results.map((result) => result.body.code).sort()).toEqual([-4, -4, -4, -4, 0]);
  });

  it('refuses invalid list requests', async () => {
    for (const body of [{ product: 'nope' }, { page_size: 20 }, { current_page: 0 }, { sort_flg: 3 }, { sort_item: 'note' }, { search_key: 'x'.repeat(81) }]) {
      const result = await post('com/user_group_list', body, t.token);
      expect(result.body.code, JSON.stringify(body)).toBe(-4);
    }
  });
});

describe('user groups: update, optimistic locking, delete', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
  });

  it('updates the attributes, renames the claim and writes the audit record with before and after', async () => {
    const group = await register(t.token, { product: 'atd', user_group_nm: 'Old name', note: 'before' });
    const saved = await update(t.token, group, { user_group_nm: 'New name', note: 'after', admin_permission: 1, com_drive_permission: 2, two_step: 1, mfa_valid_days: 60 });
    expect(saved).toMatchObject({ user_group_nm: 'New name', note: 'after', admin_permission: 1, com_drive_permission: 2, two_step: 1, mfa_valid_days: 60, row_version: 2, regist_date: group.regist_date });
    expect(await getGroup(t.kykId, group.user_group_id)).toMatchObject({ ...saved, name_key: 'new name', gsi1sk: 'new name' });
    const claims = await Promise.all(['old name', 'new name'].map((key) => db().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: groupNameClaimKey(t.kykId, 'atd', key) }))));
    expect(claims.map((claim) => claim.Item?.user_group_id)).toEqual([undefined, group.user_group_id]);
    // The old name is free again.
    await register(t.token, { product: 'atd', user_group_nm: 'old name' });

    const audit = (await auditOf(t.kykId, group.user_group_id)).find((record) => record.action === 'user_group.update');
    expect(audit).toMatchObject({
      before: { user_group_nm: 'Old name', note: 'before', row_version: 1 },
      after: { user_group_nm: 'New name', note: 'after', admin_permission: 1, row_version: 2, added_member_ids: [], removed_member_ids: [] },
    });
  });

  it('answers -201 on a stale row_version for update, delete and list update, and changes nothing', async () => {
    const group = await register(t.token);
    const current = await update(t.token, group, { note: 'first save' });
    const [u] = await users(t.kykId, 1);
    const before = await snapshot(t.kykId);
    const stale = await call('com/user_group_upd_btn', updateBody(group, { note: 'second save', add_member_ids: [u!] }), t.token);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: -201, msg_level: 'ERROR', message: EDITED });
    const staleDelete = await call('com/user_group_del_btn', { user_group_id: group.user_group_id, row_version: 1 }, t.token);
    expect(staleDelete.body.code).toBe(-201);
    const staleList = await call('com/user_group_list_upd_btn', { updates: [{ user_group_id: group.user_group_id, row_version: 1, admin_permission: 1 }] }, t.token);
    expect(staleList.body.code).toBe(-201);
    expect(await snapshot(t.kykId)).toBe(before);
    expect(await getGroup(t.kykId, group.user_group_id)).toMatchObject({ note: 'first save', row_version: current.row_version, user_count: 0 });
  });

  it('lets exactly one of five concurrent saves of the same version win', async () => {
    const group = await register(t.token);
    const ids = await users(t.kykId, 5);
    const results = await Promise.all(ids.map((id, i) => call('com/user_group_upd_btn', updateBody(group, { note: `save ${i}`, add_member_ids: [id] }), t.token)));
    expect(results.map((result) => result.body.code).sort()).toEqual([-201, -201, -201, -201, 0]);
    const winner = results.findIndex((result) => result.body.code === 0);
    expect(await getGroup(t.kykId, group.user_group_id)).toMatchObject({ note: `save ${winner}`, row_version: 2, user_count: 1 });
    await expectConsistent(t.kykId, 'ata', [group.user_group_id], ids);
  });

  it('answers -3 for update, delete and list update of a group that does not exist', async () => {
    const before = await snapshot(t.kykId);
    const body = { user_group_id: MISSING_ID, row_version: 1 };
    const updated = await call('com/user_group_upd_btn', { ...body, user_group_nm: 'x' }, t.token);
    expect(updated.status).toBe(404);
    expect(updated.body).toMatchObject({ code: -3, message: NOT_FOUND });
    expect((await call('com/user_group_del_btn', body, t.token)).body).toMatchObject({ code: -3, message: NOT_FOUND });
    expect((await call('com/user_group_list_upd_btn', { updates: [{ ...body, admin_permission: 1 }] }, t.token)).body).toMatchObject({ code: -3, message: NOT_FOUND });
    expect(await snapshot(t.kykId)).toBe(before);
  });

  it('refuses to delete a group with members (-203), then deletes it once empty with claim, counter and audit', async () => {
    const [u] = await users(t.kykId, 1);
    const group = await register(t.token, { product: 'ato', user_group_nm: 'Short lived', member_ids: [u!] });
    const count = await countGroups(t.kykId, 'ato');
    const before = await snapshot(t.kykId);
    const refused = await call('com/user_group_del_btn', { user_group_id: group.user_group_id, row_version: group.row_version }, t.token);
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ code: -203, msg_level: 'ERROR', message: HAS_MEMBERS });
    expect(await snapshot(t.kykId)).toBe(before);

    const emptied = await update(t.token, group, { remove_member_ids: [u!] });
    expect(emptied.user_count).toBe(0);
    const deleted = await call('com/user_group_del_btn', { user_group_id: group.user_group_id, row_version: emptied.row_version }, t.token);
    expect(deleted.body).toMatchObject({ code: 0, data: {} });
    expect(await getGroup(t.kykId, group.user_group_id)).toBeUndefined();
    expect(await countGroups(t.kykId, 'ato')).toBe(count - 1);
    expect((await call('com/user_group', { user_group_id: group.user_group_id }, t.token)).body.code).toBe(-3);
    expect((await call('com/user_group_list', { product: 'ato' }, t.token)).body.data?.return_list).toEqual([]);
    await register(t.token, { product: 'ato', user_group_nm: 'SHORT LIVED' });

    const actions = (await auditOf(t.kykId, group.user_group_id)).map((record) => record.action);
    expect(actions).toEqual(['user_group.create', 'user_group.update', 'user_group.delete']);
    const last = (await auditOf(t.kykId, group.user_group_id)).at(-1);
    expect(last).toMatchObject({ before: { user_group_nm: 'Short lived', row_version: 2 }, after: null });
  });

  it('saves permission changes of several groups from the list in one transaction, all or none', async () => {
    const [a, b, c] = await Promise.all([register(t.token), register(t.token), register(t.token)]);
    const saved = await call('com/user_group_list_upd_btn', {
      updates: [
        { user_group_id: a!.user_group_id, row_version: 1, admin_permission: 1 },
        { user_group_id: b!.user_group_id, row_version: 1, com_drive_permission: 3 },
        { user_group_id: c!.user_group_id, row_version: 1 },
      ],
    }, t.token);
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    expect(saved.body.data!.return_list.map((group) => [group.user_group_id, group.admin_permission, group.com_drive_permission, group.row_version])).toEqual([
      [a!.user_group_id, 1, 0, 2],
      [b!.user_group_id, 0, 3, 2],
      [c!.user_group_id, 0, 0, 1],
    ]);
    expect(await getGroup(t.kykId, a!.user_group_id)).toMatchObject({ admin_permission: 1, row_version: 2, update_user_nm: '管理者 太郎' });
    expect((await auditOf(t.kykId, b!.user_group_id)).map((record) => record.action)).toEqual(['user_group.create', 'user_group.update']);
    expect((await auditOf(t.kykId, c!.user_group_id)).map((record) => record.action)).toEqual(['user_group.create']);

    // One stale entry: nothing at all is saved.
    const before = await snapshot(t.kykId);
    const mixed = await call('com/user_group_list_upd_btn', {
      updates: [
        { user_group_id: a!.user_group_id, row_version: 2, admin_permission: 0 },
        { user_group_id: b!.user_group_id, row_version: 1, admin_permission: 1 },
      ],
    }, t.token);
    expect(mixed.body.code).toBe(-201);
    const withMissing = await call('com/user_group_list_upd_btn', {
      updates: [{ user_group_id: a!.user_group_id, row_version: 2, admin_permission: 0 }, { user_group_id: MISSING_ID, row_version: 1, admin_permission: 1 }],
    }, t.token);
    expect(withMissing.body.code).toBe(-3);
    const twice = await call('com/user_group_list_upd_btn', {
      updates: [{ user_group_id: a!.user_group_id, row_version: 2, admin_permission: 0 }, { user_group_id: a!.user_group_id, row_version: 2, admin_permission: 1 }],
    }, t.token);
    expect(twice.body).toMatchObject({ code: -4, info: { fields: { updates: 'The value is not valid.' } } });
    const tooMany = await call('com/user_group_list_upd_btn', {
      updates: Array.from({ length: 51 }, () => ({ user_group_id: randomUUID(), row_version: 1, admin_permission: 1 as const })),
    }, t.token);
    expect(tooMany.body).toMatchObject({ code: -4, info: { fields: { updates: 'Please save at most 50 user groups at a time.' } } });
    const empty = await post('com/user_group_list_upd_btn', { updates: [] }, t.token);
    expect(empty.body).toMatchObject({ code: -4, info: { fields: { updates: REQUIRED } } });
    expect(await snapshot(t.kykId)).toBe(before);
  });
});

describe('user groups: members', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
  });

  it('adds, removes and moves members with exact counts, member items, profiles and audit records', async () => {
    const ids = await users(t.kykId, 4);
    const [u1, u2, u3, u4] = ids as [string, string, string, string];
    const a = await register(t.token, { user_group_nm: 'A', member_ids: [u1, u2] });
    const b = await register(t.token, { user_group_nm: 'B' });
    const inOtherProduct = await register(t.token, { product: 'atp', member_ids: [u1] });

    // Move u1 from A to B, add u3 fresh; adding a member already there changes nothing.
    const b2 = await update(t.token, b, { add_member_ids: [u1, u3] });
    expect(b2.user_count).toBe(2);
    const b3 = await update(t.token, b2, { add_member_ids: [u3] });
    expect(b3.user_count).toBe(2);
    expect(await getGroup(t.kykId, a.user_group_id)).toMatchObject({ user_count: 1, row_version: 1 });
    expect((await getUser(t.kykId, u1))?.groups).toEqual({ ata: b.user_group_id, atp: inOtherProduct.user_group_id });
    await expectConsistent(t.kykId, 'ata', [a.user_group_id, b.user_group_id], ids);
    await expectConsistent(t.kykId, 'atp', [inOtherProduct.user_group_id], ids);

    // Remove u2 from A; removing a non-member (u4) or an unknown ID changes nothing.
    const a2 = await update(t.token, (await call('com/user_group', { user_group_id: a.user_group_id }, t.token)).body.data!.group, { remove_member_ids: [u2, u4, 'ghost'] });
    expect(a2.user_count).toBe(0);
    expect((await getUser(t.kykId, u2))?.groups).toEqual({});
    await expectConsistent(t.kykId, 'ata', [a.user_group_id, b.user_group_id], ids);

    const bAudit = await auditOf(t.kykId, b.user_group_id);
    expect(bAudit.map((record) => record.action)).toEqual(['user_group.create', 'user_group.update', 'user_group.update']);
    expect(bAudit[1]).toMatchObject({ after: { added_member_ids: expect.arrayContaining([u1, u3]), removed_member_ids: [], user_count: 2 } });
    const aAudit = await auditOf(t.kykId, a.user_group_id);
    expect(aAudit.map((record) => record.action)).toEqual(['user_group.create', 'user_group.members', 'user_group.update']);
    expect(aAudit[1]).toMatchObject({ after: { removed_member_ids: [u1], moved_to: b.user_group_id } });
    expect(aAudit[2]).toMatchObject({ after: { removed_member_ids: [u2] } });
  });

  it('keeps every count exact under five parallel saves moving the same users between groups', async () => {
    const ids = await users(t.kykId, 12);
    const groups = await Promise.all(Array.from({ length: 5 }, (_, i) => register(t.token, { user_group_nm: `Parallel ${i}`, member_ids: ids.slice(i * 2, i * 2 + 2) })));
    // Each save pulls every user into its own group (moving them out of the others) and drops one.
    const results = await Promise.all(groups.map((group, i) => call('com/user_group_upd_btn', updateBody(group, { add_member_ids: ids.filter((_, j) => j % 5 !== i) }), t.token)));
    expect(results.map((result) => result.body.code)).toEqual([0, 0, 0, 0, 0]);
    const groupIds = groups.map((group) => group.user_group_id);
    await expectConsistent(t.kykId, 'ata', groupIds, ids);
    const counts = await Promise.all(groupIds.map(async (id) => (await getGroup(t.kykId, id))!.user_count));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(12);
    for (const id of ids) expect(groupIds).toContain((await getUser(t.kykId, id))?.groups?.ata);

    // And five parallel saves that each take members out of another group while adding to their own.
    const fresh = await Promise.all(groupIds.map((id) => call('com/user_group', { user_group_id: id }, t.token).then((result) => result.body.data!)));
    const second = await Promise.all(fresh.map(({ group, members }, i) => {
      const next = fresh[(i + 1) % 5]!;
      return call('com/user_group_upd_btn', updateBody(group, {
        remove_member_ids: members.slice(0, 1).map((member) => member.user_id),
        add_member_ids: next.members.slice(0, 2).map((member) => member.user_id),
      }), t.token);
    }));
    expect(second.map((result) => result.body.code)).toEqual([0, 0, 0, 0, 0]);
    await expectConsistent(t.kykId, 'ata', groupIds, ids);
  });

  it('splits a change of 100 moved users into several transactions that each keep the counts exact', async () => {
    const ids = await users(t.kykId, 100);
    const sources = await Promise.all([0, 1, 2, 3].map((i) => register(t.token, { user_group_nm: `Source ${i}`, member_ids: ids.slice(i * 25, i * 25 + 25) })));
    const target = await register(t.token, { user_group_nm: 'Target' });
    const moved = await update(t.token, target, { note: 'everyone', add_member_ids: ids });
    expect(moved).toMatchObject({ user_count: 100, row_version: 2, note: 'everyone' });
    const sourceIds = sources.map((group) => group.user_group_id);
    for (const id of sourceIds) expect((await getGroup(t.kykId, id))?.user_count).toBe(0);
    await expectConsistent(t.kykId, 'ata', [...sourceIds, target.user_group_id], ids);

    const info = await call('com/user_group', { user_group_id: target.user_group_id }, t.token);
    expect(info.body.data?.members_total).toBe(100);
    expect(info.body.data?.members.map((member) => member.user_id)).toEqual([...ids].sort());

    const audit = await auditOf(t.kykId, target.user_group_id);
    expect(audit[0]?.action).toBe('user_group.create');
    expect(audit.length).toBeGreaterThan(2);
    const added = audit.slice(1).flatMap((record) => (record.after as { added_member_ids: string[] }).added_member_ids);
    expect(added.sort()).toEqual([...ids].sort());
    for (const id of sourceIds) {
      const removed = (await auditOf(t.kykId, id)).slice(1).flatMap((record) => (record.after as { removed_member_ids: string[] }).removed_member_ids);
      expect(removed).toHaveLength(25);
    }

    // 100 removed and 100 added in one save.
    const others = await users(t.kykId, 100);
    const swapped = await update(t.token, moved, { remove_member_ids: ids, add_member_ids: others });
    expect(swapped.user_count).toBe(100);
    await expectConsistent(t.kykId, 'ata', [target.user_group_id], [...ids, ...others]);
    expect((await getUser(t.kykId, ids[0]!))?.groups).toEqual({});
  });

  it('creates a group with 100 members moved from elsewhere in one registration', async () => {
    const ids = await users(t.kykId, 100);
    const source = await register(t.token, { user_group_nm: 'Big source', member_ids: ids });
    expect(source.user_count).toBe(100);
    const created = await register(t.token, { user_group_nm: 'Big target', member_ids: ids });
    expect(created.user_count).toBe(100);
    expect((await getGroup(t.kykId, source.user_group_id))?.user_count).toBe(0);
    await expectConsistent(t.kykId, 'ata', [source.user_group_id, created.user_group_id], ids);
  });
});

describe('user groups: permissions and tenant isolation', () => {
  let a: TestTenant;
  let b: TestTenant;
  let bGroup: UserGroup;
  let bUser: string;
  let aGroup: UserGroup;
  let memberToken: string;

  beforeAll(async () => {
    [a, b] = await Promise.all([newTenant(), newTenant()]);
    [bUser] = await users(b.kykId, 1) as [string];
    bGroup = await register(b.token, { user_group_nm: 'B only', member_ids: [bUser] });
    aGroup = await register(a.token, { user_group_nm: 'A group' });
    memberToken = await (await createUser(a.kykId)).signIn();
  });

  it('answers -101 (HTTP 403) to a non-administrator on every call, and writes nothing', async () => {
    const before = await snapshot(a.kykId);
    const id = aGroup.user_group_id;
    const calls: [string, unknown][] = [
      ['com/user_group_list', {}],
      ['com/user_group_list_upd_btn', { updates: [{ user_group_id: id, row_version: 1, admin_permission: 1 }] }],
      ['com/user_group', { user_group_id: id }],
      ['com/user_group_reg_btn', { product: 'ata', user_group_nm: 'Intruders' }],
      ['com/user_group_upd_btn', updateBody(aGroup, { note: 'hacked' })],
      ['com/user_group_del_btn', { user_group_id: id, row_version: 1 }],
    ];
    for (const [path, body] of calls) {
      const result = await post(path, body, memberToken);
      expect(result.status, path).toBe(403);
      expect(result.body, path).toMatchObject({ code: -101, msg_level: 'ERROR', data: null });
      const anonymous = await post(path, body);
      expect(anonymous.body.code, path).toBe(-102);
    }
    expect(await snapshot(a.kykId)).toBe(before);
  });

  it("A's administrator cannot read, list, update, delete or add members to B's groups, nor add B's users", async () => {
    const [aUser] = await users(a.kykId, 1) as [string];
    const beforeB = await snapshot(b.kykId);
    const beforeA = await snapshot(a.kykId);
    const id = bGroup.user_group_id;
    expect((await call('com/user_group', { user_group_id: id }, a.token)).body.code).toBe(-3);
    const listed = await call('com/user_group_list', { search_key: 'B only' }, a.token);
    expect(listed.body.data).toMatchObject({ total_size: 0, return_list: [] });
    expect((await call('com/user_group_list', {}, a.token)).body.data?.return_list.map((group) => group.user_group_id)).toEqual([aGroup.user_group_id]);
    expect((await call('com/user_group_upd_btn', updateBody(bGroup, { note: 'from A' }), a.token)).body.code).toBe(-3);
    expect((await call('com/user_group_upd_btn', updateBody(bGroup, { remove_member_ids: [bUser] }), a.token)).body.code).toBe(-3);
    expect((await call('com/user_group_upd_btn', updateBody(bGroup, { add_member_ids: [aUser] }), a.token)).body.code).toBe(-3);
    expect((await call('com/user_group_del_btn', { user_group_id: id, row_version: 1 }, a.token)).body.code).toBe(-3);
    expect((await call('com/user_group_list_upd_btn', { updates: [{ user_group_id: id, row_version: 1, admin_permission: 1 }] }, a.token)).body.code).toBe(-3);
    const intrusion = await call('com/user_group_upd_btn', updateBody(aGroup, { add_member_ids: [bUser] }), a.token);
    expect(intrusion.body).toMatchObject({ code: -4, info: { fields: { add_member_ids: UNKNOWN_USER } } });
    const intrusionCreate = await call('com/user_group_reg_btn', { product: 'ata', user_group_nm: 'Stolen', member_ids: [bUser] }, a.token);
    expect(intrusionCreate.body).toMatchObject({ code: -4, info: { fields: { member_ids: UNKNOWN_USER } } });
    // Names are per contract: A may use B's group name.
    expect(await snapshot(b.kykId)).toBe(beforeB);
    expect(await snapshot(a.kykId)).toBe(beforeA);
    await register(a.token, { user_group_nm: 'B only' });
    expect((await getGroup(b.kykId, id))?.user_count).toBe(1);
    expect((await getUser(b.kykId, bUser))?.groups).toEqual({ ata: id });
    expect((await getUser(a.kykId, aUser))?.groups).toBeUndefined();
  });

  it('stores the contract counter per product apart from the contract', async () => {
    const counter = await db().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: groupCountKey(b.kykId, 'ata') }));
    expect(counter.Item?.group_count).toBe(1);
  });
});
