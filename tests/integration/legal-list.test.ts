import { beforeAll, describe, expect, it } from 'vitest';
import type { RouteRequest } from '#shared/routes.ts';
import type { Corp } from '#shared/schemas/legal.ts';
import { nameKey } from '#data/corps.ts';
import { aCorp, aGroup, aSignedOutUser } from './support/factories.ts';
import { call, post } from './support/api.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';
import { UNKNOWN_GROUP, stored, claim, snapshot } from './support/legal-suite.ts';

describe('legal entities: list, sort, search and the selection dialog', () => {
  let tenant: TestTenant;
  let corps: Corp[];
  const COUNT = 60;
  const names = ['ABC Holdings', 'ABC', 'abd trading', 'Ｂｅｔａ 商事', 'beta works', '株式会社あおば', '株式会社いろは', 'ｱｲｳ工業', 'Zeta', 'zeta north'];

  beforeAll(async () => {
    tenant = await newTenant();
    corps = [];
    // Codes, names and creation order disagree, so each sort is visible. Batches run concurrently
    // to exercise the counter under contention.
    for (let batch = 0; batch < COUNT / 10; batch++) {
      const created = await Promise.all(Array.from({ length: 10 }, (_, j) => {
        const i = batch * 10 + j;
        const code = `K${((i * 37) % COUNT).toString().padStart(3, '0')}`;
        return aCorp(tenant, { corp_cd: i % 7 === 0 ? code.toLowerCase() : code, corp_nm: `${names[i % names.length]} ${String.fromCharCode(65 + ((i * 11) % 26))}` });
      }));
      corps.push(...created);
    }
  }, 120_000);

  const byCode = (a: Corp, b: Corp) => (a.corp_cd < b.corp_cd ? -1 : a.corp_cd > b.corp_cd ? 1 : 0);
  const key = (corp: Corp) => `${nameKey(corp.corp_nm)}\u0001${corp.corp_id}`;
  const byName = (a: Corp, b: Corp) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
  const date = (corp: Corp) => `${corp.regist_date}#${corp.corp_id}`;
  const byDate = (a: Corp, b: Corp) => (date(a) < date(b) ? -1 : date(a) > date(b) ? 1 : 0);
  const orders = { corp_cd: byCode, corp_nm: byName, regist_date: byDate } as const;

  async function allPages(body: Omit<RouteRequest<'com/corp_info_list'>, 'current_page'>, pages: number) {
    const ids: string[] = [];
    const totals: number[] = [];
    for (let page = 1; page <= pages; page++) {
      const result = await call('com/corp_info_list', { ...body, current_page: page }, tenant.token);
      expect(result.body.code, JSON.stringify(result.body)).toBe(0);
      const data = result.body.data!;
      expect(data).toMatchObject({ sort_item: body.sort_item, sort_flg: body.sort_flg, page_size: body.page_size, current_page: page });
      totals.push(data.total_size);
      ids.push(...data.return_list.map((corp) => corp.corp_id));
      if (page === 1) expect(data.return_list.length).toBe(Math.min(body.page_size ?? 50, data.total_size));
    }
    return { ids, totals };
  }

  for (const sortItem of ['corp_cd', 'corp_nm', 'regist_date'] as const) {
    for (const sortFlg of [1, 2] as const) {
      it(`pages by ${sortItem} ${sortFlg === 1 ? 'ascending' : 'descending'} with the total`, async () => {
        const expected = [...corps].sort(orders[sortItem]);
        if (sortFlg === 2) expected.reverse();
        const { ids, totals } = await allPages({ sort_item: sortItem, sort_flg: sortFlg, page_size: 50 }, 3);
        expect(totals).toEqual([COUNT, COUNT, COUNT]);
        expect(ids).toEqual(expected.map((corp) => corp.corp_id));
      });
    }
  }

  it('answers whole corps in the list, as corp_info does', async () => {
    const result = await call('com/corp_info_list', { sort_item: 'corp_cd', page_size: 100 }, tenant.token);
    const sample = corps[17]!;
    expect(result.body.data?.return_list.find((corp) => corp.corp_id === sample.corp_id)).toEqual(sample);
  });

  it('defaults to code order ascending, 50 a page, page 1; an empty page past the end', async () => {
    const result = await call('com/corp_info_list', {}, tenant.token);
    expect(result.body.data).toMatchObject({ sort_item: 'corp_cd', sort_flg: 1, page_size: 50, current_page: 1, total_size: COUNT });
    expect(result.body.data?.return_list.map((corp) => corp.corp_id)).toEqual([...corps].sort(byCode).slice(0, 50).map((corp) => corp.corp_id));
    const past = await call('com/corp_info_list', { current_page: 9 }, tenant.token);
    expect(past.body.data).toMatchObject({ total_size: COUNT, return_list: [] });
  });

  it('searches by code prefix (code and date sorts) and by name prefix ignoring case and width (name sort), with matching totals', async () => {
    const codeMatches = corps.filter((corp) => corp.corp_cd.startsWith('K01'));
    expect(codeMatches.length).toBeGreaterThan(0);
    for (const [sortItem, order] of [['corp_cd', byCode], ['regist_date', byDate]] as const) {
      for (const sortFlg of [1, 2] as const) {
        const expected = [...codeMatches].sort(order);
        if (sortFlg === 2) expected.reverse();
        const result = await call('com/corp_info_list', { search_key: 'K01', sort_item: sortItem, sort_flg: sortFlg }, tenant.token);
        expect(result.body.data?.total_size).toBe(codeMatches.length);
        expect(result.body.data?.return_list.map((corp) => corp.corp_id)).toEqual(expected.map((corp) => corp.corp_id));
      }
    }
    const dateSecondPage = await call('com/corp_info_list', { search_key: 'K0', sort_item: 'regist_date', page_size: 50, current_page: 2 }, tenant.token);
    const k0 = corps.filter((corp) => corp.corp_cd.startsWith('K0')).sort(byDate);
    expect(dateSecondPage.body.data?.total_size).toBe(k0.length);
    expect(dateSecondPage.body.data?.return_list.map((corp) => corp.corp_id)).toEqual(k0.slice(50).map((corp) => corp.corp_id));

    const betaMatches = corps.filter((corp) => nameKey(corp.corp_nm).startsWith('beta')).sort(byName);
    expect(betaMatches.map((corp) => corp.corp_nm).some((name) => name.startsWith('Ｂｅｔａ'))).toBe(true);
    const beta = await call('com/corp_info_list', { search_key: 'BETA', sort_item: 'corp_nm' }, tenant.token);
    expect(beta.body.data?.total_size).toBe(betaMatches.length);
    expect(beta.body.data?.return_list.map((corp) => corp.corp_id)).toEqual(betaMatches.map((corp) => corp.corp_id));

    const kana = await call('com/corp_info_list', { search_key: 'アイウ', sort_item: 'corp_nm' }, tenant.token);
    expect(kana.body.data?.total_size).toBe(corps.filter((corp) => corp.corp_nm.startsWith('ｱｲｳ')).length);

    const none = await call('com/corp_info_list', { search_key: 'no such', sort_item: 'corp_nm' }, tenant.token);
    expect(none.body.data).toMatchObject({ total_size: 0, return_list: [] });
    const blank = await call('com/corp_info_list', { search_key: '  ' }, tenant.token);
    expect(blank.body.data?.total_size).toBe(COUNT);
  });

  it('sorts a name before its longer continuations ("ABC" before "ABC Holdings"), ignoring case', async () => {
    const own = await newTenant();
    for (const name of ['ABCD', 'ABC Holdings', 'abc', 'ABC-Japan', 'ABC']) await aCorp(own, { corp_nm: name });
    const result = await call('com/corp_info_list', { sort_item: 'corp_nm' }, own.token);
    const listed = result.body.data!.return_list.map((corp) => corp.corp_nm);
    expect(listed.slice(2)).toEqual(['ABC Holdings', 'ABC-Japan', 'ABCD']);
    expect(listed.slice(0, 2).sort()).toEqual(['ABC', 'abc']);
    const descending = await call('com/corp_info_list', { sort_item: 'corp_nm', sort_flg: 2 }, own.token);
    expect(descending.body.data!.return_list.map((corp) => corp.corp_nm)).toEqual([...listed].reverse());
  });

  it('pages with 100 and 1000 rows and refuses other page sizes and sort items', async () => {
    expect((await call('com/corp_info_list', { page_size: 100 }, tenant.token)).body.data?.return_list).toHaveLength(COUNT);
    expect((await call('com/corp_info_list', { page_size: 1000, sort_item: 'regist_date', sort_flg: 2 }, tenant.token)).body.data?.return_list).toHaveLength(COUNT);
    const bad = await post('com/corp_info_list', { page_size: 20, sort_item: 'corp_x', sort_flg: 3, current_page: 0 }, tenant.token);
    expect(bad.body.code).toBe(-4);
    expect(Object.keys(bad.body.info?.fields ?? {}).sort()).toEqual(['current_page', 'page_size', 'sort_flg', 'sort_item']);
  });

  it('the selection dialog works for a non-administrator and answers code and name only', async () => {
    const user = await aSignedOutUser(tenant);
    const token = await user.signIn();
    const result = await call('com/corp_sel', { sort_item: 'corp_nm', page_size: 50 }, token);
    expect(result.body.code, JSON.stringify(result.body)).toBe(0);
    const data = result.body.data!;
    expect(data.total_size).toBe(COUNT);
    expect(data.return_list).toHaveLength(50);
    expect(data.return_list.map((row) => row.corp_id)).toEqual([...corps].sort(byName).slice(0, 50).map((corp) => corp.corp_id));
    for (const row of data.return_list) expect(Object.keys(row).sort()).toEqual(['corp_cd', 'corp_id', 'corp_nm']);

    const second = await call('com/corp_sel', { sort_item: 'corp_cd', sort_flg: 2, current_page: 2 }, token);
    expect(second.body.data?.return_list.map((row) => row.corp_id)).toEqual([...corps].sort(byCode).reverse().slice(50).map((corp) => corp.corp_id));
    const search = await call('com/corp_sel', { search_key: 'K00' }, token);
    expect(search.body.data?.return_list.map((row) => row.corp_cd)).toEqual(corps.map((corp) => corp.corp_cd).filter((code) => code.startsWith('K00')).sort());
    expect((await post('com/corp_sel', { sort_item: 'regist_date' }, token)).body.code).toBe(-4);
    expect((await post('com/corp_sel', {})).status).toBe(401);
  });
});

describe('legal entities: permissions', () => {
  let tenant: TestTenant;
  let userToken: string;
  let corp: Corp;
  beforeAll(async () => {
    tenant = await newTenant();
    corp = await aCorp(tenant);
    userToken = await (await aSignedOutUser(tenant)).signIn();
  });

  it('refuses every administrator call to a non-administrator with -101 (HTTP 403), writing nothing', async () => {
    const before = await snapshot(tenant.kykId);
    const calls: [string, unknown][] = [
      ['com/corp_info_list', {}],
      ['com/corp_info', { corp_id: corp.corp_id }],
      ['com/corp_info_reg_btn', { corp_cd: 'NOPE', corp_nm: 'Nope' }],
      ['com/corp_info_upd_btn', { corp_id: corp.corp_id, row_version: 1, corp_cd: 'NOPE', corp_nm: 'Nope' }],
      ['com/corp_info_del_btn', { corp_id: corp.corp_id, row_version: 1 }],
      ['com/corp_info_limited_save_btn', { corp_id: corp.corp_id, row_version: 1, limited_list: [] }],
    ];
    for (const [path, body] of calls) {
      const result = await post(path, body, userToken);
      expect(result.status, path).toBe(403);
      expect(result.body, path).toMatchObject({ code: -101, msg_level: 'ERROR', data: null });
    }
    expect(await snapshot(tenant.kykId)).toEqual(before);
    expect(await stored(tenant.kykId, corp.corp_id)).toMatchObject({ corp_cd: corp.corp_cd, row_version: 1 });
  });

  it('refuses calls without a token with -102', async () => {
    for (const path of ['com/corp_info_list', 'com/corp_info_reg_btn', 'com/corp_sel']) {
      const result = await post(path, {});
      expect(result.status).toBe(401);
      expect(result.body.code).toBe(-102);
    }
  });
});

describe('legal entities: tenant isolation', () => {
  let a: TestTenant;
  let b: TestTenant;
  let bCorp: Corp;
  let bGroup: string;
  beforeAll(async () => {
    [a, b] = await Promise.all([newTenant(), newTenant()]);
    bCorp = await aCorp(b, { corp_cd: 'SHARED-1', corp_nm: 'B only' });
    bGroup = (await aGroup(b, { product: 'atk', user_group_nm: 'B knowledge' })).user_group_id;
  });

  it("A cannot read, list, update or delete B's corps", async () => {
    const bBefore = await snapshot(b.kykId);
    expect((await call('com/corp_info', { corp_id: bCorp.corp_id }, a.token)).body.code).toBe(-3);
    expect((await call('com/corp_info_list', {}, a.token)).body.data).toMatchObject({ total_size: 0, return_list: [] });
    expect((await call('com/corp_info_list', { search_key: 'B', sort_item: 'corp_nm' }, a.token)).body.data).toMatchObject({ total_size: 0, return_list: [] });
    expect((await call('com/corp_sel', { search_key: 'SHARED' }, a.token)).body.data).toMatchObject({ total_size: 0, return_list: [] });
    expect((await call('com/corp_info_upd_btn', { corp_id: bCorp.corp_id, row_version: 1, corp_cd: 'X', corp_nm: 'taken over' }, a.token)).body.code).toBe(-3);
    expect((await call('com/corp_info_del_btn', { corp_id: bCorp.corp_id, row_version: 1 }, a.token)).body.code).toBe(-3);
    expect((await call('com/corp_info_limited_save_btn', { corp_id: bCorp.corp_id, row_version: 1, limited_list: [] }, a.token)).body.code).toBe(-3);
    expect(await snapshot(b.kykId)).toEqual(bBefore);
    expect((await call('com/corp_info', { corp_id: bCorp.corp_id }, b.token)).body.data?.corp).toEqual(bCorp);
  });

  it("A cannot restrict its corp to B's groups", async () => {
    const corpOfA = await aCorp(a);
    const before = await snapshot(a.kykId);
    const result = await call('com/corp_info_limited_save_btn', { corp_id: corpOfA.corp_id, row_version: 1, limited_list: [{ product: 'atk', user_group_id: bGroup }] }, a.token);
    expect(result.body.code).toBe(-4);
    expect(result.body.info?.fields).toEqual({ limited_list: UNKNOWN_GROUP });
    expect(await snapshot(a.kykId)).toEqual(before);
  });

  it('codes are unique per contract only: A may use a code B has', async () => {
    const corpOfA = await aCorp(a, { corp_cd: 'SHARED-1' });
    expect((await claim(a.kykId, 'SHARED-1'))?.corp_id).toBe(corpOfA.corp_id);
    expect((await claim(b.kykId, 'SHARED-1'))?.corp_id).toBe(bCorp.corp_id);
  });
});
