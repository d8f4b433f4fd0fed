import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '#lib/clients.ts';
import { getUser } from '#data/users.ts';
import { countGroups, getGroup, groupNameClaimKey, listMembers } from '#data/groups.ts';
import type { RouteRequest } from '#shared/routes.ts';
import { aGroup } from './support/factories.ts';
import { call, post } from './support/api.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';
import { REQUIRED, DUPLICATE_NAME, UNKNOWN_USER, NOT_FOUND, MFA_DAYS, MISSING_ID, updateBody, update, users, auditOf, snapshot } from './support/groups-suite.ts';

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
    const group = await aGroup(t, { user_group_nm: 'Defaults' });
    expect(group).toMatchObject({ note: '', admin_permission: 0, com_drive_permission: 0, two_step: 0, mfa_valid_days: 30, user_count: 0 });
  });

  it('answers one group with its members sorted by user ID and the total', async () => {
    const ids = await users(t.kykId, 3);
    const group = await aGroup(t, { member_ids: [...ids].reverse() });
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
    for (const name of names) await aGroup(own, { product: 'atc', user_group_nm: name });
    await aGroup(own, { product: 'atd', user_group_nm: 'other product' });

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
    await Promise.all(byFifty.map((name) => aGroup(own, { product: 'atw', user_group_nm: name })));
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
    const long = await aGroup(t, { user_group_nm: 'x'.repeat(80), note: 'n'.repeat(40), mfa_valid_days: 1 });
    expect(long.user_group_nm).toHaveLength(80);
    expect((await aGroup(t, { mfa_valid_days: 90 })).mfa_valid_days).toBe(90);
  });

  it('refuses each invalid field of an update with its message, and writes nothing', async () => {
    const group = await aGroup(t);
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
    const group = await aGroup(t);
    const before = await snapshot(t.kykId);
    const created = await call('com/user_group_reg_btn', { product: 'ata', user_group_nm: 'With ghosts', member_ids: [known!, 'ghost'] }, t.token);
    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({ code: -4, info: { fields: { member_ids: UNKNOWN_USER } } });
    const updated = await call('com/user_group_upd_btn', updateBody(group, { note: 'changed', add_member_ids: [known!, 'ghost'] }), t.token);
    expect(updated.body).toMatchObject({ code: -4, info: { fields: { add_member_ids: UNKNOWN_USER } } });
    expect(await snapshot(t.kykId)).toBe(before);
  });

  it('refuses a duplicate name in the same product ignoring case and width of spaces around it; allows it in another product', async () => {
    const first = await aGroup(t, { product: 'atp', user_group_nm: 'Finance' });
    const before = await snapshot(t.kykId);
    for (const name of ['FINANCE', 'finance', ' Finance\u3000']) {
      const duplicate = await call('com/user_group_reg_btn', { product: 'atp', user_group_nm: name }, t.token);
      expect(duplicate.status, name).toBe(400);
      expect(duplicate.body).toMatchObject({ code: -4, info: { fields: { user_group_nm: DUPLICATE_NAME } } });
    }
    expect(await snapshot(t.kykId)).toBe(before);
    const other = await aGroup(t, { product: 'atc', user_group_nm: 'Finance' });
    expect(other.product).toBe('atc');

    // A rename onto a taken name is refused too; a rename of the group's own name in another case is not.
    const second = await aGroup(t, { product: 'atp', user_group_nm: 'Payroll' });
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
