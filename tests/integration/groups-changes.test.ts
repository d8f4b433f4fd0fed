import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '#lib/clients.ts';
import { getUser } from '#data/users.ts';
import { countGroups, getGroup, groupCountKey, groupNameClaimKey } from '#data/groups.ts';
import type { UserGroup } from '#shared/schemas/groups.ts';
import { aGroup, aSignedOutUser } from './support/factories.ts';
import { call, post } from './support/api.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';
import { REQUIRED, UNKNOWN_USER, NOT_FOUND, HAS_MEMBERS, EDITED, MISSING_ID, updateBody, update, users, auditOf, snapshot, expectConsistent } from './support/groups-suite.ts';

describe('user groups: update, optimistic locking, delete', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
  });

  it('updates the attributes, renames the claim and writes the audit record with before and after', async () => {
    const group = await aGroup(t, { product: 'atd', user_group_nm: 'Old name', note: 'before' });
    const saved = await update(t.token, group, { user_group_nm: 'New name', note: 'after', admin_permission: 1, com_drive_permission: 2, two_step: 1, mfa_valid_days: 60 });
    expect(saved).toMatchObject({ user_group_nm: 'New name', note: 'after', admin_permission: 1, com_drive_permission: 2, two_step: 1, mfa_valid_days: 60, row_version: 2, regist_date: group.regist_date });
    expect(await getGroup(t.kykId, group.user_group_id)).toMatchObject({ ...saved, name_key: 'new name', gsi1sk: 'new name' });
    const claims = await Promise.all(['old name', 'new name'].map((key) => db().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: groupNameClaimKey(t.kykId, 'atd', key) }))));
    expect(claims.map((claim) => claim.Item?.user_group_id)).toEqual([undefined, group.user_group_id]);
    // The old name is free again.
    await aGroup(t, { product: 'atd', user_group_nm: 'old name' });

    const audit = (await auditOf(t.kykId, group.user_group_id)).find((record) => record.action === 'user_group.update');
    expect(audit).toMatchObject({
      before: { user_group_nm: 'Old name', note: 'before', row_version: 1 },
      after: { user_group_nm: 'New name', note: 'after', admin_permission: 1, row_version: 2, added_member_ids: [], removed_member_ids: [] },
    });
  });

  it('answers -201 on a stale row_version for update, delete and list update, and changes nothing', async () => {
    const group = await aGroup(t);
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
    const group = await aGroup(t);
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
    const group = await aGroup(t, { product: 'ato', user_group_nm: 'Short lived', member_ids: [u!] });
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
    await aGroup(t, { product: 'ato', user_group_nm: 'SHORT LIVED' });

    const actions = (await auditOf(t.kykId, group.user_group_id)).map((record) => record.action);
    expect(actions).toEqual(['user_group.create', 'user_group.update', 'user_group.delete']);
    const last = (await auditOf(t.kykId, group.user_group_id)).at(-1);
    expect(last).toMatchObject({ before: { user_group_nm: 'Short lived', row_version: 2 }, after: null });
  });

  it('saves permission changes of several groups from the list in one transaction, all or none', async () => {
    const [a, b, c] = await Promise.all([aGroup(t), aGroup(t), aGroup(t)]);
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
    const a = await aGroup(t, { user_group_nm: 'A', member_ids: [u1, u2] });
    const b = await aGroup(t, { user_group_nm: 'B' });
    const inOtherProduct = await aGroup(t, { product: 'atp', member_ids: [u1] });

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
    const groups = await Promise.all(Array.from({ length: 5 }, (_, i) => aGroup(t, { user_group_nm: `Parallel ${i}`, member_ids: ids.slice(i * 2, i * 2 + 2) })));
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
    const sources = await Promise.all([0, 1, 2, 3].map((i) => aGroup(t, { user_group_nm: `Source ${i}`, member_ids: ids.slice(i * 25, i * 25 + 25) })));
    const target = await aGroup(t, { user_group_nm: 'Target' });
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
    const source = await aGroup(t, { user_group_nm: 'Big source', member_ids: ids });
    expect(source.user_count).toBe(100);
    const created = await aGroup(t, { user_group_nm: 'Big target', member_ids: ids });
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
  let groupOfA: UserGroup;
  let memberToken: string;

  beforeAll(async () => {
    [a, b] = await Promise.all([newTenant(), newTenant()]);
    [bUser] = await users(b.kykId, 1) as [string];
    bGroup = await aGroup(b, { user_group_nm: 'B only', member_ids: [bUser] });
    groupOfA = await aGroup(a, { user_group_nm: 'A group' });
    memberToken = await (await aSignedOutUser(a)).signIn();
  });

  it('answers -101 (HTTP 403) to a non-administrator on every call, and writes nothing', async () => {
    const before = await snapshot(a.kykId);
    const id = groupOfA.user_group_id;
    const calls: [string, unknown][] = [
      ['com/user_group_list', {}],
      ['com/user_group_list_upd_btn', { updates: [{ user_group_id: id, row_version: 1, admin_permission: 1 }] }],
      ['com/user_group', { user_group_id: id }],
      ['com/user_group_reg_btn', { product: 'ata', user_group_nm: 'Intruders' }],
      ['com/user_group_upd_btn', updateBody(groupOfA, { note: 'hacked' })],
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
    expect((await call('com/user_group_list', {}, a.token)).body.data?.return_list.map((group) => group.user_group_id)).toEqual([groupOfA.user_group_id]);
    expect((await call('com/user_group_upd_btn', updateBody(bGroup, { note: 'from A' }), a.token)).body.code).toBe(-3);
    expect((await call('com/user_group_upd_btn', updateBody(bGroup, { remove_member_ids: [bUser] }), a.token)).body.code).toBe(-3);
    expect((await call('com/user_group_upd_btn', updateBody(bGroup, { add_member_ids: [aUser] }), a.token)).body.code).toBe(-3);
    expect((await call('com/user_group_del_btn', { user_group_id: id, row_version: 1 }, a.token)).body.code).toBe(-3);
    expect((await call('com/user_group_list_upd_btn', { updates: [{ user_group_id: id, row_version: 1, admin_permission: 1 }] }, a.token)).body.code).toBe(-3);
    const intrusion = await call('com/user_group_upd_btn', updateBody(groupOfA, { add_member_ids: [bUser] }), a.token);
    expect(intrusion.body).toMatchObject({ code: -4, info: { fields: { add_member_ids: UNKNOWN_USER } } });
    const intrusionCreate = await call('com/user_group_reg_btn', { product: 'ata', user_group_nm: 'Stolen', member_ids: [bUser] }, a.token);
    expect(intrusionCreate.body).toMatchObject({ code: -4, info: { fields: { member_ids: UNKNOWN_USER } } });
    // Names are per contract: A may use B's group name.
    expect(await snapshot(b.kykId)).toBe(beforeB);
    expect(await snapshot(a.kykId)).toBe(beforeA);
    await aGroup(a, { user_group_nm: 'B only' });
    expect((await getGroup(b.kykId, id))?.user_count).toBe(1);
    expect((await getUser(b.kykId, bUser))?.groups).toEqual({ ata: id });
    expect((await getUser(a.kykId, aUser))?.groups).toBeUndefined();
  });

  it('stores the contract counter per product apart from the contract', async () => {
    const counter = await db().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: groupCountKey(b.kykId, 'ata') }));
    expect(counter.Item?.group_count).toBe(1);
  });
});
