import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DriveItem, SearchRequest } from '#shared/schemas/drive.ts';
import { db } from '#lib/clients.ts';
import { table } from '#lib/data/table.ts';
import { amountBand, amountBands, gramKey, nameGrams, partnerAmountPartition, partnerItems, partnerNameItems, partnerPartition, searchForm, tagAttribute } from '#data/drive-search-keys.ts';
import { itemKey, type ItemRecord } from '#data/drive-items.ts';
import { reindexSearch } from '#domain/search-reindex.ts';
import { viewerFor } from '#domain/drive/folder-access.ts';
import { searchDrive } from '#domain/drive/search.ts';
import { aFolder } from './support/factories.ts';
import { call } from './support/api.ts';
import { aFile, fresh, seen, sendBytes, trash } from './support/drive.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

const search = (token: string, request: SearchRequest) => call('com_drive/search', request, token);
async function names(token: string, request: SearchRequest): Promise<string[]> {
  const answer = await search(token, request);
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(0);
  return answer.body.data!.items.map((item) => item.name);
}

/** The partner key items a partner's partition holds (what the index would read). */
async function partnerKeys(kykId: string, partner: string): Promise<string[]> {
  const { Items = [] } = await db().send(new QueryCommand({ TableName: table(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': partnerPartition(kykId, searchForm(partner)) } }));
  return Items.map((item) => String(item.item_id));
}

/** The ids in a partner's amount band (the partition a search with a narrow amount range reads). */
async function bandKeys(kykId: string, band: number, partner: string): Promise<string[]> {
  const { Items = [] } = await db().send(new QueryCommand({ TableName: table(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': partnerAmountPartition(kykId, band, searchForm(partner)) } }));
  return Items.map((item) => String(item.item_id));
}

const quarter = { sort_item: 'transaction_date', date_from: '2024-04-01', date_to: '2024-06-30', amount_min: 1_000_000, amount_max: 3_000_000 } as const;

/**
 * The search's indexes beyond the GSIs (docs/drive.md "Search"): the partner index that the
 * e-bookkeeping search (date range + amount range + partner, by transaction date) reads, and the
 * sparsest bigram that drives a long name. What users see: the same matches as the conditions
 * define (partner: any part), in order, each once, without the trash, without another contract's.
 */
describe('drive search: partner index and long names', { timeout: 240_000 }, () => {
  let t: TestTenant;
  let other: TestTenant;
  let books: DriveItem;
  let a1: DriveItem;
  let a2: DriveItem;
  let a5: DriveItem;

  beforeAll(async () => {
    [t, other] = await Promise.all([newTenant(), newTenant()]);
    books = await aFolder(t, { name: 'Books' });
    [a1, a2] = await Promise.all([
      aFile(t.token, books.id, 'inv-a1.pdf', { transaction_date: '2024-04-10', transaction_amount: 1_500_000, provider: 'ACME 株式会社' }),
      // Full-width: the same partner once normalised.
      aFile(t.token, books.id, 'inv-a2.pdf', { transaction_date: '2024-05-01', transaction_amount: 2_000_000, recipient: 'ＡＣＭＥ 株式会社', provider: 'Other Ltd' }),
      aFile(t.token, books.id, 'inv-a3-july.pdf', { transaction_date: '2024-07-01', transaction_amount: 2_000_000, provider: 'ACME 株式会社' }),
      aFile(t.token, books.id, 'inv-a4-small.pdf', { transaction_date: '2024-05-20', transaction_amount: 500_000, provider: 'ACME 株式会社' }),
      aFile(t.token, books.id, 'inv-a6-globex.pdf', { transaction_date: '2024-04-15', transaction_amount: 1_200_000, provider: 'Globex' }),
      aFile(t.token, books.id, 'inv-a7-undated.pdf', { transaction_amount: 1_200_000, provider: 'ACME 株式会社' }),
    ]);
    // Other partners' documents in the same quarter and amounts: the partner index never reads them
    // (in waves: a user may have only so many uploads waiting at once).
    for (let wave = 0; wave < 24; wave += 8) {
      await Promise.all(Array.from({ length: 8 }, (_, j) => wave + j).map((i) => aFile(t.token, books.id, `noise-${i}.pdf`, { transaction_date: `2024-05-${String(i + 2).padStart(2, '0')}`, transaction_amount: 1_100_000, provider: `Initech ${i % 3}` })));
    }
    // Two partner names that both contain "acme" on one document: found once.
    a5 = await aFile(t.token, books.id, 'inv-a5-both.pdf', { transaction_date: '2024-06-01', transaction_amount: 1_000_000, recipient: 'ACME Holdings', provider: 'ACME 株式会社' });
    // Another contract with the same partner, date and amount.
    await aFile(other.token, 'root', 'their-invoice.pdf', { transaction_date: '2024-04-11', transaction_amount: 1_500_000, provider: 'ACME 株式会社' });
  });

  it('date range + amount range + partner: the matches in date order, each once, by any part of the partner', async () => {
    expect(await names(t.token, { ...quarter, partner: 'acme' })).toEqual([a1.name, a2.name, a5.name]);
    expect(await names(t.token, { ...quarter, partner: 'ACME 株式会社' })).toEqual([a1.name, a2.name, a5.name]);
    expect(await names(t.token, { ...quarter, partner: 'ａｃｍｅ 株式' })).toEqual([a1.name, a2.name, a5.name]);
    expect(await names(t.token, { ...quarter, partner: 'holdings' })).toEqual([a5.name]);
    expect(await names(t.token, { ...quarter, partner: 'globex' })).toEqual(['inv-a6-globex.pdf']);
    expect(await names(t.token, { ...quarter, partner: 'nobody' })).toEqual([]);
    expect(await names(t.token, { ...quarter, sort_flg: 2, partner: 'acme' })).toEqual([a5.name, a2.name, a1.name]);
    // Without the amount: the small one too; without the date range: every dated one (the undated file has no place in a date order).
    expect(await names(t.token, { sort_item: 'transaction_date', date_from: '2024-04-01', date_to: '2024-06-30', partner: 'acme' })).toEqual([a1.name, a2.name, 'inv-a4-small.pdf', a5.name]);
    expect(await names(t.token, { sort_item: 'transaction_date', partner: 'acme 株式会社' })).toEqual([a1.name, a2.name, 'inv-a4-small.pdf', a5.name, 'inv-a3-july.pdf']);
    // The same conditions in name order (the date GSI drives, the partner checked on what is read): the same entries.
    expect(await names(t.token, { ...quarter, sort_item: 'name', partner: 'acme' })).toEqual([a1.name, a2.name, a5.name]);
  });

  it('an amount range reads the amount bands it spans, and finds what the whole index finds', async () => {
    // Bands are orders of magnitude: 0 for 0-9 yen, 6 for 1,000,000-9,999,999.
    expect([0, 9, 10, 999_999, 1_000_000, 9_999_999].map(amountBand)).toEqual([0, 0, 1, 5, 6, 6]);
    expect(amountBands({ from: 500_000, to: 1_500_000 }, 999_999_999_999)).toEqual([5, 6]);
    expect(amountBands({ from: 1_000_000 }, 999_999_999_999)).toEqual([6, 7, 8, 9, 10, 11]);
    expect(await bandKeys(t.kykId, 6, 'ACME 株式会社')).toEqual(expect.arrayContaining([a1.id, a2.id, a5.id]));
    expect(await bandKeys(t.kykId, 5, 'ACME 株式会社')).not.toContain(a1.id);
    const dated = { sort_item: 'transaction_date', date_from: '2024-04-01', date_to: '2024-06-30', partner: 'acme' } as const;
    // Two bands (5 and 6), merged in date order; the bounds are inclusive on both sides of a band's edge.
    expect(await names(t.token, { ...dated, amount_min: 500_000, amount_max: 1_500_000 })).toEqual([a1.name, 'inv-a4-small.pdf', a5.name]);
    expect(await names(t.token, { ...dated, amount_min: 500_001, amount_max: 999_999 })).toEqual([]);
    expect(await names(t.token, { ...dated, amount_min: 0, amount_max: 500_000 })).toEqual(['inv-a4-small.pdf']);
    // Open above (six bands): the partner's whole index, the amount filtered, the same answer.
    expect(await names(t.token, { ...dated, amount_min: 1_000_000 })).toEqual([a1.name, a2.name, a5.name]);
    expect(await names(t.token, { ...dated, amount_max: 1_000_000 })).toEqual(['inv-a4-small.pdf', a5.name]);
  });

  it('reads only the partner\'s keys in the range, not the quarter\'s other documents', async () => {
    const answer = await search(t.token, { ...quarter, partner: 'acme' });
    // The names read (7), the acme keys in the range (5), their entries (3), the folders above them (1);
    // the date index would read the quarter's 29 documents.
    expect(answer.body.data!.read_count).toBeLessThan(20);
    expect(answer.body.data).toMatchObject({ capped: 0, next_cursor: null });
  });

  it('pages one match at a time through the cursor, each once and in order (a document under two matching names too)', async () => {
    const viewer = await viewerFor(t.kykId, t.adminId);
    const conditions = { partner: 'acme', dateFrom: '2024-04-01', dateTo: '2024-06-30', amountMin: 1_000_000, amountMax: 3_000_000 };
    for (const ascending of [true, false]) {
      const walked: string[] = [];
      let cursor: string | undefined;
      for (let calls = 0; calls < 10; calls++) {
        const page = await searchDrive(viewer, conditions, { sort: 'transaction_date', ascending, pageSize: 1, maxReads: 1000, ...(cursor ? { cursor } : {}) });
        expect(page).toBeDefined();
        walked.push(...page!.hits.map((hit) => hit.item.name));
        if (!page!.nextCursor) break;
        cursor = page!.nextCursor;
      }
      expect(walked).toEqual(ascending ? [a1.name, a2.name, a5.name] : [a5.name, a2.name, a1.name]);
    }
    // Two amount bands of two partner names (four partitions merged), one match a page.
    const walked: string[] = [];
    let next: string | undefined;
    for (let calls = 0; calls < 10; calls++) {
      const page = await searchDrive(viewer, { ...conditions, amountMin: 500_000 }, { sort: 'transaction_date', ascending: true, pageSize: 1, maxReads: 1000, ...(next ? { cursor: next } : {}) });
      walked.push(...page!.hits.map((hit) => hit.item.name));
      if (!page!.nextCursor) break;
      next = page!.nextCursor;
    }
    expect(walked).toEqual([a1.name, a2.name, 'inv-a4-small.pdf', a5.name]);
    // A partner cursor under other conditions is refused, not read as theirs.
    const first = await search(t.token, { ...quarter, partner: 'acme', page_size: 50 });
    const page = await searchDrive(viewer, conditions, { sort: 'transaction_date', ascending: true, pageSize: 1, maxReads: 1000 });
    expect(first.body.code).toBe(0);
    const refused = await search(t.token, { ...quarter, partner: 'globex', cursor: page!.nextCursor! });
    expect(refused.body).toMatchObject({ code: -4, info: { fields: { cursor: 'The value is not valid.' } } });
  });

  it('keeps another contract\'s documents out, whatever the partner', async () => {
    expect(await names(other.token, { ...quarter, partner: 'acme' })).toEqual(['their-invoice.pdf']);
    expect(await names(t.token, { ...quarter, partner: 'acme' })).not.toContain('their-invoice.pdf');
  });

  it('follows the trash, a restore, new fields (replace), a copy and deletion for good', async () => {
    const doc = await aFile(t.token, books.id, 'inv-t1.pdf', { transaction_date: '2024-04-20', transaction_amount: 1_100_000, provider: 'ACME 株式会社' });
    expect(await names(t.token, { ...quarter, partner: 'acme' })).toEqual([a1.name, doc.name, a2.name, a5.name]);
    // The trash: not shown; a restore: back.
    await trash(t.token, await fresh(t.token, doc.id));
    expect(await names(t.token, { ...quarter, partner: 'acme' })).toEqual([a1.name, a2.name, a5.name]);
    const trashed = (await call('com_drive/recycle_list', {}, t.token)).body.data!.items.find((item) => item.id === doc.id)!;
    expect((await call('com_drive/restore_btn', { items: [{ id: doc.id, row_version: trashed.row_version }] }, t.token)).body.code).toBe(0);
    expect(await names(t.token, { ...quarter, partner: 'acme' })).toEqual([a1.name, doc.name, a2.name, a5.name]);
    // A folder in the trash hides what it holds.
    await trash(t.token, await fresh(t.token, books.id));
    expect(await names(t.token, { ...quarter, partner: 'acme' })).toEqual([]);
    const folder = (await call('com_drive/recycle_list', {}, t.token)).body.data!.items.find((item) => item.id === books.id)!;
    expect((await call('com_drive/restore_btn', { items: [{ id: books.id, row_version: folder.row_version }] }, t.token)).body.code).toBe(0);
    expect(await names(t.token, { ...quarter, partner: 'acme' })).toEqual([a1.name, doc.name, a2.name, a5.name]);

    // Replaced by a document of another partner and date: it leaves acme's index and joins the other's.
    const content = bytes('replaced');
    const replaced = await call('com_drive/file_reg_btn', {
      folder_id: books.id, name: doc.name, size: content.byteLength, content_type: 'application/pdf', on_conflict: 'replace',
      transaction_date: '2024-05-05', transaction_amount: 1_300_000, provider: 'Umbrella KK',
    }, t.token);
    expect(replaced.body.code, JSON.stringify(replaced.body)).toBe(0);
    await sendBytes(t.token, replaced.body.data!.item.id, replaced.body.data!.upload, content);
    for (let attempt = 0; attempt < 100 && (await fresh(t.token, doc.id)).provider !== 'Umbrella KK'; attempt++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await names(t.token, { ...quarter, partner: 'acme' })).toEqual([a1.name, a2.name, a5.name]);
    expect(await names(t.token, { ...quarter, partner: 'umbrella' })).toEqual([doc.name]);
    expect(await partnerKeys(t.kykId, 'ACME 株式会社')).not.toContain(doc.id);
    expect(await bandKeys(t.kykId, 6, 'ACME 株式会社')).not.toContain(doc.id);
    expect(await bandKeys(t.kykId, 6, 'Umbrella KK')).toEqual([doc.id]);

    // A copy is a document of its own under the same partner.
    const target = await aFolder(t, { name: `Copies ${randomUUID().slice(0, 6)}` });
    const copied = await call('com_drive/copy_btn', { items: [seen(await fresh(t.token, doc.id))], folder_id: target.id }, t.token);
    expect(copied.body.code, JSON.stringify(copied.body)).toBe(0);
    const copy = copied.body.data!.job.items[0]!;
    const umbrella = await search(t.token, { ...quarter, partner: 'umbrella' });
    expect(umbrella.body.data!.items.map((item) => item.id).sort()).toEqual([doc.id, copy.id].sort());

    // Deleted for good: gone, and its keys with it.
    for (const entry of [await fresh(t.token, doc.id), await fresh(t.token, copy.id)]) {
      await trash(t.token, entry);
      const listed = (await call('com_drive/recycle_list', {}, t.token)).body.data!.items.find((item) => item.id === entry.id)!;
      expect((await call('com_drive/force_delete_btn', { items: [{ id: entry.id, row_version: listed.row_version }] }, t.token)).body.code).toBe(0);
    }
    expect(await names(t.token, { ...quarter, partner: 'umbrella' })).toEqual([]);
    expect(await partnerKeys(t.kykId, 'Umbrella KK')).toEqual([]);
    expect(await bandKeys(t.kykId, 6, 'Umbrella KK')).toEqual([]);
  });

  it('files entries written before the indexes again (the operator\'s reindex), and only the contract\'s', async () => {
    const partner = `Legacy ${randomUUID().slice(0, 6)}`;
    const doc = await aFile(t.token, books.id, `legacy-${randomUUID().slice(0, 6)}.pdf`, { transaction_date: '2024-05-15', transaction_amount: 2_500_000, provider: partner });
    const { tag } = (await call('com_drive/tag_create_btn', { name: `legacy ${randomUUID().slice(0, 6)}`, scope: 'common' }, t.token)).body.data!;
    expect((await call('com_drive/item_tags_save_btn', { id: doc.id, tag_ids: [tag.id] }, t.token)).body.code).toBe(0);
    // As an entry of a version before the search's indexes: no grams, partner keys, names, search partition or tag attribute.
    const record = { ...doc, kyk_id: t.kykId } as unknown as ItemRecord;
    const keys = [...nameGrams(doc.name).map((gram) => gramKey(t.kykId, gram, doc.id, doc.name)), ...partnerItems(record), ...partnerNameItems(record)]
      .map((item) => ({ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } }));
    for (let index = 0; index < keys.length; index += 25) await db().send(new BatchWriteCommand({ RequestItems: { [table()]: keys.slice(index, index + 25) } }));
    await db().send(new UpdateCommand({ TableName: table(), Key: itemKey(t.kykId, doc.id), UpdateExpression: 'REMOVE srch_pk, #tag', ExpressionAttributeNames: { '#tag': tagAttribute(tag.id) } }));
    const found = async () => ({
      name: await names(t.token, { name: doc.name.slice(0, 12) }),
      partner: await names(t.token, { ...quarter, partner: partner.toLowerCase() }),
      tag: await names(t.token, { tag_ids: [tag.id] }),
    });
    expect(await found()).toEqual({ name: [], partner: [], tag: [] });

    const theirs = await names(other.token, { ...quarter, partner: 'acme' });
    const report = await reindexSearch(t.kykId);
    expect(report).toMatchObject({ contractFound: true });
    expect(report.entries).toBeGreaterThan(30);
    expect(await found()).toEqual({ name: [doc.name], partner: [doc.name], tag: [doc.name] });
    expect(await bandKeys(t.kykId, 6, partner)).toEqual([doc.id]);
    // Run again: the same answers; another contract is untouched; a contract that is not there is said so.
    await reindexSearch(t.kykId);
    expect(await found()).toEqual({ name: [doc.name], partner: [doc.name], tag: [doc.name] });
    expect(await names(other.token, { ...quarter, partner: 'acme' })).toEqual(theirs);
    expect(await reindexSearch('nobody-here')).toEqual({ contractFound: false, entries: 0, items: 0, users: 0, attention: 0 });
  });

  it('a partner query matching many partner names falls back to the date index and finds the same', async () => {
    const zeta = await aFolder(t, { name: 'Zeta' });
    const docs = await Promise.all(Array.from({ length: 10 }, (_, i) => aFile(t.token, zeta.id, `zeta-${i}.pdf`, { transaction_date: `2024-04-${String(i + 10).padStart(2, '0')}`, transaction_amount: 1_500_000, provider: `Zeta Trading ${i}` })));
    // Ten names contain "zeta trading": more than the index drives; the date index reads the quarter instead.
    expect(await names(t.token, { ...quarter, partner: 'zeta trading' })).toEqual(docs.map((doc) => doc.name));
    expect(await names(t.token, { ...quarter, partner: 'zeta trading 7' })).toEqual(['zeta-7.pdf']);
  });

  it('a long name finds its matches on the first page even when its first bigram is everywhere', async () => {
    const crowd = await aFolder(t, { name: `Crowd ${randomUUID().slice(0, 6)}` });
    // 60 names sharing the query's first bigrams, sorted before the two that match.
    await Promise.all(Array.from({ length: 60 }, (_, i) => aFolder(t, { parentId: crowd.id, name: `書類-a${String(i).padStart(2, '0')}` })));
    await Promise.all(['書類-z9 draft', '書類-Z9 final'].map((name) => aFolder(t, { parentId: crowd.id, name })));
    await aFolder(other, { name: '書類-z9 theirs' });
    expect(await names(t.token, { name: '書類-z9' })).toEqual(['書類-z9 draft', '書類-Z9 final']);
    expect(await names(t.token, { name: '書類-z9', sort_flg: 2 })).toEqual(['書類-Z9 final', '書類-z9 draft']);
    expect(await names(other.token, { name: '書類-z9' })).toEqual(['書類-z9 theirs']);
    // With a budget smaller than the crowd (the first bigram's list alone would spend it on the 60
    // and answer nothing): the sparsest bigram drives, and the first page has both.
    const viewer = await viewerFor(t.kykId, t.adminId);
    const page = await searchDrive(viewer, { name: '書類-z9' }, { sort: 'name', ascending: true, pageSize: 50, maxReads: 40 });
    expect(page!.hits.map((hit) => hit.item.name)).toEqual(['書類-z9 draft', '書類-Z9 final']);
    expect(page!.capped).toBe(false);
    // In the trash: not shown.
    const draft = (await search(t.token, { name: '書類-z9 draft' })).body.data!.items[0]!;
    await trash(t.token, await fresh(t.token, draft.id));
    expect(await names(t.token, { name: '書類-z9' })).toEqual(['書類-Z9 final']);
  });
});
