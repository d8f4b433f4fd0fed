import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '#lib/clients.ts';
import { nowIso } from '#lib/data/table.ts';
import { userIndexKeys, userKey, type User } from '#data/users.ts';
import { hashPassword } from '#lib/passwords.ts';
import type { RouteRequest, RouteResponse } from '#shared/routes.ts';
import type { ProductArea, UserGroup } from '#shared/schemas/groups.ts';
import type { PickerItem } from '#shared/schemas/picker.ts';
import { call, post } from './support/api.ts';
import { aGroup, aSignedOutUser } from './support/factories.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

/**
 * The user-or-group picker `com/user_usergroup_sel`. One contract is arranged once (groups in two
 * products with members through the group API, ~125 users written directly with one shared password
 * hash, three legal entities through the legal API); every expectation is computed from that
 * arrangement by a small model of the picker's rules.
 */

const INVALID = 'The value is not valid.';

/** The arranged users as the picker should see them. */
interface ModelUser {
  user_id: string;
  user_nm: string;
  corp_id: string | null;
  department: string;
  post: string;
  status: 0 | 1 | 9;
  indiv_permission_flg: 0 | 1;
  groups: Partial<Record<ProductArea, string>>;
}

type Picker = RouteResponse<'com/user_usergroup_sel'>;

/** The users' name index order (UTF-8 bytes of `<user_nm>#<user_id>`). */
const byName = (a: ModelUser, b: ModelUser) => Buffer.compare(Buffer.from(`${a.user_nm}#${a.user_id}`), Buffer.from(`${b.user_nm}#${b.user_id}`));

let sharedHash: Promise<string> | undefined;

async function putUsers(kykId: string, users: ModelUser[]): Promise<void> {
  const passwordHash = await (sharedHash ??= hashPassword(randomUUID()));
  const now = nowIso();
  await Promise.all(users.map((model) => {
    const user: User = {
      kyk_id: kykId, user_id: model.user_id, user_nm: model.user_nm, email: `${model.user_id}@example.com`, language: 'en', ata_admin_permission: 0,
      status: model.status, corp_id: model.corp_id, department: model.department, post: model.post,
      password_hash: passwordHash, row_version: 1, regist_date: now, regist_user_id: 'test', update_date: now, update_user_id: 'test',
    };
    return db().send(new PutCommand({
      TableName: process.env.TABLE_NAME,
      Item: { ...userKey(kykId, user.user_id), ...userIndexKeys(user), type: 'user', ...user, indiv_permission_flg: model.indiv_permission_flg },
      ConditionExpression: 'attribute_not_exists(pk)',
    }));
  }));
}

async function pick(token: string, body: RouteRequest<'com/user_usergroup_sel'>): Promise<Picker> {
  const result = await call('com/user_usergroup_sel', body, token);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!;
}

const ids = (page: Picker) => page.return_list.map((item) => item.id);

describe('user-or-group picker', () => {
  let t: TestTenant;
  let b: TestTenant;
  const model: ModelUser[] = [];
  const groups: Record<string, UserGroup> = {};
  const corps: Record<'alpha' | 'beta' | 'alpine', string> = { alpha: '', beta: '', alpine: '' };
  let memberToken: string;
  let bGroup: UserGroup;

  /** Available users (lapse_flg 0) matching `filter`, in name order. */
  const expected = (filter: (user: ModelUser) => boolean = () => true, options: { ascending?: boolean; lapsed?: boolean } = {}) => {
    const rows = model.filter((user) => (options.lapsed || user.status === 0) && filter(user)).sort(byName).map((user) => user.user_id);
    return options.ascending === false ? rows.reverse() : rows;
  };
  const groupName = (user: ModelUser, product: ProductArea = 'ata') => {
    const id = user.groups[product];
    return id ? Object.values(groups).find((group) => group.user_group_id === id)!.user_group_nm : '';
  };
  const user = (id: string) => model.find((entry) => entry.user_id === id)!;

  beforeAll(async () => {
    [t, b] = await Promise.all([newTenant(), newTenant()]);

    for (const [key, name, code] of [['alpha', 'Alpha Trading', 'ALP1'], ['beta', 'Beta Works', 'BET1'], ['alpine', 'Alpine Logistics', 'ALP2']] as const) {
      const result = await call('com/corp_info_reg_btn', { corp_cd: code, corp_nm: name }, t.token);
      expect(result.body.code, JSON.stringify(result.body)).toBe(0);
      corps[key] = result.body.data!.corp.corp_id;
    }
    const corpCycle = [corps.alpha, corps.beta, corps.alpine, null];
    const departments = ['East Sales', 'ｗｅｓｔ ＳＡＬＥＳ', 'Engineering'];
    const posts = ['Manager', 'Staff', 'Staff', 'Senior Manager', ''];
    const arranged: ModelUser[] = Array.from({ length: 120 }, (_, i) => ({
      user_id: `m${String(i).padStart(3, '0')}`,
      user_nm: `Member ${String(i).padStart(3, '0')}`,
      corp_id: corpCycle[i % 4]!,
      department: departments[i % 3]!,
      post: posts[i % 5]!,
      status: i % 10 === 9 ? 1 : i % 15 === 14 ? 9 : 0,
      indiv_permission_flg: i % 7 === 0 ? 1 : 0,
      groups: {},
    }));
    const plainUser = { corp_id: null, department: '', post: '', status: 0 as const, indiv_permission_flg: 0 as const };
    arranged.push(
      { ...plainUser, user_id: 'tanaka1', user_nm: 'Tanaka Ichiro', groups: {} },
      { ...plainUser, user_id: 'tanaka2', user_nm: 'Tanaka Jiro', status: 1, groups: {} },
      { ...plainUser, user_id: 'tanaka3', user_nm: 'tanaka saburo', groups: {} },
      { ...plainUser, user_id: 'takahashi', user_nm: 'Takahashi Ken', groups: {} },
    );
    await putUsers(t.kykId, arranged);
    model.push(...arranged, { ...plainUser, user_id: 'admin', user_nm: '管理者 太郎', groups: {} });
    const plain = await aSignedOutUser(t, { user_id: 'plain', user_nm: 'Plain User' });
    model.push({ ...plainUser, user_id: 'plain', user_nm: 'Plain User', groups: {} });
    memberToken = await plain.signIn();

    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `m${String(from + i).padStart(3, '0')}`);
    const arrangements: [string, RouteRequest<'com/user_group_reg_btn'>][] = [
      ['alphaTeam', { product: 'ata', user_group_nm: 'Alpha Team', note: 'East office', com_drive_permission: 3, member_ids: [...range(0, 29), 'tanaka1'] }],
      ['betaTeam', { product: 'ata', user_group_nm: 'Beta Team', note: 'West office', com_drive_permission: 1, member_ids: range(30, 49) }],
      ['gamma', { product: 'ata', user_group_nm: 'Gamma Squad', com_drive_permission: 2 }],
      ['soup', { product: 'ata', user_group_nm: 'alphabet soup', com_drive_permission: 0, member_ids: range(50, 54) }],
      ['readers', { product: 'atk', user_group_nm: 'Knowledge Readers', com_drive_permission: 1, member_ids: range(0, 9) }],
      ['alphaK', { product: 'atk', user_group_nm: 'Alpha K', com_drive_permission: 0 }],
    ];
    for (const [key, body] of arrangements) {
      const group = await aGroup(t, body);
      groups[key] = group;
      for (const id of body.member_ids ?? []) user(id).groups[group.product] = group.user_group_id;
    }

    await putUsers(b.kykId, [{ ...plainUser, user_id: 'bonly1', user_nm: 'Member B only', groups: {} }, { ...plainUser, user_id: 'm000', user_nm: 'Member 000 of B', groups: {} }]);
    bGroup = await aGroup(b, { product: 'ata', user_group_nm: 'Alpha Team B', member_ids: ['bonly1'] });
  });

  describe('groups (search_kbn 1)', () => {
    it("lists a product's groups sorted by name, ascending and descending, with their picker fields", async () => {
      const ascending = await pick(t.token, { search_kbn: 1, product: 'ata' });
      expect(ids(ascending)).toEqual([groups.alphaTeam!, groups.soup!, groups.betaTeam!, groups.gamma!].map((group) => group.user_group_id));
      expect(ascending).toMatchObject({ total_size: 4, page_size: 50, current_page: 1, sort_flg: 1, selected_list: [] });
      expect(ascending.return_list[0]).toEqual({
        id: groups.alphaTeam!.user_group_id, user_group_id: groups.alphaTeam!.user_group_id, user_id: null, user_group_nm: 'Alpha Team', user_nm: '',
        note: 'East office', permission: 3, user_count: 31,
      });
      const descending = await pick(t.token, { search_kbn: 1, product: 'ata', sort_item: 'sort_user_group_nm', sort_flg: 2 });
      expect(ids(descending)).toEqual(ids(ascending).reverse());
      const knowledge = await pick(t.token, { search_kbn: 1, product: 'atk' });
      expect(knowledge.return_list.map((item) => [item.user_group_nm, item.permission, item.user_count])).toEqual([['Alpha K', 0, 0], ['Knowledge Readers', 1, 10]]);
    });

    it('searches by a case-insensitive name prefix from search_key or user_group_nm, and pages', async () => {
      const alpha = await pick(t.token, { search_kbn: 1, search_key: 'ALPHA' });
      expect(alpha.return_list.map((item) => item.user_group_nm)).toEqual(['Alpha Team', 'alphabet soup']);
      expect(alpha.total_size).toBe(2);
      expect((await pick(t.token, { search_kbn: 1, user_group_nm: 'alphab' })).return_list.map((item) => item.user_group_nm)).toEqual(['alphabet soup']);
      expect((await pick(t.token, { search_kbn: 1, search_key: 'alpha', user_group_nm: 'beta' })).total_size).toBe(0);
      expect((await pick(t.token, { search_kbn: 1, search_key: 'zzz' })).return_list).toEqual([]);
      const second = await pick(t.token, { search_kbn: 1, page_size: 1, current_page: 2 });
      expect(second).toMatchObject({ total_size: 4, page_size: 1, current_page: 2 });
      expect(second.return_list.map((item) => item.user_group_nm)).toEqual(['alphabet soup']);
      const all = await pick(t.token, { search_kbn: 1, page_size: 0, current_page: 3 });
      expect(all).toMatchObject({ total_size: 4, page_size: 0, current_page: 1 });
      expect(all.return_list).toHaveLength(4);
    });
  });

  describe('users (search_kbn 2)', () => {
    it('pages through available users in name order with total_size, and page_size 0 answers them all', async () => {
      const all = expected();
      expect(all.length).toBeGreaterThan(100);
      const pages: string[] = [];
      for (let page = 1; page <= Math.ceil(all.length / 50); page++) {
        const result = await pick(t.token, { page_size: 50, current_page: page });
        expect(result).toMatchObject({ total_size: all.length, page_size: 50, current_page: page, sort_item: 'sort_user_nm', sort_flg: 1 });
        pages.push(...ids(result));
      }
      expect(pages).toEqual(all);
      const beyond = await pick(t.token, { page_size: 50, current_page: 10 });
      expect(beyond).toMatchObject({ total_size: all.length, return_list: [] });

      const everything = await pick(t.token, { page_size: 0 });
      expect(everything).toMatchObject({ total_size: all.length, page_size: 0, current_page: 1 });
      expect(ids(everything)).toEqual(all);
      // The SPA's user-select modal pages by 100 (SPEC.md §9).
      const modal = await pick(t.token, { page_size: 100, current_page: 2, sort_flg: 2 });
      expect(ids(modal)).toEqual(expected(undefined, { ascending: false }).slice(100, 200));
    });

    it('searches by name prefix (as stored), ascending and descending', async () => {
      const tanaka = await pick(t.token, { search_key: 'Tanaka' });
      expect(ids(tanaka)).toEqual(['tanaka1']);
      expect(tanaka.total_size).toBe(1);
      const lapsed = await pick(t.token, { search_key: 'Tanaka', lapse_flg: 1, sort_flg: 2 });
      expect(ids(lapsed)).toEqual(['tanaka2', 'tanaka1']);
      expect(ids(await pick(t.token, { search_key: '  Member 11' }))).toEqual(expected((u) => u.user_nm.startsWith('Member 11')));
      expect(ids(await pick(t.token, { search_key: 'Ta' }))).toEqual(['takahashi', 'tanaka1']);
      expect(ids(await pick(t.token, { search_key: '管理' }))).toEqual(['admin']);
      // A prefix reaching into the user ID part of the index key matches nothing.
      expect((await pick(t.token, { search_key: 'Tanaka Ichiro#tan' })).total_size).toBe(0);
    });

    it('lapse_flg 0 leaves out suspended and locked users; 1 includes them', async () => {
      const available = await pick(t.token, { page_size: 0 });
      const everyone = await pick(t.token, { page_size: 0, lapse_flg: 1 });
      expect(ids(everyone)).toEqual(expected(undefined, { lapsed: true }));
      expect(everyone.total_size).toBe(model.length);
      const lapsed = model.filter((u) => u.status !== 0).map((u) => u.user_id);
      expect(lapsed.length).toBeGreaterThan(10);
      expect(ids(available).filter((id) => lapsed.includes(id))).toEqual([]);
      expect(lapsed.every((id) => ids(everyone).includes(id))).toBe(true);
    });

    it("filters by group through the group's members, combined with the other conditions", async () => {
      const alphaId = groups.alphaTeam!.user_group_id;
      const members = await pick(t.token, { user_group_id: alphaId, page_size: 10, current_page: 2 });
      const all = expected((u) => u.groups.ata === alphaId);
      expect(members.total_size).toBe(all.length);
      expect(ids(members)).toEqual(all.slice(10, 20));
      expect(ids(await pick(t.token, { user_group_id: alphaId, sort_flg: 2, page_size: 0 }))).toEqual(expected((u) => u.groups.ata === alphaId, { ascending: false }));
      expect(ids(await pick(t.token, { user_group_id: alphaId, search_key: 'Tanaka' }))).toEqual(['tanaka1']);
      expect(ids(await pick(t.token, { user_group_id: alphaId, corp_id: corps.beta, lapse_flg: 1, page_size: 0 })))
        .toEqual(expected((u) => u.groups.ata === alphaId && u.corp_id === corps.beta, { lapsed: true }));
      // A group of another product filters by its own members.
      const readers = groups.readers!.user_group_id;
      expect(ids(await pick(t.token, { user_group_id: readers, page_size: 0 }))).toEqual(expected((u) => u.groups.atk === readers));
      expect((await pick(t.token, { user_group_id: groups.gamma!.user_group_id })).total_size).toBe(0);
      expect((await pick(t.token, { user_group_id: randomUUID() })).total_size).toBe(0);
    });

    it('filters by legal entity id, and by legal entity name prefix (resolved to its corps first)', async () => {
      const beta = await pick(t.token, { corp_id: corps.beta, page_size: 0 });
      expect(ids(beta)).toEqual(expected((u) => u.corp_id === corps.beta));
      expect(beta.total_size).toBe(ids(beta).length);
      const alp = await pick(t.token, { corp_nm: 'alp', page_size: 0 });
      expect(ids(alp)).toEqual(expected((u) => u.corp_id === corps.alpha || u.corp_id === corps.alpine));
      expect(ids(await pick(t.token, { corp_nm: 'Alpine', page_size: 10 }))).toEqual(expected((u) => u.corp_id === corps.alpine).slice(0, 10));
      expect(ids(await pick(t.token, { corp_nm: 'alp', corp_id: corps.alpine, page_size: 0 }))).toEqual(expected((u) => u.corp_id === corps.alpine));
      expect((await pick(t.token, { corp_nm: 'alp', corp_id: corps.beta })).total_size).toBe(0);
      expect((await pick(t.token, { corp_nm: 'Nobody Inc' })).total_size).toBe(0);
      expect((await pick(t.token, { corp_id: randomUUID() })).total_size).toBe(0);
    });

    it('filters by department and post: case- and width-insensitive "contains"', async () => {
      const sales = await pick(t.token, { dept_nm: 'sales', page_size: 0 });
      expect(ids(sales)).toEqual(expected((u) => /sales/i.test(u.department.normalize('NFKC'))));
      expect(ids(sales).some((id) => user(id).department === 'ｗｅｓｔ ＳＡＬＥＳ')).toBe(true);
      expect(ids(await pick(t.token, { dept_nm: 'West', page_size: 0 }))).toEqual(expected((u) => u.department === 'ｗｅｓｔ ＳＡＬＥＳ'));
      expect(ids(await pick(t.token, { post_nm: 'manager', page_size: 0 }))).toEqual(expected((u) => u.post.endsWith('Manager')));
      expect(ids(await pick(t.token, { dept_nm: 'Engineering', post_nm: 'Senior', search_key: 'Member 0', page_size: 0 })))
        .toEqual(expected((u) => u.department === 'Engineering' && u.post === 'Senior Manager' && u.user_nm.startsWith('Member 0')));
    });

    it('sorts users by the name of their group in the product, then by name, and pages that order', async () => {
      const order = (ascending: boolean) => model
        .filter((u) => u.status === 0)
        .sort((x, y) => (Buffer.compare(Buffer.from(groupName(x).toLowerCase()), Buffer.from(groupName(y).toLowerCase())) || byName(x, y)) * (ascending ? 1 : -1))
        .map((u) => u.user_id);
      const all = await pick(t.token, { sort_item: 'sort_user_group_nm', page_size: 0 });
      expect(ids(all)).toEqual(order(true));
      expect(all.return_list.at(-1)!.user_group_nm).toBe('Beta Team');
      const second = await pick(t.token, { sort_item: 'sort_user_group_nm', sort_flg: 2, page_size: 20, current_page: 2 });
      expect(ids(second)).toEqual(order(false).slice(20, 40));
      expect(second.total_size).toBe(order(false).length);
      const members = await pick(t.token, { sort_item: 'sort_user_group_nm', dept_nm: 'east', page_size: 0 });
      expect(ids(members)).toEqual(order(true).filter((id) => user(id).department === 'East Sales'));
    });

    it("answers each user's group in the product and its permission; -1 marks an individual permission without group", async () => {
      const rows = (await pick(t.token, { page_size: 0, lapse_flg: 1 })).return_list;
      const row = (id: string) => rows.find((item) => item.id === id);
      expect(row('m005')).toEqual({
        id: 'm005', user_group_id: groups.alphaTeam!.user_group_id, user_id: 'm005', user_group_nm: 'Alpha Team', user_nm: 'Member 005', note: '', permission: 3, user_count: 0,
      });
      expect(row('m031')).toMatchObject({ user_group_nm: 'Beta Team', permission: 1 });
      expect(row('m050')).toMatchObject({ user_group_nm: 'alphabet soup', permission: 0 });
      expect(row('m056')).toEqual({ id: 'm056', user_group_id: null, user_id: 'm056', user_group_nm: '', user_nm: 'Member 056', note: '', permission: -1, user_count: 0 });
      expect(row('m057')).toMatchObject({ user_group_id: null, permission: 0 });
      // m000 and m035 have an individual permission too, but a group: the group's permission wins.
      expect(row('m000')).toMatchObject({ user_group_nm: 'Alpha Team', permission: 3 });
      expect(row('m035')).toMatchObject({ user_group_nm: 'Beta Team', permission: 1 });
      for (const item of rows) {
        const u = user(item.id);
        const group = Object.values(groups).find((g) => g.user_group_id === u.groups.ata);
        expect(item.permission, item.id).toBe(group ? group.com_drive_permission : u.indiv_permission_flg ? -1 : 0);
      }
      const knowledge = (await pick(t.token, { product: 'atk', page_size: 0 })).return_list;
      expect(knowledge.find((item) => item.id === 'm003')).toMatchObject({ user_group_id: groups.readers!.user_group_id, user_group_nm: 'Knowledge Readers', permission: 1 });
      expect(knowledge.find((item) => item.id === 'm063')).toMatchObject({ user_group_id: null, user_group_nm: '', permission: -1 });
      expect(knowledge.find((item) => item.id === 'm011')).toMatchObject({ user_group_id: null, permission: 0 });
    });
  });

  describe('selection', () => {
    const selection = () => ['m100', groups.alphaTeam!.user_group_id, 'm005', 'm005', 'nobody', 'bad id!', 'bonly1', bGroup.user_group_id, randomUUID(), groups.readers!.user_group_id];

    it('answers the selected entries in selected_list on every page, dropping unknown ids and those of other contracts', async () => {
      const page1 = await pick(t.token, { page_size: 50, current_page: 1, selected_ids: selection() });
      const page2 = await pick(t.token, { page_size: 50, current_page: 2, selected_ids: selection() });
      const page3 = await pick(t.token, { page_size: 50, current_page: 3, selected_ids: selection() });
      const groupsTab = await pick(t.token, { search_kbn: 1, page_size: 1, current_page: 2, selected_ids: selection() });
      expect(page1.selected_list.map((item) => item.id)).toEqual(['m100', groups.alphaTeam!.user_group_id, 'm005', groups.readers!.user_group_id]);
      expect(page2.selected_list).toEqual(page1.selected_list);
      expect(page3.selected_list).toEqual(page1.selected_list);
      expect(groupsTab.selected_list).toEqual(page1.selected_list);
      expect(ids(page1)).toContain('m005');
      expect(ids(page1)).not.toContain('m100');
      expect(ids(page2)).toContain('m100');
      expect(ids(page3)).not.toContain('m005');
      const byId = new Map(page1.selected_list.map((item): [string, PickerItem] => [item.id, item]));
      expect(byId.get('m005')).toMatchObject({ user_id: 'm005', user_group_nm: 'Alpha Team', permission: 3 });
      expect(byId.get('m100')).toMatchObject({ user_id: 'm100', user_group_id: null, user_group_nm: '', permission: 0 });
      expect(byId.get(groups.alphaTeam!.user_group_id)).toEqual({
        id: groups.alphaTeam!.user_group_id, user_group_id: groups.alphaTeam!.user_group_id, user_id: null, user_group_nm: 'Alpha Team', user_nm: '',
        note: 'East office', permission: 3, user_count: 31,
      });
    });

    it('disp_selected_data 1 answers only the selected entries of the tab that match the search, sorted and paged', async () => {
      const users = await pick(t.token, { disp_selected_data: 1, selected_ids: selection() });
      expect(ids(users)).toEqual(['m005', 'm100']);
      expect(users.total_size).toBe(2);
      expect(ids(await pick(t.token, { disp_selected_data: 1, sort_flg: 2, selected_ids: selection() }))).toEqual(['m100', 'm005']);
      expect(ids(await pick(t.token, { disp_selected_data: 1, search_key: 'Member 1', selected_ids: selection() }))).toEqual(['m100']);
      expect(ids(await pick(t.token, { disp_selected_data: 1, page_size: 1, current_page: 2, selected_ids: selection() }))).toEqual(['m100']);
      expect(ids(await pick(t.token, { disp_selected_data: 1, sort_item: 'sort_user_group_nm', selected_ids: selection() }))).toEqual(['m100', 'm005']);
      expect(ids(await pick(t.token, { disp_selected_data: 1, user_group_id: groups.alphaTeam!.user_group_id, selected_ids: selection() }))).toEqual(['m005']);
      expect((await pick(t.token, { disp_selected_data: 1 })).total_size).toBe(0);

      const ata = await pick(t.token, { search_kbn: 1, disp_selected_data: 1, selected_ids: selection() });
      expect(ids(ata)).toEqual([groups.alphaTeam!.user_group_id]);
      expect(ata.selected_list).toHaveLength(4);
      const atk = await pick(t.token, { search_kbn: 1, product: 'atk', disp_selected_data: 1, selected_ids: selection() });
      expect(ids(atk)).toEqual([groups.readers!.user_group_id]);
      expect((await pick(t.token, { search_kbn: 1, disp_selected_data: 1, search_key: 'beta', selected_ids: selection() })).total_size).toBe(0);
    });
  });

  describe('access and validation', () => {
    it('any signed-in user may pick; without a token the answer is -102', async () => {
      const result = await call('com/user_usergroup_sel', { search_key: 'Tanaka' }, memberToken);
      expect(result.body.code, JSON.stringify(result.body)).toBe(0);
      expect(ids(result.body.data!)).toEqual(['tanaka1']);
      expect((await call('com/user_usergroup_sel', { search_kbn: 1 }, memberToken)).body.data!.total_size).toBe(4);
      expect((await call('com/user_usergroup_sel', {})).body.code).toBe(-102);
    });

    it('refuses invalid parameters with -4 (HTTP 400) and a message per field', async () => {
      const cases: [Record<string, unknown>, Record<string, string>][] = [
        [{ search_kbn: 3 }, { search_kbn: INVALID }],
        [{ page_size: 1001 }, { page_size: INVALID }],
        [{ page_size: -1 }, { page_size: INVALID }],
        [{ page_size: 2.5 }, { page_size: INVALID }],
        [{ current_page: 0 }, { current_page: INVALID }],
        [{ user_group_id: 'not-a-uuid' }, { user_group_id: INVALID }],
        [{ corp_id: 'x' }, { corp_id: INVALID }],
        [{ sort_item: 'sort_user_id' }, { sort_item: INVALID }],
        [{ sort_flg: 0 }, { sort_flg: INVALID }],
        [{ lapse_flg: 2 }, { lapse_flg: INVALID }],
        [{ disp_selected_data: 2 }, { disp_selected_data: INVALID }],
        [{ product: 'xyz' }, { product: INVALID }],
        [{ search_key: 'x'.repeat(81) }, { search_key: 'Please enter no more than 80 characters.' }],
        [{ dept_nm: 'd'.repeat(51) }, { dept_nm: 'Please enter no more than 50 characters.' }],
        [{ selected_ids: 'm000' }, { selected_ids: INVALID }],
        [{ kyk_id: b.kykId }, { kyk_id: 'This field is not accepted.' }],
        [{ search_kbn: 3, page_size: 1001, user_group_id: 'bad' }, { search_kbn: INVALID, page_size: INVALID, user_group_id: INVALID }],
      ];
      for (const [body, fields] of cases) {
        const result = await post('com/user_usergroup_sel', body, t.token);
        expect(result.status, JSON.stringify(body)).toBe(400);
        expect(result.body.code, JSON.stringify(body)).toBe(-4);
        expect(result.body.info?.fields, JSON.stringify(body)).toEqual(fields);
      }
    });
  });

  describe('tenant isolation', () => {
    it("A never sees B's users or groups, and B's ids never resolve for A", async () => {
      const aUsers = ids(await pick(t.token, { page_size: 0, lapse_flg: 1 }));
      expect(aUsers).not.toContain('bonly1');
      expect(aUsers).toHaveLength(model.length);
      const aGroups = await pick(t.token, { search_kbn: 1, search_key: 'alpha' });
      expect(ids(aGroups)).not.toContain(bGroup.user_group_id);
      expect((await pick(t.token, { user_group_id: bGroup.user_group_id })).total_size).toBe(0);
      const foreign = await pick(t.token, { selected_ids: ['bonly1', bGroup.user_group_id], disp_selected_data: 1 });
      expect(foreign).toMatchObject({ total_size: 0, return_list: [], selected_list: [] });
      const foreignGroups = await pick(t.token, { search_kbn: 1, selected_ids: [bGroup.user_group_id], disp_selected_data: 1 });
      expect(foreignGroups).toMatchObject({ total_size: 0, selected_list: [] });

      const bUsers = await pick(b.token, { page_size: 0, selected_ids: ['m000', 'm005', groups.alphaTeam!.user_group_id] });
      expect(ids(bUsers).sort()).toEqual(['admin', 'bonly1', 'm000']);
      // The same user ID in B is B's own user, never A's.
      expect(bUsers.selected_list).toEqual([
        { id: 'm000', user_group_id: null, user_id: 'm000', user_group_nm: '', user_nm: 'Member 000 of B', note: '', permission: 0, user_count: 0 },
      ]);
      expect(ids(await pick(b.token, { search_kbn: 1 }))).toEqual([bGroup.user_group_id]);
    });
  });
});
