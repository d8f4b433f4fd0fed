import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DriveItem, SearchRequest } from '#shared/schemas/drive.ts';
import { viewerFor } from '#domain/drive/folder-access.ts';
import { searchDrive } from '#domain/drive/search.ts';
import { aFolder, aUser, type SignedInUser } from './support/factories.ts';
import { call } from './support/api.ts';
import { aFile, fresh, seen, trash } from './support/drive.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

const MISSING = { code: -3, message: 'The folder or file does not exist. It may have been moved or deleted.' };

const search = (token: string, request: SearchRequest) => call('com_drive/search', request, token);
async function names(token: string, request: SearchRequest): Promise<string[]> {
  const answer = await search(token, request);
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(0);
  return answer.body.data!.items.map((item) => item.name);
}

/**
 * The drive search (docs/drive.md "Search"): partial names, tags, document style, transaction date
 * and amount ranges, partner, alone and combined; the subtree; sort and paging; the folder
 * permissions; every change of an entry reflected; bad input.
 */
describe('drive search', { timeout: 240_000 }, () => {
  let t: TestTenant;
  let reader: SignedInUser;
  let outsider: SignedInUser;
  let accounts: DriveItem;
  let year2024: DriveItem;
  let closed: DriveItem;
  let inv1: DriveItem;
  let inv2: DriveItem;
  let receipt: DriveItem;
  let memo: DriveItem;
  let secret: DriveItem;
  const tag = `t${randomUUID().slice(0, 6)}`;

  beforeAll(async () => {
    t = await newTenant();
    const full = { indiv_permission_flg: 1, indiv_com_drive_permission: 3 } as const;
    [reader, outsider] = await Promise.all([aUser(t, full), aUser(t, full)]);
    accounts = await aFolder(t, { name: '経理 Accounts' });
    year2024 = await aFolder(t, { parentId: accounts.id, name: '2024' });
    closed = await aFolder(t, { name: 'Board' });
    [inv1, inv2, receipt, memo, secret] = await Promise.all([
      aFile(t.token, year2024.id, '請求書_ACME_0001.pdf', { document_style: 'e_trading', transaction_date: '2024-03-15', transaction_amount: 1_500_000, provider: 'ACME 株式会社' }),
      aFile(t.token, year2024.id, '請求書_Globex_0002.pdf', { document_style: 'e_bookkeeping', transaction_date: '2024-11-30', transaction_amount: 3_000_000, recipient: 'Globex' }),
      aFile(t.token, accounts.id, '領収書_ACME_0003.pdf', { document_style: 'scanner', transaction_date: '2025-01-10', transaction_amount: 20_000, provider: 'ACME 株式会社' }),
      aFile(t.token, 'root', 'Meeting memo.txt'),
      aFile(t.token, closed.id, '請求書_secret.pdf', { document_style: 'e_trading', transaction_date: '2024-06-01', transaction_amount: 2_000_000, provider: 'ACME 株式会社' }),
    ]);
    const saved = await call('com_drive/permission_save_btn', { id: closed.id, row_version: closed.row_version, policy: 'allow', view: { users: [reader.userId], groups: [] }, update: { users: [t.adminId], groups: [] } }, t.token);
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
  });

  it('finds names by any part, Japanese two-character words, full-width and case alike, folders too', async () => {
    expect(await names(t.token, { name: '請求' })).toEqual(['請求書_acme_0001.pdf', '請求書_globex_0002.pdf', '請求書_secret.pdf'].map((n) => [inv1, inv2, secret].find((i) => i.name.toLowerCase() === n)!.name));
    expect(await names(t.token, { name: 'globex' })).toEqual([inv2.name]);
    expect(await names(t.token, { name: 'ＡＣＭＥ' })).toEqual([inv1.name, receipt.name]);
    expect(await names(t.token, { name: '_0002' })).toEqual([inv2.name]);
    expect(await names(t.token, { name: 'memo' })).toEqual([memo.name]);
    expect(await names(t.token, { name: '経理' })).toEqual([accounts.name]);
    // One character: read from the name order, matched the same way.
    expect(await names(t.token, { name: '領' })).toEqual([receipt.name]);
    expect(await names(t.token, { name: 'nothing like it' })).toEqual([]);
  });

  it('answers each match with its place and the caller\'s level', async () => {
    const answer = await search(t.token, { name: 'globex' });
    expect(answer.body.data!.items[0]).toMatchObject({
      id: inv2.id, path: [{ id: accounts.id, name: accounts.name }, { id: year2024.id, name: '2024' }], level: 3,
      document_style: 'e_bookkeeping', transaction_date: '2024-11-30', transaction_amount: 3_000_000, recipient: 'Globex',
    });
    expect(answer.body.data).toMatchObject({ next_cursor: null, capped: 0 });
    expect(answer.body.data!.read_count).toBeGreaterThan(0);
  });

  it('transaction date range, amount range and partner, alone and combined (the e-bookkeeping search)', async () => {
    const inOrder = { sort_item: 'transaction_date' } as const;
    expect(await names(t.token, { ...inOrder, date_from: '2024-01-01', date_to: '2024-12-31' })).toEqual([inv1.name, secret.name, inv2.name]);
    expect(await names(t.token, { ...inOrder, date_from: '2024-11-30', date_to: '2024-11-30' })).toEqual([inv2.name]);
    expect(await names(t.token, { ...inOrder, amount_min: 1_000_000, amount_max: 3_000_000 })).toEqual([inv1.name, secret.name, inv2.name]);
    expect(await names(t.token, { sort_item: 'transaction_amount', amount_min: 1_000_000, amount_max: 2_999_999 })).toEqual([inv1.name, secret.name]);
    expect(await names(t.token, { ...inOrder, partner: 'acme' })).toEqual([inv1.name, secret.name, receipt.name]);
    expect(await names(t.token, { ...inOrder, date_from: '2024-01-01', date_to: '2024-12-31', amount_min: 1_000_000, amount_max: 3_000_000, partner: 'ACME' })).toEqual([inv1.name, secret.name]);
    // The same conditions in another order read another index and find the same entries.
    expect(await names(t.token, { sort_item: 'name', sort_flg: 2, date_from: '2024-01-01', date_to: '2024-12-31', amount_min: 1_000_000, partner: 'ACME' })).toEqual([secret.name, inv1.name]);
    expect(await names(t.token, { sort_item: 'transaction_amount', sort_flg: 2, partner: 'acme' })).toEqual([secret.name, inv1.name, receipt.name]);
  });

  it('document styles and tags', async () => {
    expect(await names(t.token, { document_styles: ['e_trading'] })).toEqual([inv1.name, secret.name]);
    expect(await names(t.token, { document_styles: ['general'] })).toEqual([memo.name]);
    const created = await call('com_drive/tag_create_btn', { name: tag, scope: 'common' }, t.token);
    const tagId = created.body.data!.tag.id;
    expect((await call('com_drive/item_tags_save_btn', { id: inv2.id, tag_ids: [tagId] }, t.token)).body.code).toBe(0);
    expect((await call('com_drive/item_tags_save_btn', { id: memo.id, tag_ids: [tagId] }, t.token)).body.code).toBe(0);
    expect(await names(t.token, { tag_ids: [tagId] })).toEqual([memo.name, inv2.name]);
    expect(await names(t.token, { tag_ids: [tagId], name: '請求' })).toEqual([inv2.name]);
    // Untagged: no longer found by the tag.
    expect((await call('com_drive/item_tags_save_btn', { id: memo.id, tag_ids: [] }, t.token)).body.code).toBe(0);
    expect(await names(t.token, { tag_ids: [tagId] })).toEqual([inv2.name]);
    // Another user's private tag is not a condition the caller can set.
    const own = await call('com_drive/tag_create_btn', { name: 'mine', scope: 'private' }, reader.token);
    const refused = await search(t.token, { tag_ids: [own.body.data!.tag.id] });
    expect(refused.body).toMatchObject({ code: -4, info: { fields: { tag_ids: 'The value is not valid.' } } });
  });

  it('within a folder and below, or the whole drive; a folder the caller cannot reach is -3', async () => {
    expect(await names(t.token, { name: '請求', folder_id: accounts.id })).toEqual([inv1.name, inv2.name]);
    expect(await names(t.token, { name: 'acme', folder_id: year2024.id })).toEqual([inv1.name]);
    expect(await names(t.token, { name: 'acme', folder_id: 'root' })).toEqual([inv1.name, receipt.name]);
    expect((await search(outsider.token, { name: '請求', folder_id: closed.id })).body).toMatchObject(MISSING);
    expect((await search(t.token, { name: '請求', folder_id: inv1.id })).body).toMatchObject(MISSING);
    expect((await search(t.token, { name: '請求', folder_id: randomUUID() })).body).toMatchObject(MISSING);
  });

  it('never shows what a folder permission closes to the caller', async () => {
    expect(await names(outsider.token, { name: '請求' })).toEqual([inv1.name, inv2.name]);
    expect(await names(outsider.token, { partner: 'acme', sort_item: 'transaction_date' })).toEqual([inv1.name, receipt.name]);
    expect(await names(outsider.token, {})).not.toContain(closed.name);
    expect(await names(reader.token, { name: 'secret' })).toEqual([secret.name]);
    const hit = (await search(reader.token, { name: 'secret' })).body.data!.items[0]!;
    expect(hit.level).toBe(1);
  });

  it('follows renames, moves, trash and restore, and deletion for good', async () => {
    const file = await aFile(t.token, year2024.id, 'draft-contract.docx');
    expect(await names(t.token, { name: 'contract' })).toEqual(['draft-contract.docx']);
    const renamed = await call('com_drive/rename_btn', { id: file.id, name: '契約書 final.docx', row_version: file.row_version }, t.token);
    expect(renamed.body.code, JSON.stringify(renamed.body)).toBe(0);
    expect(await names(t.token, { name: 'draft' })).toEqual([]);
    expect(await names(t.token, { name: '契約' })).toEqual(['契約書 final.docx']);
    // A change of case only: the same grams, the new name shown.
    const recased = await call('com_drive/rename_btn', { id: file.id, name: '契約書 FINAL.docx', row_version: renamed.body.data!.item.row_version }, t.token);
    expect(recased.body.code, JSON.stringify(recased.body)).toBe(0);
    expect(await names(t.token, { name: 'final' })).toEqual(['契約書 FINAL.docx']);
    const again0 = await call('com_drive/rename_btn', { id: file.id, name: '契約書 final.docx', row_version: recased.body.data!.item.row_version }, t.token);
    expect(again0.body.code).toBe(0);
    // A move of the folder above: one write, and the subtree scope follows it.
    const elsewhere = await aFolder(t, { name: 'Elsewhere' });
    const moved = await call('com_drive/move_btn', { items: [seen(year2024)], folder_id: elsewhere.id }, t.token);
    expect(moved.body.data?.done, JSON.stringify(moved.body)).toHaveLength(1);
    expect(await names(t.token, { name: '契約', folder_id: accounts.id })).toEqual([]);
    expect(await names(t.token, { name: '契約', folder_id: elsewhere.id })).toEqual(['契約書 final.docx']);
    const placed = (await search(t.token, { name: '契約' })).body.data!.items[0]!;
    expect(placed.path.map((folder) => folder.name)).toEqual(['Elsewhere', '2024']);
    // The trash: the file, then the folder above it.
    const current = await fresh(t.token, file.id);
    await trash(t.token, current);
    expect(await names(t.token, { name: '契約' })).toEqual([]);
    const trashedEntry = (await call('com_drive/recycle_list', {}, t.token)).body.data!.items.find((item) => item.id === file.id)!;
    expect((await call('com_drive/restore_btn', { items: [{ id: file.id, row_version: trashedEntry.row_version }] }, t.token)).body.code).toBe(0);
    expect(await names(t.token, { name: '契約' })).toEqual(['契約書 final.docx']);
    // It holds bookkeeping documents (finding 6 of issue 26): trashed with the reason their deletion needs.
    const folderTrashed = await call('com_drive/delete_btn', { items: [seen(await fresh(t.token, elsewhere.id))], reason: '整理' }, t.token);
    expect(folderTrashed.body.code, JSON.stringify(folderTrashed.body)).toBe(0);
    expect(await names(t.token, { name: '契約' })).toEqual([]);
    expect(await names(t.token, { name: 'globex' })).toEqual([]);
    const trashedFolder = (await call('com_drive/recycle_list', {}, t.token)).body.data!.items.find((item) => item.id === elsewhere.id)!;
    expect((await call('com_drive/restore_btn', { items: [{ id: elsewhere.id, row_version: trashedFolder.row_version }] }, t.token)).body.code).toBe(0);
    expect(await names(t.token, { name: 'globex' })).toEqual([inv2.name]);
    // Deleted for good: gone, and its grams with it.
    const again = await fresh(t.token, file.id);
    await trash(t.token, again);
    const entry = (await call('com_drive/recycle_list', {}, t.token)).body.data!.items.find((item) => item.id === file.id)!;
    expect((await call('com_drive/force_delete_btn', { items: [{ id: file.id, row_version: entry.row_version }] }, t.token)).body.code).toBe(0);
    expect(await names(t.token, { name: '契約' })).toEqual([]);
  });

  it('sorts and pages: 50 a page, then the rest, with the cursor', async () => {
    const parent = await aFolder(t, { name: 'Projects' });
    await Promise.all(Array.from({ length: 55 }, (_, i) => aFolder(t, { parentId: parent.id, name: `Proj-${String(i).padStart(2, '0')}` })));
    const first = await search(t.token, { name: 'proj-', page_size: 50 });
    expect(first.body.data!.items.map((item) => item.name)).toEqual(Array.from({ length: 50 }, (_, i) => `Proj-${String(i).padStart(2, '0')}`));
    const second = await search(t.token, { name: 'proj-', page_size: 50, cursor: first.body.data!.next_cursor! });
    expect(second.body.data!.items.map((item) => item.name)).toEqual(['Proj-50', 'Proj-51', 'Proj-52', 'Proj-53', 'Proj-54']);
    expect(second.body.data!.next_cursor).toBeNull();
    const descending = await search(t.token, { name: 'proj-', page_size: 50, sort_flg: 2 });
    expect(descending.body.data!.items[0]!.name).toBe('Proj-54');
    const byUpdate = await search(t.token, { name: 'proj-', sort_item: 'update_date', sort_flg: 2, page_size: 100 });
    const dates = byUpdate.body.data!.items.map((item) => item.update_date);
    expect(dates).toHaveLength(55);
    expect([...dates].sort().reverse()).toEqual(dates);
    // A read budget smaller than a page: each call stops at it with a cursor, and reading on finds
    // every match once, in order (the API's budget is 1,000 items; here 40, so the walk is short).
    const viewer = await viewerFor(t.kykId, t.adminId);
    for (const sort of ['name', 'update_date'] as const) {
      const walked: string[] = [];
      let cursor: string | undefined;
      let calls = 0;
      for (;;) {
        const page = await searchDrive(viewer, { name: 'proj-' }, { sort, ascending: true, pageSize: 50, maxReads: 40, ...(cursor ? { cursor } : {}) });
        calls++;
        // The budget bounds the index and entry reads; the folders above a batch's hits come on top (here one).
        expect(page!.reads).toBeLessThanOrEqual(40 + 1);
        walked.push(...page!.hits.map((hit) => hit.item.name));
        if (!page!.nextCursor) break;
        expect(page!.capped || page!.hits.length === 50).toBe(true);
        cursor = page!.nextCursor;
      }
      expect(calls).toBeGreaterThanOrEqual(2);
      expect(walked).toHaveLength(55);
      expect(new Set(walked).size).toBe(55);
      if (sort === 'name') expect(walked).toEqual(Array.from({ length: 55 }, (_, i) => `Proj-${String(i).padStart(2, '0')}`));
    }
    // A cursor of another search is refused on the cursor, not read as this one's.
    const other = await search(t.token, { name: 'proj-', sort_item: 'update_date', page_size: 50, cursor: first.body.data!.next_cursor! });
    expect(other.body).toMatchObject({ code: -4, info: { fields: { cursor: 'The value is not valid.' } } });
  });

  it('bad input: malformed conditions and reversed ranges answer -4 with the field\'s message', async () => {
    const reversedDates = await search(t.token, { date_from: '2024-12-31', date_to: '2024-01-01' });
    expect(reversedDates.status).toBe(400);
    expect(reversedDates.body).toMatchObject({ code: -4, message: 'There is an error in the input. Please check the highlighted fields.', info: { fields: { date_to: 'The end must not be before the start.' } } });
    const reversedAmounts = await search(t.token, { amount_min: 5000, amount_max: 100 });
    expect(reversedAmounts.body).toMatchObject({ code: -4, info: { fields: { amount_max: 'The maximum must not be less than the minimum.' } } });
    expect((await search(t.token, { date_from: '2024-02-30' })).body).toMatchObject({ code: -4, info: { fields: { date_from: 'The value is not valid.' } } });
    expect((await search(t.token, { amount_min: -1 })).body).toMatchObject({ code: -4, info: { fields: { amount_min: 'The value is not valid.' } } });
    expect((await search(t.token, { name: '　 ' })).body).toMatchObject({ code: -4, info: { fields: { name: 'This field is required' } } });
    expect((await call('com_drive/search', { sort_item: 'size' } as never, t.token)).body).toMatchObject({ code: -4, info: { fields: { sort_item: 'The value is not valid.' } } });
    expect((await call('com_drive/search', { page_size: 20 } as never, t.token)).body).toMatchObject({ code: -4 });
    expect((await search(t.token, { cursor: 'bm90LWEtY3Vyc29y' })).body).toMatchObject({ code: -4, info: { fields: { cursor: 'The value is not valid.' } } });
    // In Japanese, the catalogue's texts.
    await call('com/chang_language', { language: 'ja' }, reader.token);
    const ja = await search(reader.token, { amount_min: 5000, amount_max: 100 });
    expect(ja.body).toMatchObject({ code: -4, info: { fields: { amount_max: '上限金額は下限金額以上を指定してください。' } } });
  });
});
