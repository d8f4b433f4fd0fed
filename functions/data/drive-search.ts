import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '#lib/clients.ts';
import { batchGet } from '#lib/data/batch.ts';
import { decodeCursor, encodeCursor, table } from '#lib/data/table.ts';
import { itemKey, type ItemRecord } from './drive-items.ts';
import { TRANSACTION_AMOUNT_MAX } from '#shared/drive-limits.ts';
import { amountBands, bigrams, gramPartition, partnerAmountPartition, partnerNamesPartition, partnerPartition, SEARCH_BUCKETS, searchForm, searchPartition } from './drive-search-keys.ts';

/**
 * The drive search's reads (docs/drive.md "Search"; keys in drive-search-keys.ts). A search walks
 * one ordered source, the "driver", in the order asked for:
 * - by name with a name condition of two characters or more: the gram partitions of the query's
 *   bigram (filtered on the whole query, so only true matches come back), then one batch read of the
 *   matched entries. A query of several bigrams first probes up to GRAM_PROBE_MAX of them (a few
 *   keys of one bucket each) and races the GRAMS_RACED sparsest (`gramDriver`);
 * - by transaction date with a partner condition: the partner index of each partner name that
 *   contains the query (key condition on the date range, amount range filtered where the keys are
 *   read), then one batch read of the matched entries; with an amount range over at most
 *   PARTNER_AMOUNT_BANDS_MAX amount bands, only those bands' partitions of each name are read;
 *   when more than PARTNER_VALUES_MAX names match,
 *   or the contract has more than PARTNER_NAMES_READ_MAX, the transaction-date GSI as below;
 * - otherwise the search GSI of the sort (`srch-name`, `srch-upd`, `srch-txd`, `srch-amt`), with a
 *   key condition on the range when the sort field carries one (date range on `srch-txd`, amount
 *   range on `srch-amt`); the GSIs project every attribute, so no second read.
 * Each source is several partitions (SEARCH_BUCKETS buckets, or one per partner name) read side by
 * side and merged. Every read counts toward a budget (`maxReads`); when it runs out before the page is
 * full the page ends there with a cursor that carries each partition's position. Conditions other
 * than the driver's key condition are checked on the items read (`SearchPredicate`), and so are
 * trash, scope and permissions (the caller's `accept`), so the key condition is an optimisation and
 * never the rule.
 */
export type SearchSort = 'name' | 'update_date' | 'transaction_date' | 'transaction_amount';

type SortValue = string | number;
/** Where a bucket stands: null from the start, 0 read to its end, [value, id] after that entry. */
type Position = null | 0 | [SortValue, string];

const sortAttribute: Record<SearchSort, string> = {
  name: 'name_key', update_date: 'update_date', transaction_date: 'transaction_date', transaction_amount: 'transaction_amount',
};
const sortIndex: Record<SearchSort, string> = {
  name: 'srch-name', update_date: 'srch-upd', transaction_date: 'srch-txd', transaction_amount: 'srch-amt',
};

export interface SearchRange {
  /** Inclusive bounds on the driver's sort attribute. */
  from?: SortValue;
  to?: SortValue;
}

export interface SearchPlan {
  sort: SearchSort;
  ascending: boolean;
  /** The name condition's search form: with the name sort and two characters or more, the gram partitions drive. */
  name?: string;
  /** Key-condition range on the sort attribute (transaction date or amount). */
  range?: SearchRange;
  /** The partner condition's search form: sorted by transaction date, the partner index may drive. */
  partner?: string;
  /** The amount range, filtered where the partner index is read. */
  amount?: SearchRange;
}

/** Bigrams of a long query probed for the sparsest, and keys read per probe (less when the budget is small: a quarter of it for all probes). */
export const GRAM_PROBE_MAX = 6;
export const GRAM_PROBE_LIMIT = 20;
/** Bigrams a long query races (the sparsest probed). */
export const GRAMS_RACED = 2;
/** Partner names that may drive one search (one partition each); more falls back to the date GSI. */
export const PARTNER_VALUES_MAX = 8;
/** Amount bands (orders of magnitude) an amount range may span to be read from the bands' partitions instead of the partner's whole index. */
export const PARTNER_AMOUNT_BANDS_MAX = 3;
/** Partner names read to find those containing the query (tiny items, beside the read budget); a contract with more falls back. */
export const PARTNER_NAMES_READ_MAX = 2000;

export interface SearchPageOptions {
  plan: SearchPlan;
  pageSize: number;
  cursor?: string;
  /** Items read (index items, entries, folders) after which the page ends with a cursor. */
  maxReads: number;
  /**
   * Decides, for a batch of candidate entries in order, which to show (and adds what it read to
   * `reads`): the conditions, the trash, the scope and the caller's permissions.
   */
  accept: (items: ItemRecord[], reads: { add: (count: number) => void }) => Promise<ItemRecord[]>;
}

export interface SearchPage {
  items: ItemRecord[];
  nextCursor: string | null;
  /** Items read for this page: index items, entries and folders. */
  reads: number;
  /** The page ended because the read budget ran out (more may match). */
  capped: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Driver {
  /** Identifies the source in a cursor: a cursor of another search is refused. */
  id: string;
  /** Partitions read side by side and merged. */
  sources: number;
  /** What else the cursor carries to rebuild this driver (the partner names). */
  cursorExtra?: Record<string, unknown>;
  query: (bucket: number, start: Position, limit: number) => Promise<{ rows: Row[]; last: Position; scanned: number }>;
  /** Whether each row costs one more read (its entry) after the index: the index reads leave room for it. */
  resolves: boolean;
  /** Rows are filtered where they are read (an amount range on the partner index): fewer come back than are read, so the first read goes twice as far. */
  filtered?: boolean;
  /** Entries for rows that carry only an id (the gram driver). */
  resolve: (rows: Row[], reads: { add: (count: number) => void }) => Promise<ItemRecord[]>;
}

interface Row {
  value: SortValue;
  id: string;
  item?: ItemRecord;
}

const compare = (a: [SortValue, string], b: [SortValue, string]): number => {
  if (a[0] !== b[0]) return a[0] < b[0] ? -1 : 1;
  return a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0;
};

/** The entries of rows that carry only an id (gram and partner rows): one batch read. */
async function resolveEntries(kykId: string, rows: Row[], reads: { add: (count: number) => void }): Promise<ItemRecord[]> {
  const found = await batchGet<ItemRecord>(rows.map((row) => itemKey(kykId, row.id)), { consistent: false });
  reads.add(rows.length);
  const byId = new Map(found.map((item) => [item.id, item]));
  return rows.map((row) => byId.get(row.id)).filter((item): item is ItemRecord => item !== undefined);
}

/** A sort key `<value>#<id>` split at its last '#' (the id holds none). */
const splitKey = (sk: string): [string, string] => [sk.slice(0, sk.lastIndexOf('#')), sk.slice(sk.lastIndexOf('#') + 1)];

/**
 * The gram driver: one or more bigrams of the query raced side by side. Every match holds every
 * bigram of the query, and each bigram's partition sorts its names by the same key
 * (`<search form>#<id>`), so each read takes `limit / grams` keys after the position from each
 * bigram's partition (filtered on the whole query) and keeps what the one that reached furthest
 * found: it covers the others' stretches, and the position moves to its last key. The leader of the
 * last read takes three quarters of the keys and the other a quarter, so the cost follows the
 * sparser bigram of each stretch (4/3 of it while the lead holds), where one fixed bigram may be
 * dense just where the matches are.
 */
function gramDriver(kykId: string, plan: SearchPlan, name: string, grams: string[]): Driver {
  const further = (a: string, b: string) => (plan.ascending ? a > b : a < b);
  // Per bucket, the gram that reached furthest last time (the probe's best at first): it takes three
  // quarters of the next read, the other the rest, so a gram that turns sparser ahead changes the
  // lead without paying the race in full.
  const lead = Array.from({ length: SEARCH_BUCKETS }, () => 0);
  return {
    id: 'g',
    sources: SEARCH_BUCKETS,
    cursorExtra: { g: grams },
    resolves: true,
    async query(bucket, start, limit) {
      // A read smaller than the grams (the end of the budget) races fewer of them: any of them finds every match.
      const raced = grams.slice(0, Math.max(1, Math.min(grams.length, limit)));
      const leader = lead[bucket]! < raced.length ? lead[bucket]! : 0;
      const others = raced.length - 1;
      const leading = others === 0 ? limit : Math.max(1, Math.ceil((limit * 3) / 4));
      const share = others === 0 ? 0 : Math.max(1, Math.floor((limit - leading) / others));
      const results = await Promise.all(raced.map((gram, index) => db().send(new QueryCommand({
        TableName: table(),
        KeyConditionExpression: start ? `pk = :pk AND sk ${plan.ascending ? '>' : '<'} :start` : 'pk = :pk',
        // The other grams of the query, checked where the items are read: only true matches come back.
        FilterExpression: 'contains(nm, :q)',
        ExpressionAttributeValues: { ':pk': gramPartition(kykId, gram, bucket), ':q': name, ...(start ? { ':start': `${String(start[0])}#${start[1]}` } : {}) },
        ScanIndexForward: plan.ascending,
        Limit: index === leader ? leading : share,
      }))));
      // A partition read to its end covers everything after the position; otherwise the furthest last key.
      let bestIndex = leader;
      results.forEach((result, index) => {
        const best = results[bestIndex]!;
        if (index === bestIndex || !best.LastEvaluatedKey) return;
        if (!result.LastEvaluatedKey || further(String(result.LastEvaluatedKey.sk), String(best.LastEvaluatedKey.sk))) bestIndex = index;
      });
      lead[bucket] = bestIndex;
      const best = results[bestIndex]!;
      const rows = (best.Items ?? []).map((item) => ({ value: splitKey(String(item.sk))[0], id: String(item.item_id) }));
      const scanned = results.reduce((sum, result) => sum + (result.ScannedCount ?? 0), 0);
      return { rows, last: best.LastEvaluatedKey ? splitKey(String(best.LastEvaluatedKey.sk)) : 0, scanned };
    },
    resolve: (rows, reads) => resolveEntries(kykId, rows, reads),
  };
}

/** Up to `count` of the grams, spread over the query (its first and last among them). */
function spread(grams: string[], count: number): string[] {
  if (grams.length <= count) return grams;
  return Array.from({ length: count }, (_, index) => grams[Math.round((index * (grams.length - 1)) / (count - 1))]!);
}

/**
 * The grams a name query races (the gram driver above): every gram of the query is in the name of
 * every match, so the best are those with the fewest entries to read past. No counts are kept (a
 * counter per gram would be a hot item on every write), so each candidate's first GRAM_PROBE_LIMIT
 * keys in one bucket are read side by side: a gram whose list ends there is small and read alone;
 * otherwise the GRAMS_RACED that reached furthest in the order read (the sparsest in that stretch).
 */
async function gramsToRace(kykId: string, plan: SearchPlan, name: string, maxReads: number, reads: { add: (count: number) => void }): Promise<string[]> {
  const grams = bigrams(name);
  if (grams.length === 1) return grams;
  const candidates = spread(grams, GRAM_PROBE_MAX);
  // The probes take at most a quarter of the call's budget.
  const limit = Math.max(1, Math.min(GRAM_PROBE_LIMIT, Math.floor(maxReads / (4 * candidates.length))));
  const probes = await Promise.all(candidates.map(async (gram) => {
    const result = await db().send(new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': gramPartition(kykId, gram, 0) },
      ProjectionExpression: 'sk',
      ScanIndexForward: plan.ascending,
      Limit: limit,
    }));
    reads.add(result.ScannedCount ?? 0);
    return { gram, count: result.ScannedCount ?? 0, reach: result.LastEvaluatedKey ? String(result.LastEvaluatedKey.sk) : undefined };
  }));
  const order = (a: typeof probes[number], b: typeof probes[number]): number => {
    if (a.reach === undefined || b.reach === undefined) return a.reach === undefined ? (b.reach === undefined ? a.count - b.count : -1) : 1;
    if (a.reach === b.reach) return 0;
    return (plan.ascending ? a.reach > b.reach : a.reach < b.reach) ? -1 : 1;
  };
  const ranked = [...probes].sort(order);
  if (ranked[0]!.reach === undefined) return [ranked[0]!.gram];
  return ranked.slice(0, GRAMS_RACED).map((probe) => probe.gram);
}

/**
 * The partner index of each name, or with `bands` those amount bands of each name (source
 * `name * bands + band`), merged by transaction date.
 */
function partnerDriver(kykId: string, plan: SearchPlan, partners: string[], bands?: number[]): Driver {
  const range = plan.range ?? {};
  const amount = plan.amount ?? {};
  const partitionOf = (source: number): string => bands
    ? partnerAmountPartition(kykId, bands[source % bands.length]!, partners[Math.floor(source / bands.length)]!)
    : partnerPartition(kykId, partners[source]!);
  return {
    id: bands ? 'pa' : 'p',
    sources: partners.length * (bands?.length ?? 1),
    cursorExtra: { v: partners },
    resolves: true,
    filtered: amount.from !== undefined || amount.to !== undefined,
    async query(source, start, limit) {
      const partition = partitionOf(source);
      const conditions = ['pk = :pk'];
      const values: Record<string, unknown> = { ':pk': partition };
      // Sort keys are `<date>#<id>`: the range's last day takes every id after it.
      if (range.from !== undefined && range.to !== undefined) {
        conditions.push('sk BETWEEN :from AND :to');
        Object.assign(values, { ':from': String(range.from), ':to': `${String(range.to)}#\uffff` });
      } else if (range.from !== undefined) {
        conditions.push('sk >= :from');
        values[':from'] = String(range.from);
      } else if (range.to !== undefined) {
        conditions.push('sk <= :to');
        values[':to'] = `${String(range.to)}#\uffff`;
      }
      const filters: string[] = [];
      if (amount.from !== undefined) {
        filters.push('amt >= :min');
        values[':min'] = amount.from;
      }
      if (amount.to !== undefined) {
        filters.push('amt <= :max');
        values[':max'] = amount.to;
      }
      const result = await db().send(new QueryCommand({
        TableName: table(),
        KeyConditionExpression: conditions.join(' AND '),
        ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
        ExpressionAttributeValues: values,
        ScanIndexForward: plan.ascending,
        Limit: limit,
        ...(start ? { ExclusiveStartKey: { pk: partition, sk: `${String(start[0])}#${start[1]}` } } : {}),
      }));
      const rows = (result.Items ?? []).map((item) => ({ value: splitKey(String(item.sk))[0], id: String(item.item_id) }));
      const lastKey = result.LastEvaluatedKey;
      return { rows, last: lastKey ? splitKey(String(lastKey.sk)) : 0, scanned: result.ScannedCount ?? 0 };
    },
    resolve: (rows, reads) => resolveEntries(kykId, rows, reads),
  };
}

/**
 * The partner names (search forms) that contain the query, or undefined when the partner index
 * cannot serve it: more than PARTNER_VALUES_MAX match, or the contract has more than
 * PARTNER_NAMES_READ_MAX names. One query per bucket, side by side.
 */
export async function partnerNamesContaining(kykId: string, query: string, reads: { add: (count: number) => void }): Promise<string[] | undefined> {
  const perBucket = Math.ceil(PARTNER_NAMES_READ_MAX / SEARCH_BUCKETS);
  const found = await Promise.all(Array.from({ length: SEARCH_BUCKETS }, async (_, bucket) => {
    const names: string[] = [];
    let scanned = 0;
    let start: Record<string, unknown> | undefined;
    do {
      const result = await db().send(new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk',
        FilterExpression: 'contains(pt, :q)',
        ExpressionAttributeValues: { ':pk': partnerNamesPartition(kykId, bucket), ':q': query },
        Limit: perBucket - scanned,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }));
      scanned += result.ScannedCount ?? 0;
      names.push(...(result.Items ?? []).map((item) => String(item.pt)));
      start = result.LastEvaluatedKey;
    } while (start && scanned < perBucket);
    reads.add(scanned);
    return start ? undefined : names;
  }));
  if (found.some((names) => names === undefined)) return undefined;
  const names = found.flat() as string[];
  return names.length <= PARTNER_VALUES_MAX ? names.sort() : undefined;
}

function indexDriver(kykId: string, plan: SearchPlan): Driver {
  const attribute = sortAttribute[plan.sort];
  const index = sortIndex[plan.sort];
  const range = plan.range ?? {};
  return {
    id: `i:${plan.sort}`,
    sources: SEARCH_BUCKETS,
    resolves: false,
    async query(bucket, start, limit) {
      const partition = searchPartition(kykId, bucket);
      const conditions = ['srch_pk = :pk'];
      const values: Record<string, unknown> = { ':pk': partition };
      if (range.from !== undefined && range.to !== undefined) {
        conditions.push('#s BETWEEN :from AND :to');
        Object.assign(values, { ':from': range.from, ':to': range.to });
      } else if (range.from !== undefined) {
        conditions.push('#s >= :from');
        values[':from'] = range.from;
      } else if (range.to !== undefined) {
        conditions.push('#s <= :to');
        values[':to'] = range.to;
      }
      const result = await db().send(new QueryCommand({
        TableName: table(),
        IndexName: index,
        KeyConditionExpression: conditions.join(' AND '),
        // DynamoDB refuses a name the expression does not use.
        ...(conditions.length > 1 ? { ExpressionAttributeNames: { '#s': attribute } } : {}),
        ExpressionAttributeValues: values,
        ScanIndexForward: plan.ascending,
        Limit: limit,
        ...(start ? { ExclusiveStartKey: { ...itemKey(kykId, start[1]), srch_pk: partition, [attribute]: start[0] } } : {}),
      }));
      const rows = (result.Items ?? []).map((item) => ({ value: item[attribute] as SortValue, id: String(item.id), item: item as ItemRecord }));
      const lastKey = result.LastEvaluatedKey;
      const last: Position = lastKey ? [lastKey[attribute] as SortValue, String(lastKey.pk).slice(itemKey(kykId, '').pk.length)] : 0;
      return { rows, last, scanned: result.ScannedCount ?? 0 };
    },
    async resolve(rows) {
      return rows.map((row) => row.item!);
    },
  };
}

type Cursor = Record<string, unknown>;

/**
 * The driver a plan reads (see the module's comment), rebuilt from the cursor on later pages (the
 * gram and partner names chosen by the first page). Undefined for a cursor that is not one of this
 * search's.
 */
async function driverFor(
  kykId: string, plan: SearchPlan, cursor: Cursor | undefined,
  reads: { maxReads: number; budget: { add: (count: number) => void }; beside: { add: (count: number) => void } },
): Promise<Driver | undefined> {
  let driver: Driver;
  if (plan.sort === 'name' && plan.name !== undefined && [...plan.name].length >= 2) {
    const name = plan.name;
    if (cursor) {
      const grams: unknown = cursor.g;
      const own = bigrams(name);
      if (!Array.isArray(grams) || grams.length < 1 || grams.length > GRAMS_RACED || !grams.every((gram) => typeof gram === 'string' && own.includes(gram))) return undefined;
      driver = gramDriver(kykId, plan, name, grams as string[]);
    } else {
      driver = gramDriver(kykId, plan, name, await gramsToRace(kykId, plan, name, reads.maxReads, reads.budget));
    }
  } else if (plan.sort === 'transaction_date' && plan.partner !== undefined) {
    const query = plan.partner;
    let partners: string[] | undefined;
    if (cursor?.d === 'p' || cursor?.d === 'pa') {
      const values: unknown = cursor.v;
      if (!Array.isArray(values) || values.length > PARTNER_VALUES_MAX || !values.every((value) => typeof value === 'string' && value.length <= 1024 && value.includes(query))) return undefined;
      partners = values as string[];
    } else if (!cursor) {
      partners = await partnerNamesContaining(kykId, query, reads.beside);
    }
    // An amount range over few bands reads only those (the bands follow from the plan, so a cursor need not carry them).
    const bands = plan.amount ? amountBands(plan.amount, TRANSACTION_AMOUNT_MAX) : undefined;
    driver = !partners ? indexDriver(kykId, plan)
      : bands && bands.length >= 1 && bands.length <= PARTNER_AMOUNT_BANDS_MAX ? partnerDriver(kykId, plan, partners, bands)
        : partnerDriver(kykId, plan, partners);
  } else {
    driver = indexDriver(kykId, plan);
  }
  if (cursor && cursor.d !== driver.id) return undefined;
  return driver;
}

const isSortValue = (value: unknown, sort: SearchSort, driver: Driver): value is SortValue =>
  sort === 'transaction_amount' && driver.id.startsWith('i:')
    ? typeof value === 'number' && Number.isFinite(value)
    : typeof value === 'string' && value.length > 0 && value.length <= 1024;

function decodePositions(cursor: Cursor, driver: Driver, sort: SearchSort): Position[] | undefined {
  if (!Array.isArray(cursor.p) || cursor.p.length !== driver.sources) return undefined;
  const positions: Position[] = [];
  for (const entry of cursor.p as unknown[]) {
    if (entry === null || entry === 0) {
      positions.push(entry);
      continue;
    }
    if (!Array.isArray(entry) || entry.length !== 2 || typeof entry[1] !== 'string' || !UUID.test(entry[1])) return undefined;
    const value: unknown = entry[0];
    if (!isSortValue(value, sort, driver)) return undefined;
    positions.push([value, entry[1]]);
  }
  return positions;
}

/** The last row the previous page took (a row met again in another partition is the same entry). */
function decodeLast(cursor: Cursor, driver: Driver, sort: SearchSort): [SortValue, string] | null | undefined {
  if (cursor.l === undefined) return null;
  const last: unknown = cursor.l;
  if (!Array.isArray(last) || last.length !== 2 || typeof last[1] !== 'string' || !UUID.test(last[1]) || !isSortValue(last[0], sort, driver)) return undefined;
  return [last[0], last[1]];
}

/**
 * One page of a search: the buckets of the driver read side by side (each as far as the merge
 * needs), merged in the order asked for, each candidate batch handed to `accept`, until the page is
 * full, every bucket is read to its end, or the read budget is spent. Undefined for a cursor that
 * is not one of this search's.
 */
export async function searchPage(kykId: string, options: SearchPageOptions): Promise<SearchPage | undefined> {
  let reads = 0;
  const counter = { add: (count: number) => { reads += count; } };
  // The partner names are read beside the budget (tiny items, bounded by PARTNER_NAMES_READ_MAX) and reported with the rest.
  let namesRead = 0;
  const cursor = options.cursor ? decodeCursor(options.cursor) : undefined;
  if (options.cursor && !cursor) return undefined;
  const driver = await driverFor(kykId, options.plan, cursor, { maxReads: options.maxReads, budget: counter, beside: { add: (count) => { namesRead += count; } } });
  if (!driver) return undefined;
  const direction = options.plan.ascending ? 1 : -1;
  let positions: Position[] = Array.from({ length: driver.sources }, () => null);
  let lastTaken: [SortValue, string] | null = null;
  if (cursor) {
    const decoded = decodePositions(cursor, driver, options.plan.sort);
    const last = decodeLast(cursor, driver, options.plan.sort);
    if (!decoded || last === undefined) return undefined;
    positions = decoded;
    lastTaken = last;
  }
  /** Rows read and not yet consumed, per bucket; `frontier`: where the bucket's reading stands. */
  const buffers: Row[][] = positions.map(() => []);
  const frontier: Position[] = [...positions];
  const accepted: ItemRecord[] = [];
  let capped = false;

  const order = (a: [SortValue, string], b: [SortValue, string]) => direction * compare(a, b);
  const readable = (bucket: number) => buffers[bucket]!.length === 0 && frontier[bucket] !== 0;
  // Each round reads four times as far as the one before (up to an eighth of the budget): a selective
  // search reaches its matches in a few round trips instead of many small ones.
  let round = 0;
  let rowsRead = 0;

  for (;;) {
    // Read every bucket whose rows ran out and that has more.
    const toRead = buffers.map((_, bucket) => bucket).filter(readable);
    if (toRead.length > 0) {
      // What is left of the budget, shared by the buckets to read (and, for the gram driver, their
      // entries). Rows read earlier and still waiting in the merge cost their entry read when taken:
      // room is kept for them, so the budget holds to the last read.
      const waiting = driver.resolves ? buffers.reduce((sum, rows) => sum + rows.length, 0) : 0;
      const share = Math.floor((options.maxReads - reads - waiting) / (toRead.length * (driver.resolves ? 2 : 1)));
      if (share < 1) {
        capped = true;
        break;
      }
      // At most an eighth of the budget per bucket and read: rows read ahead in one bucket wait for
      // the others (the merge), and those still waiting when the budget ends are read again by the
      // next call, so reading far ahead would spend the budget twice.
      const want = options.pageSize - accepted.length;
      const growing = (Math.ceil((want * 1.5) / driver.sources) + 5) * 4 ** round * (driver.filtered ? 2 : 1);
      // Once something was kept, the rows kept per row read so far size the next read: a selective
      // condition (an amount range filtered on the partner index) is then met in one more round trip
      // instead of several growing ones, and a loose one does not read far past the page.
      const kept = accepted.length > 0 ? accepted.length / rowsRead : 0;
      const sized = kept > 0 ? Math.ceil((want * 1.25) / kept / driver.sources) + 5 : growing;
      const limit = Math.min(sized, Math.ceil(options.maxReads / (2 * driver.sources)), share);
      round++;
      const results = await Promise.all(toRead.map((bucket) => driver.query(bucket, frontier[bucket]!, limit).catch((error: unknown) => {
        // A start key from a forged cursor that slipped past the checks: refuse the cursor.
        if (options.cursor && error instanceof Error && error.name === 'ValidationException') return undefined;
        throw error;
      })));
      if (results.some((result) => result === undefined)) return undefined;
      toRead.forEach((bucket, index) => {
        const result = results[index]!;
        reads += result.scanned;
        rowsRead += result.scanned;
        buffers[bucket]!.push(...result.rows);
        frontier[bucket] = result.last;
      });
    }
    // Merge: take rows in order while no bucket with unread rows could hold an earlier one.
    const want = options.pageSize - accepted.length;
    const batch: { bucket: number; row: Row; again?: true }[] = [];
    while (batch.length < want) {
      let best = -1;
      for (let bucket = 0; bucket < driver.sources; bucket++) {
        const head = buffers[bucket]![0];
        if (head && (best < 0 || order([head.value, head.id], [buffers[best]![0]!.value, buffers[best]![0]!.id]) < 0)) best = bucket;
      }
      if (best < 0) break;
      const head = buffers[best]![0]!;
      const blocked = buffers.some((rows, bucket) => {
        if (rows.length > 0 || frontier[bucket] === 0) return false;
        const edge = frontier[bucket] as [SortValue, string] | null;
        // A bucket not read yet, or read up to a point not past this row, may still hold an earlier row.
        return edge === null || order(edge, [head.value, head.id]) <= 0 || edge[0] === head.value;
      });
      if (blocked) break;
      buffers[best]!.shift();
      // The same entry under two partner names comes twice in a row of the merge: taken once.
      const again = lastTaken !== null && compare(lastTaken, [head.value, head.id]) === 0;
      batch.push({ bucket: best, row: head, ...(again ? { again } : {}) });
      lastTaken = [head.value, head.id];
    }
    if (batch.length > 0) {
      const fresh = batch.filter((entry) => !entry.again).map((entry) => entry.row);
      if (fresh.length > 0) {
        const items = await driver.resolve(fresh, counter);
        accepted.push(...await options.accept(items, counter));
      }
      for (const { bucket, row } of batch) positions[bucket] = [row.value, row.id];
    }
    const exhausted = buffers.every((rows, bucket) => rows.length === 0 && frontier[bucket] === 0);
    if (accepted.length >= options.pageSize || exhausted) break;
    if (batch.length === 0 && buffers.map((_, bucket) => bucket).filter(readable).length === 0) break;
  }
  // Each bucket's position: after the last row consumed; a bucket whose read rows were all consumed stands at its frontier.
  for (let bucket = 0; bucket < driver.sources; bucket++) if (buffers[bucket]!.length === 0) positions[bucket] = frontier[bucket]!;
  const done = positions.every((position) => position === 0);
  return {
    items: accepted,
    nextCursor: done ? null : encodeCursor({ d: driver.id, p: positions, ...driver.cursorExtra, ...(lastTaken ? { l: lastTaken } : {}) }),
    reads: reads + namesRead,
    capped,
  };
}

/** The search form of a name condition (what the grams and the match use). */
export { searchForm };
