/**
 * The drive search at 100,000 files (docs/drive.md "Search"): a fill written straight through the
 * data layer's key builders in the shape real registrations have (the entry with its listing and
 * search keys, its name's gram items), then, in the same run, the plain folder page, a combined
 * e-bookkeeping query (transaction date range + amount range + partner) and a name search, each with
 * p50/p95 and the items read per page.
 */
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { RoutePath, RouteRequest, RouteResponse } from '#shared/routes.ts';
import { db } from '#lib/clients.ts';
import { config } from '#lib/config.ts';
import { itemKey, listingKeys, nameClaimKey, nameKey, type ItemRecord } from '#data/drive-items.ts';
import { gramItems, partnerItems, partnerNameItems } from '#data/drive-search-keys.ts';

type Call = <P extends RoutePath>(path: P, body: RouteRequest<P>, token?: string) => Promise<{ data: RouteResponse<P> }>;
type Timed = <T>(work: () => Promise<T>, section?: string) => Promise<[number, T]>;

const DOC_TYPES = ['請求書', '領収書', '見積書', '納品書', '契約書'];
const PARTNERS = Array.from({ length: 20 }, (_, i) => `取引先${String(i).padStart(2, '0')} 株式会社`);
const STYLES = ['e_trading', 'e_bookkeeping', 'scanner', 'general'] as const;
const DAY_MS = 86_400_000;
const START = Date.UTC(2024, 0, 1);

/** A small deterministic generator, so every run fills the same data. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return state / 0x1_0000_0000;
  };
}

async function writeAll(items: Record<string, unknown>[], parallel = 12): Promise<void> {
  const chunks = Array.from({ length: Math.ceil(items.length / 25) }, (_, i) => items.slice(i * 25, i * 25 + 25));
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      let pending: Record<string, unknown>[] = chunks[next++]!;
      while (pending.length > 0) {
        const result = await db().send(new BatchWriteCommand({ RequestItems: { [config.tableName]: pending.map((Item) => ({ PutRequest: { Item } })) } }));
        pending = (result.UnprocessedItems?.[config.tableName] ?? []).map((request) => request.PutRequest!.Item!);
      }
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

export async function measureSearch(options: { kykId: string; token: string; call: Call; timed: Timed; files?: number }) {
  const { kykId, token, call, timed } = options;
  const files = options.files ?? 100_000;
  const rand = random(20261126);
  const now = new Date().toISOString();
  // 10 top folders of 10 folders each: 100 folders of files.
  const top = await Promise.all(Array.from({ length: 10 }, (_, i) => call('com_drive/folder_reg_btn', { parent_id: 'root', name: `部門${i}` }, token).then((r) => r.data.item)));
  const leaves = (await Promise.all(top.map((folder) => Promise.all(Array.from({ length: 10 }, (_, j) => call('com_drive/folder_reg_btn', { parent_id: folder.id, name: `${folder.name}-${j}` }, token).then((r) => r.data.item)))))).flat();

  const [fillMs, gramCount] = await timed(async () => {
    let grams = 0;
    const batch: Record<string, unknown>[] = [];
    const partnerNames = new Map<string, Record<string, unknown>>();
    const flush = async () => { await writeAll(batch.splice(0)); };
    for (let i = 0; i < files; i++) {
      const docType = DOC_TYPES[i % DOC_TYPES.length]!;
      const name = `${docType}-${String(i).padStart(6, '0')}.pdf`;
      const date = new Date(START + Math.floor(rand() * 731) * DAY_MS).toISOString().slice(0, 10);
      const record: ItemRecord = {
        kyk_id: kykId, id: randomUUID(), parent_id: leaves[i % leaves.length]!.id, type: 'file', name, name_key: nameKey(name),
        size: 1000, declared_size: 1000, version: 1, status: 'ready', content_type: 'application/pdf', s3_key: null, row_version: 1,
        regist_date: now, regist_user_id: 'admin', update_date: now, update_user_id: 'admin',
        document_style: STYLES[i % STYLES.length]!, transaction_date: date,
        // Amounts log-uniform from 1,000 to 10,000,000 yen.
        transaction_amount: Math.round(1000 * 10 ** (rand() * 4)),
        provider: PARTNERS[Math.floor(rand() * PARTNERS.length)]!,
      };
      batch.push({ ...itemKey(kykId, record.id), ...listingKeys(record), ...record });
      batch.push({ ...nameClaimKey(kykId, record.parent_id, 'file', record.name_key), type: 'name-claim', item_id: record.id });
      const nameItems = gramItems(record);
      batch.push(...nameItems);
      grams += nameItems.length;
      // The partner index, as a confirmation writes it (its names once per partner, below).
      batch.push(...partnerItems(record));
      for (const item of partnerNameItems(record)) partnerNames.set(String(item.sk), item);
      if (batch.length >= 5000) await flush();
    }
    batch.push(...partnerNames.values());
    await flush();
    return grams;
  });

  const sample = async (section: string, work: () => Promise<{ read_count?: number; items: unknown[]; capped?: 0 | 1 }>, count = 30) => {
    const times: number[] = [];
    const reads: number[] = [];
    const found: number[] = [];
    let capped = 0;
    for (let i = 0; i < count; i++) {
      const [ms, data] = await timed(work, section);
      times.push(ms);
      if (data.read_count !== undefined) reads.push(data.read_count);
      found.push(data.items.length);
      capped += data.capped ?? 0;
    }
    const sorted = [...times].sort((a, b) => a - b);
    const at = (p: number) => Number(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!.toFixed(1));
    return {
      p50: at(50), p95: at(95), samples: count,
      ...(reads.length ? { items_read_per_page: { max: Math.max(...reads), mean: Math.round(reads.reduce((a, b) => a + b, 0) / reads.length) } } : {}),
      results_per_page: Math.round(found.reduce((a, b) => a + b, 0) / found.length),
      ...(reads.length ? { capped_pages: capped } : {}),
    };
  };

  const folder = leaves[0]!;
  const folderPage = await sample('search_bench.folder_page', async () => {
    const { data } = await call('com_drive/drive_info', { folder_id: folder.id, sort_item: 'name', page_size: 50 }, token);
    return { items: data.items };
  });
  // The e-bookkeeping search: a quarter, ¥1,000,000 to ¥3,000,000, one partner, by transaction date.
  const combinedRequest = { date_from: '2024-04-01', date_to: '2024-06-30', amount_min: 1_000_000, amount_max: 3_000_000, partner: PARTNERS[3]!, sort_item: 'transaction_date', page_size: 50 } as const;
  const combined = await sample('search_bench.combined', async () => (await call('com_drive/search', combinedRequest, token)).data);
  // Reading the combined search to its end, page after page (capped pages go on with the cursor).
  const [allMs, all] = await timed(async () => {
    let cursor: string | null | undefined;
    let calls = 0;
    let matches = 0;
    let reads = 0;
    do {
      const { data } = await call('com_drive/search', { ...combinedRequest, ...(cursor ? { cursor } : {}) }, token);
      calls++;
      matches += data.items.length;
      reads += data.read_count!;
      cursor = data.next_cursor;
    } while (cursor);
    return { calls, matches, reads };
  });
  const nameSearch = await sample('search_bench.name', async () => (await call('com_drive/search', { name: '請求', page_size: 50 }, token)).data);
  // A long name whose first bigram is in every name: '書-0421' at 100,000 files (its 100 matches
  // 042100..042199), the same share of the numbers at other sizes ('書-0084' at 20,000).
  const longName = `書-${String(Math.floor(files * 0.00421)).padStart(4, '0')}`;
  const nameLonger = await sample('search_bench.name_longer', async () => (await call('com_drive/search', { name: longName, page_size: 50 }, token)).data);

  return {
    files,
    folders: top.length + leaves.length,
    gram_items: gramCount,
    fill_seconds: Number((fillMs / 1000).toFixed(1)),
    folder_page_1000_entries: folderPage,
    combined_date_amount_partner: { request: combinedRequest, ...combined, to_the_end: { calls: all.calls, matches: all.matches, items_read: all.reads, ms: Math.round(allMs) } },
    name_search_2_chars: { request: { name: '請求' }, ...nameSearch },
    name_search_7_chars: { request: { name: longName }, ...nameLonger },
    ratio_p95_to_folder_page: {
      combined: Number((combined.p95 / folderPage.p95).toFixed(2)),
      name: Number((nameSearch.p95 / folderPage.p95).toFixed(2)),
      name_longer: Number((nameLonger.p95 / folderPage.p95).toFixed(2)),
    },
  };
}
