import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '#lib/clients.ts';
import { readSession } from '#data/sessions.ts';
import { getUser, userKey, type User } from '#data/users.ts';
import { getGroup } from '#data/groups.ts';
import { getCorp } from '#data/corps.ts';
import { countUsers } from '#data/user-directory.ts';
import type { RouteRequest } from '#shared/routes.ts';
import type { Corp } from '#shared/schemas/legal.ts';
import type { UserGroup } from '#shared/schemas/groups.ts';
import type { UserDetail } from '#shared/schemas/users.ts';
import { aCorp, aGroup, aRegisteredUser, aSignedOutUser } from './support/factories.ts';
import { call, post } from './support/api.ts';
import { scanAll } from './support/snapshot.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';
import { UNKNOWN_GROUP, UNKNOWN_CORP, MISSING_ID, TABLE, newUserId, updateBody, update, info, arrange, stored, auditOf, snapshot, expectCounts, ids, DETAIL_KEYS } from './support/users-suite.ts';

describe('users: delete', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
  });

  it('deletes a user with memberships, legal entity, session, counters and audit record', async () => {
    const [ga, gk, corp] = await Promise.all([aGroup(t, { product: 'ata' }), aGroup(t, { product: 'atk' }), aCorp(t)]);
    const password = 'Delete-me-1';
    const { user } = await aRegisteredUser(t, { password, groups: { ata: ga.user_group_id, atk: gk.user_group_id }, corp_id: corp.corp_id });
    const { user: stays } = await aRegisteredUser(t, { groups: { ata: ga.user_group_id }, corp_id: corp.corp_id });
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
    await aRegisteredUser(t, { user_id: user.user_id });
  });

  it('refuses a stale delete of a user with groups and changes nothing', async () => {
    const group = await aGroup(t);
    const { user } = await aRegisteredUser(t, { groups: { ata: group.user_group_id } });
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
    [group, corp] = await Promise.all([aGroup(t, { product: 'atc', user_group_nm: 'Commerce team', member_ids: bulk.slice(0, 55).map((user) => user.user_id) }), aCorp(t, { corp_nm: 'Listed Corp' })]);
    registered = [];
    for (const name of ['Zed', 'Amy', 'Bob']) {
      registered.push((await aRegisteredUser(t, { user_id: `r-${name.toLowerCase()}`, user_nm: name, corp_id: corp.corp_id, groups: { atc: group.user_group_id }, department: 'Sales East', post: 'Staff' })).user);
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
    [bGroup, bCorp] = await Promise.all([aGroup(b, { product: 'ata', user_group_nm: 'B group' }), aCorp(b, { corp_nm: 'B corp' })]);
    bUser = (await aRegisteredUser(b, { user_id: 'b-only', user_nm: 'B person', groups: { ata: bGroup.user_group_id }, corp_id: bCorp.corp_id })).user;
    aUser = (await aRegisteredUser(a)).user;
    memberToken = await (await aSignedOutUser(a)).signIn();
  });

  it('answers -101 (HTTP 403) to a non-administrator on every call, -102 without a token, and writes nothing', async () => {
    const before = await snapshot(a.kykId);
    const target = { user_id: aUser.user_id, row_version: aUser.row_version };
    const calls: [string, unknown][] = [
      ['com/user_info_list', {}],
      ['com/user_info', { user_id: aUser.user_id }],
      ['com/user_info_reg_btn', { user_id: 'intruder', user_nm: 'Intruder', email: 'i@example.com', password: 'Plum-Orbit-62' }],
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
    const intoGroup = await call('com/user_info_reg_btn', { regist_mode: 1, user_id: newUserId(), user_nm: 'X', email: 'x@example.com', password: 'Plum-Orbit-62', groups: { ata: bGroup.user_group_id } }, a.token);
    expect(intoGroup.body).toMatchObject({ code: -4, info: { fields: { 'groups.ata': UNKNOWN_GROUP } } });
    const intoCorp = await call('com/user_info_reg_btn', { regist_mode: 1, user_id: newUserId(), user_nm: 'X', email: 'x@example.com', password: 'Plum-Orbit-62', corp_id: bCorp.corp_id }, a.token);
    expect(intoCorp.body).toMatchObject({ code: -4, info: { fields: { corp_id: UNKNOWN_CORP } } });
    const moved = await call('com/user_info_upd_btn', updateBody(aUser, { groups: { ata: bGroup.user_group_id }, corp_id: bCorp.corp_id }), a.token);
    expect(moved.body).toMatchObject({ code: -4, info: { fields: { 'groups.ata': UNKNOWN_GROUP, corp_id: UNKNOWN_CORP } } });
    expect(await snapshot(b.kykId)).toBe(beforeB);
    expect(await snapshot(a.kykId)).toBe(beforeA);
    // User IDs are per contract: A may register B's ID.
    await aRegisteredUser(a, { user_id: 'b-only' });
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
