import { beforeAll, describe, expect, it } from 'vitest';
import type { RouteRequest } from '#shared/routes.ts';
import { call } from './support/api.ts';
import { aGroup, aRegisteredUser } from './support/factories.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';
import { arrange } from './support/users-suite.ts';

/**
 * The user list's search (issue 28 item 20): any part of the user ID, the name as written (NFKC,
 * case, hiragana and katakana folded together) and the e-mail, through the gram index; never
 * another contract's users; a rename or a deletion follows at once.
 */

const found = async (t: TestTenant, search_key: string, extra: Partial<RouteRequest<'com/user_info_list'>> = {}) => {
  const result = await call('com/user_info_list', { search_key, page_size: 50, ...extra }, t.token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!.return_list.map((user) => user.user_id);
};

describe('user list search', () => {
  let t: TestTenant;
  let other: TestTenant;

  beforeAll(async () => {
    [t, other] = await Promise.all([newTenant(), newTenant()]);
    await aRegisteredUser(t, { user_id: 'tanaka01', user_nm: 'サトウ 花子', email: 'hanako.s@example.com' });
    await aRegisteredUser(t, { user_id: 'suzuki02', user_nm: '佐藤 次郎', email: 'jiro@Corp.Example.jp' });
    await aRegisteredUser(t, { user_id: 'abc-xyz', user_nm: 'ＡＢＣ Taro', email: 'taro@example.com' });
    await aRegisteredUser(t, { user_id: 'kana03', user_nm: 'ｻﾄｳ ﾐｷ', email: 'miki@example.com', department: 'Sales' });
    await aRegisteredUser(other, { user_id: 'sato99', user_nm: 'さとう 三郎', email: 'saburo.tanaka@example.com' });
  });

  it('finds by any part of the user ID, not only its beginning', async () => {
    expect(await found(t, 'naka0')).toEqual(['tanaka01']);
    expect(await found(t, 'ki02')).toEqual(['suzuki02']);
    expect(await found(t, 'C-X')).toEqual(['abc-xyz']);
  });

  it('finds by any part of the e-mail, case ignored', async () => {
    expect(await found(t, 'corp.example')).toEqual(['suzuki02']);
    expect(await found(t, 'HANAKO.S@')).toEqual(['tanaka01']);
  });

  it('finds the name as written, in any width and either kana: さとう finds サトウ and ｻﾄｳ, not 佐藤', async () => {
    expect(await found(t, 'さとう')).toEqual(['kana03', 'tanaka01']);
    expect(await found(t, 'サトウ')).toEqual(['kana03', 'tanaka01']);
    expect(await found(t, 'ｻﾄｳ 花')).toEqual(['tanaka01']);
    expect(await found(t, '佐藤')).toEqual(['suzuki02']);
    expect(await found(t, 'abc taro')).toEqual(['abc-xyz']);
    // One character: its spellings too.
    expect(await found(t, 'サ')).toEqual(['kana03', 'tanaka01']);
    expect(await found(t, '佐')).toEqual(['suzuki02']);
    expect(await found(t, 'Ｚ')).toEqual(['abc-xyz', 'suzuki02']);
  });

  it('sorts and filters the matches as the list does, with an exact total', async () => {
    // By name as the name index orders it (UTF-8 bytes: サ, 佐, 管 of the administrator, Ａ, ｻ).
    const byName = await call('com/user_info_list', { search_key: 'example', sort_item: 'user_nm', sort_flg: 2, page_size: 50 }, t.token);
    expect(byName.body.data!.total_size).toBe(5);
    expect(byName.body.data!.return_list.map((user) => user.user_id)).toEqual(['kana03', 'abc-xyz', 'admin', 'suzuki02', 'tanaka01']);
    const second = await call('com/user_info_list', { search_key: 'example', sort_item: 'user_id', page_size: 50, current_page: 2 }, t.token);
    expect(second.body.data).toMatchObject({ total_size: 5, return_list: [] });
    expect(await found(t, 'さとう', { department: 'Sales' })).toEqual(['kana03']);
    const group = await aGroup(t, { product: 'ata', user_group_nm: 'Searchers', member_ids: ['tanaka01'] });
    expect(await found(t, 'さとう', { user_group_id: group.user_group_id })).toEqual(['tanaka01']);
  });

  it('reads a bigram shared by more users than the probe takes on to its end, each match once', async () => {
    await arrange(t.kykId, Array.from({ length: 150 }, (_, i) => ({ user_id: `bulk${String(i).padStart(3, '0')}` })));
    const first = await call('com/user_info_list', { search_key: 'bulk', page_size: 100 }, t.token);
    const second = await call('com/user_info_list', { search_key: 'bulk', page_size: 100, current_page: 2 }, t.token);
    expect(first.body.data!.total_size).toBe(150);
    const all = [...first.body.data!.return_list, ...second.body.data!.return_list].map((user) => user.user_id);
    expect(all).toEqual(Array.from({ length: 150 }, (_, i) => `bulk${String(i).padStart(3, '0')}`));
  });

  it("never finds another contract's users", async () => {
    expect(await found(t, 'sato99')).toEqual([]);
    expect(await found(t, 'saburo')).toEqual([]);
    expect(await found(other, 'さとう')).toEqual(['sato99']);
    expect(await found(other, 'tanaka')).toEqual(['sato99']);
  });

  it('follows a rename, a new e-mail and a deletion at once', async () => {
    await aRegisteredUser(t, { user_id: 'moving', user_nm: 'Old Name', email: 'old.mail@example.com' });
    const user = (await call('com/user_info', { user_id: 'moving' }, t.token)).body.data!.user;
    const saved = await call('com/user_info_upd_btn', { user_id: 'moving', row_version: user.row_version, user_nm: 'ヤマダ 新', email: 'new.mail@example.com' }, t.token);
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    expect(await found(t, 'old name')).toEqual([]);
    expect(await found(t, 'old.mail')).toEqual([]);
    expect(await found(t, 'やまだ')).toEqual(['moving']);
    expect(await found(t, 'new.mail')).toEqual(['moving']);
    const current = (await call('com/user_info', { user_id: 'moving' }, t.token)).body.data!.user;
    expect((await call('com/user_info_del_btn', { user_id: 'moving', row_version: current.row_version }, t.token)).body.code).toBe(0);
    expect(await found(t, 'やまだ')).toEqual([]);
  });
});
