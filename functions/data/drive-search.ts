import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '#lib/clients.ts';
import { batchGet } from '#lib/data/batch.ts';
import { decodeCursor, encodeCursor, table } from '#lib/data/table.ts';
import { itemKey, type ItemRecord } from './drive-items.ts';
import { bigrams, gramPartition, SEARCH_BUCKETS, searchForm, searchPartition } from './drive-search-keys.ts';

/**
 * The drive search's reads (docs/drive.md "Search"; keys in drive-search-keys.ts). A search walks
 * one ordered source, the "driver", in the order asked for:
 * - by name with a name condition of two characters or more: the gram partitions of the query's
 *   first bigram (filtered on the whole query, so only true matches come back), then one batch read
 *   of the matched entries;
 * - otherwise the search GSI of the sort (`srch-name`, `srch-upd`, `srch-txd`, `srch-amt`), with a
 *   key condition on the range when the sort field carries one (date range on `srch-txd`, amount
 *   range on `srch-amt`); the GSIs project every attribute, so no second read.
 * Each source is SEARCH_BUCKETS partitions read side by side and merged. Every read counts toward a
 * budget (`maxReads`); when it runs out before the page is full the page ends there with a cursor
 * that carries each bucket's position. Conditions other than the driver's key condition are checked
 * on the items read (`SearchPredicate`), and so are trash, scope and permissions (the caller's
 * `accept`), so the key condition is an optimisation and never the rule.
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
}

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
  query: (bucket: number, start: Position, limit: number) => Promise<{ rows: Row[]; last: Position; scanned: number }>;
  /** Whether each row costs one more read (its entry) after the index: the index reads leave room for it. */
  resolves: boolean;
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

function gramDriver(kykId: string, plan: SearchPlan, name: string): Driver {
  const gram = bigrams(name)[0]!;
  return {
    id: `g:${gram}`,
    resolves: true,
    async query(bucket, start, limit) {
      const partition = gramPartition(kykId, gram, bucket);
      const result = await db().send(new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk',
        // The other grams of the query, checked where the items are read: only true matches come back.
        FilterExpression: 'contains(nm, :q)',
        ExpressionAttributeValues: { ':pk': partition, ':q': name },
        ScanIndexForward: plan.ascending,
        Limit: limit,
        ...(start ? { ExclusiveStartKey: { pk: partition, sk: `${String(start[0])}#${start[1]}` } } : {}),
      }));
      const rows = (result.Items ?? []).map((item) => {
        const sk = String(item.sk);
        return { value: sk.slice(0, sk.lastIndexOf('#')), id: String(item.item_id) };
      });
      const lastKey = result.LastEvaluatedKey;
      const last: Position = lastKey ? [String(lastKey.sk).slice(0, String(lastKey.sk).lastIndexOf('#')), String(lastKey.sk).slice(String(lastKey.sk).lastIndexOf('#') + 1)] : 0;
      return { rows, last, scanned: result.ScannedCount ?? 0 };
    },
    async resolve(rows, reads) {
      const found = await batchGet<ItemRecord>(rows.map((row) => itemKey(kykId, row.id)), { consistent: false });
      reads.add(rows.length);
      const byId = new Map(found.map((item) => [item.id, item]));
      return rows.map((row) => byId.get(row.id)).filter((item): item is ItemRecord => item !== undefined);
    },
  };
}

function indexDriver(kykId: string, plan: SearchPlan): Driver {
  const attribute = sortAttribute[plan.sort];
  const index = sortIndex[plan.sort];
  const range = plan.range ?? {};
  return {
    id: `i:${plan.sort}`,
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

/** The driver a plan reads: the gram partitions for a name search by name, else the sort's GSI. */
function driverFor(kykId: string, plan: SearchPlan): Driver {
  if (plan.sort === 'name' && plan.name !== undefined && [...plan.name].length >= 2) return gramDriver(kykId, plan, plan.name);
  return indexDriver(kykId, plan);
}

function decodePositions(cursor: string, driverId: string, sort: SearchSort): Position[] | undefined {
  const decoded = decodeCursor(cursor);
  if (!decoded || decoded.d !== driverId || !Array.isArray(decoded.p) || decoded.p.length !== SEARCH_BUCKETS) return undefined;
  const positions: Position[] = [];
  for (const entry of decoded.p as unknown[]) {
    if (entry === null || entry === 0) {
      positions.push(entry);
      continue;
    }
    if (!Array.isArray(entry) || entry.length !== 2 || typeof entry[1] !== 'string' || !UUID.test(entry[1])) return undefined;
    const value: unknown = entry[0];
    const typeOk = sort === 'transaction_amount' && !driverId.startsWith('g:') ? typeof value === 'number' && Number.isFinite(value) : typeof value === 'string' && value.length > 0 && value.length <= 1024;
    if (!typeOk) return undefined;
    positions.push([value as SortValue, entry[1]]);
  }
  return positions;
}

/**
 * One page of a search: the buckets of the driver read side by side (each as far as the merge
 * needs), merged in the order asked for, each candidate batch handed to `accept`, until the page is
 * full, every bucket is read to its end, or the read budget is spent. Undefined for a cursor that
 * is not one of this search's.
 */
export async function searchPage(kykId: string, options: SearchPageOptions): Promise<SearchPage | undefined> {
  const driver = driverFor(kykId, options.plan);
  const direction = options.plan.ascending ? 1 : -1;
  let positions: Position[] = Array.from({ length: SEARCH_BUCKETS }, () => null);
  if (options.cursor) {
    const decoded = decodePositions(options.cursor, driver.id, options.plan.sort);
    if (!decoded) return undefined;
    positions = decoded;
  }
  let reads = 0;
  const counter = { add: (count: number) => { reads += count; } };
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

  for (;;) {
    // Read every bucket whose rows ran out and that has more.
    const toRead = buffers.map((_, bucket) => bucket).filter(readable);
    if (toRead.length > 0) {
      // What is left of the budget, shared by the buckets to read (and, for the gram driver, their entries).
      const share = Math.floor((options.maxReads - reads) / (toRead.length * (driver.resolves ? 2 : 1)));
      if (share < 1) {
        capped = true;
        break;
      }
      // At most an eighth of the budget per bucket and read: rows read ahead in one bucket wait for
      // the others (the merge), and those still waiting when the budget ends are read again by the
      // next call, so reading far ahead would spend the budget twice.
      const want = options.pageSize - accepted.length;
      const limit = Math.min((Math.ceil((want * 1.5) / SEARCH_BUCKETS) + 5) * 4 ** round, Math.ceil(options.maxReads / (2 * SEARCH_BUCKETS)), share);
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
        buffers[bucket]!.push(...result.rows);
        frontier[bucket] = result.last;
      });
    }
    // Merge: take rows in order while no bucket with unread rows could hold an earlier one.
    const want = options.pageSize - accepted.length;
    const batch: { bucket: number; row: Row }[] = [];
    while (batch.length < want) {
      let best = -1;
      for (let bucket = 0; bucket < SEARCH_BUCKETS; bucket++) {
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
      batch.push({ bucket: best, row: head });
    }
    if (batch.length > 0) {
      const items = await driver.resolve(batch.map((entry) => entry.row), counter);
      accepted.push(...await options.accept(items, counter));
      for (const { bucket, row } of batch) positions[bucket] = [row.value, row.id];
    }
    const exhausted = buffers.every((rows, bucket) => rows.length === 0 && frontier[bucket] === 0);
    if (accepted.length >= options.pageSize || exhausted) break;
    if (batch.length === 0 && buffers.map((_, bucket) => bucket).filter(readable).length === 0) break;
  }
  // Each bucket's position: after the last row consumed; a bucket whose read rows were all consumed stands at its frontier.
  for (let bucket = 0; bucket < SEARCH_BUCKETS; bucket++) if (buffers[bucket]!.length === 0) positions[bucket] = frontier[bucket]!;
  const done = positions.every((position) => position === 0);
  return {
    items: accepted,
    nextCursor: done ? null : encodeCursor({ d: driver.id, p: positions }),
    reads,
    capped,
  };
}

/** The search form of a name condition (what the grams and the match use). */
export { searchForm };
