import { randomUUID } from 'node:crypto';
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { AccessAction } from '#shared/schemas/drive-usage.ts';
import { db } from '#lib/clients.ts';
import { batchWrite, type WriteRequest } from '#lib/data/batch.ts';
import { epochSeconds, table, tenantPrefix } from '#lib/data/table.ts';

/**
 * The drive's access log (docs/drive.md "Access log"): who opened, downloaded, uploaded, changed,
 * moved, trashed, restored or deleted which entry, and when. Apart from the audit log (that one
 * records administrative changes with before and after, in their transactions); an access event is
 * written after the action succeeded, in one BatchWrite per call.
 *
 * Each event is two items, so that every filter is one key condition, newest first:
 * - the event: `T#<kyk>#ALOG#MON#<month>` / `<time>#<event>` (the contract by month: a year is at
 *   most 13 partitions to read, whatever the traffic; day partitions cost a query per empty day),
 *   on gsi1 `T#<kyk>#ALOG#USER#<user>` (by user: their events, and the anonymous downloads through
 *   their share links, `link_creator_id`) and on gsi2 `T#<kyk>#ALOG#ITEM#<item>` (by entry);
 * - its action copy: `T#<kyk>#ALOG#ACT#<action>#<month>` (by action), on gsi1
 *   `T#<kyk>#ALOG#UACT#<user>#<action>` (by user and action).
 * A filter by entry together with a user or an action reads the entry's events (FilterExpression),
 * at most `FILTERED_READ_BUDGET` items a call. Both items expire by TTL after
 * `ACCESS_LOG_RETENTION_DAYS`; reads never reach further back than that, so an item DynamoDB has
 * not yet removed is never shown.
 */
export const ACCESS_LOG_RETENTION_DAYS = 365;
const DAY_SECONDS = 86_400;
/** Month partitions read at once while a page is not full (a year is at most 13 of them). */
const MONTHS_AT_ONCE = 4;
/** Items a filtered read of an entry's events evaluates at most per call. */
export const FILTERED_READ_BUDGET = 1000;

export interface AccessEvent {
  id: string;
  kyk_id: string;
  at: string;
  user_id: string;
  user_nm: string;
  action: AccessAction;
  item_id: string;
  item_type: 'file' | 'folder';
  item_name: string;
  /** Bytes of a file at the event (null for folders). */
  size: number | null;
  /** What else the event says: the former name of a rename, the destination folder of a move, the tags set. */
  detail: string | null;
  /** A download through a share link: the link (the downloader is anonymous: `user_id` and `user_nm` are empty). */
  link_id?: string | null;
  /** Whose link it is: the event is theirs to read (their user partitions hold it), not theirs as the actor. */
  link_creator_id?: string | null;
}

const alog = (kykId: string) => `${tenantPrefix(kykId)}#ALOG`;
const monthOf = (iso: string) => iso.slice(0, 7);

/** The event item's keys: the contract's month, the user's and the entry's partitions. */
export const accessEventKeys = (kykId: string, at: string, eventId: string, userId: string, itemId: string) => ({
  pk: `${alog(kykId)}#MON#${monthOf(at)}`,
  sk: `${at}#${eventId}`,
  gsi1pk: `${alog(kykId)}#USER#${userId}`,
  gsi1sk: `${at}#${eventId}`,
  gsi2pk: `${alog(kykId)}#ITEM#${itemId}`,
  gsi2sk: `${at}#${eventId}`,
});

/** The action copy's keys: the action's month partition, and the user's partition per action. */
export const accessActionKeys = (kykId: string, at: string, eventId: string, userId: string, action: string) => ({
  pk: `${alog(kykId)}#ACT#${action}#${monthOf(at)}`,
  sk: `${at}#${eventId}`,
  gsi1pk: `${alog(kykId)}#UACT#${userId}#${action}`,
  gsi1sk: `${at}#${eventId}`,
});

export type NewAccessEvent = Omit<AccessEvent, 'id' | 'at'> & { at?: string };

/** Whose event it is to read: the actor's, or for an anonymous download through a link its creator's. */
export const eventOwner = (event: Pick<AccessEvent, 'user_id' | 'link_creator_id'>): string => event.link_creator_id ?? event.user_id;

/** Writes events (two items each) in BatchWrites of 25. */
export async function writeAccessEvents(events: NewAccessEvent[], now = new Date()): Promise<AccessEvent[]> {
  const written: AccessEvent[] = events.map((event) => ({ ...event, id: randomUUID(), at: event.at ?? now.toISOString() }));
  const requests: WriteRequest[] = written.flatMap((event) => {
    const ttl = epochSeconds(new Date(event.at)) + ACCESS_LOG_RETENTION_DAYS * DAY_SECONDS;
    return [
      { PutRequest: { Item: { ...accessEventKeys(event.kyk_id, event.at, event.id, eventOwner(event), event.item_id), type: 'access-event', ...event, ttl } } },
      { PutRequest: { Item: { ...accessActionKeys(event.kyk_id, event.at, event.id, eventOwner(event), event.action), type: 'access-event-copy', ...event, ttl } } },
    ];
  });
  await batchWrite(requests);
  return written;
}

export interface AccessQuery {
  userId?: string;
  action?: AccessAction;
  itemId?: string;
  /** Inclusive lower bound (ISO instant). */
  from?: string;
  /** Exclusive upper bound (ISO instant): a cursor's last sort key, or the range's end. */
  before?: string;
  pageSize: number;
}

export interface AccessPage {
  events: AccessEvent[];
  /** The exclusive upper bound of the next page (a sort key or an instant); null at the end. */
  next: string | null;
}

const EVENT_FIELDS = ['id', 'kyk_id', 'at', 'user_id', 'user_nm', 'action', 'item_id', 'item_type', 'item_name', 'size', 'detail', 'link_id', 'link_creator_id'] as const;
const toEvent = (item: Record<string, unknown>): AccessEvent =>
  Object.fromEntries(EVENT_FIELDS.map((field) => [field, item[field] ?? null])) as unknown as AccessEvent;

/** The oldest instant a read may reach: the retention, whatever the TTL sweep has not yet removed. */
export const retentionStart = (now = new Date()): string => new Date(now.getTime() - ACCESS_LOG_RETENTION_DAYS * DAY_SECONDS * 1000).toISOString();

/**
 * One page of a contract's access events, newest first, by key condition only (see the module's
 * comment for the partition each filter reads). `before` is exclusive, `from` inclusive.
 */
export async function listAccessEvents(kykId: string, query: AccessQuery, now = new Date()): Promise<AccessPage> {
  const lower = [query.from, retentionStart(now)].filter((bound): bound is string => bound !== undefined).sort().at(-1)!;
  const upper = query.before ?? new Date(now.getTime() + 60_000).toISOString();
  if (upper <= lower) return { events: [], next: null };
  if (query.itemId !== undefined) {
    const filters: string[] = [];
    const values: Record<string, unknown> = {};
    // The user's partitions hold their events and the downloads through their links: the filter reads the same.
    if (query.userId !== undefined) { filters.push('(user_id = :user OR link_creator_id = :user)'); values[':user'] = query.userId; }
    if (query.action !== undefined) { filters.push('#action = :action'); values[':action'] = query.action; }
    return readPartition({
      IndexName: 'gsi2', pkName: 'gsi2pk', skName: 'gsi2sk', partition: `${alog(kykId)}#ITEM#${query.itemId}`,
      ...(filters.length ? { filter: filters.join(' AND '), values, names: query.action !== undefined ? { '#action': 'action' } : undefined } : {}),
    }, lower, upper, query.pageSize);
  }
  if (query.userId !== undefined) {
    const partition = query.action !== undefined ? `${alog(kykId)}#UACT#${query.userId}#${query.action}` : `${alog(kykId)}#USER#${query.userId}`;
    return readPartition({ IndexName: 'gsi1', pkName: 'gsi1pk', skName: 'gsi1sk', partition }, lower, upper, query.pageSize);
  }
  const monthPartition = (month: string) => (query.action !== undefined ? `${alog(kykId)}#ACT#${query.action}#${month}` : `${alog(kykId)}#MON#${month}`);
  return readMonths(monthPartition, lower, upper, query.pageSize);
}

/**
 * One page of an entry's events of some actions (its activity), newest first: the entry's partition
 * (gsi2) with the actions, and a user's own events (theirs, or through their links), as a filter, so
 * a page reads at most FILTERED_READ_BUDGET items and `next` says where it stopped.
 */
export async function listEntryEvents(
  kykId: string, itemId: string, query: { actions: readonly AccessAction[]; userId?: string; before?: string; pageSize: number }, now = new Date(),
): Promise<AccessPage> {
  const lower = retentionStart(now);
  const upper = query.before ?? new Date(now.getTime() + 60_000).toISOString();
  if (upper <= lower || query.actions.length === 0) return { events: [], next: null };
  const values: Record<string, unknown> = Object.fromEntries(query.actions.map((action, index) => [`:a${index}`, action]));
  const filters = [`#action IN (${query.actions.map((_, index) => `:a${index}`).join(', ')})`];
  if (query.userId !== undefined) { filters.push('(user_id = :user OR link_creator_id = :user)'); values[':user'] = query.userId; }
  return readPartition({
    IndexName: 'gsi2', pkName: 'gsi2pk', skName: 'gsi2sk', partition: `${alog(kykId)}#ITEM#${itemId}`,
    filter: filters.join(' AND '), values, names: { '#action': 'action' },
  }, lower, upper, query.pageSize);
}

interface PartitionRead {
  IndexName?: string;
  pkName: string;
  skName: string;
  partition: string;
  filter?: string;
  values?: Record<string, unknown>;
  names?: Record<string, string>;
}

/** The key condition of a read between `lower` (inclusive) and `upper` (exclusive: dropped if it is a key). */
const rangeInput = (read: PartitionRead, lower: string, upper: string, limit: number): QueryCommandInput => ({
  TableName: table(),
  ...(read.IndexName ? { IndexName: read.IndexName } : {}),
  KeyConditionExpression: `${read.pkName} = :pk AND ${read.skName} BETWEEN :lower AND :upper`,
  ...(read.filter ? { FilterExpression: read.filter } : {}),
  ...(read.names ? { ExpressionAttributeNames: read.names } : {}),
  ExpressionAttributeValues: { ':pk': read.partition, ':lower': lower, ':upper': upper, ...read.values },
  ScanIndexForward: false,
  Limit: limit,
});

/** One partition, newest first: a page, or (filtered) what the read budget found, with where to go on. */
async function readPartition(read: PartitionRead, lower: string, upper: string, pageSize: number): Promise<AccessPage> {
  const events: AccessEvent[] = [];
  let evaluated = 0;
  let startKey: Record<string, unknown> | undefined;
  let lastSeen: string | undefined;
  do {
    const { Items = [], LastEvaluatedKey, ScannedCount = 0 } = await db().send(new QueryCommand({
      ...rangeInput(read, lower, upper, read.filter ? Math.min(FILTERED_READ_BUDGET - evaluated, 200) : pageSize + 1),
      ExclusiveStartKey: startKey,
    }));
    evaluated += ScannedCount;
    for (const item of Items) {
      const key = String(item[read.skName]);
      if (key === upper) continue;
      if (events.length === pageSize) return { events, next: lastSeen! };
      events.push(toEvent(item));
      lastSeen = key;
    }
    startKey = LastEvaluatedKey;
    if (startKey) lastSeen = String(startKey[read.skName]);
    if (read.filter && evaluated >= FILTERED_READ_BUDGET && startKey) {
      // The budget is spent: the page so far, and the next call goes on below the last item read.
      return { events, next: lastSeen ?? null };
    }
  } while (startKey && events.length < pageSize);
  return { events, next: startKey ? lastSeen ?? null : null };
}

const previousMonth = (month: string): string => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
};

/**
 * Month partitions from the one holding `upper` back to the one holding `lower`, a few at a time,
 * until the page is full: the next page then starts below its last event. At most 13 months for a
 * year, so an empty log costs a handful of queries.
 */
async function readMonths(partitionOf: (month: string) => string, lower: string, upper: string, pageSize: number): Promise<AccessPage> {
  const events: AccessEvent[] = [];
  const lastMonth = monthOf(lower);
  const continueBelow = () => ({ events, next: `${events.at(-1)!.at}#${events.at(-1)!.id}` });
  for (let month = monthOf(upper); events.length < pageSize && month >= lastMonth;) {
    const months: string[] = [];
    for (let next = month; months.length < MONTHS_AT_ONCE && next >= lastMonth; next = previousMonth(next)) months.push(next);
    const wanted = pageSize - events.length;
    const pages = await Promise.all(months.map((one) => readPartition({ pkName: 'pk', skName: 'sk', partition: partitionOf(one) }, lower, upper, wanted)));
    for (const page of pages) {
      for (const event of page.events) {
        if (events.length === pageSize) return continueBelow();
        events.push(event);
      }
      // This month holds more than the page: the page is full, and the next one starts below its last event.
      if (page.next !== null) return continueBelow();
    }
    month = previousMonth(months.at(-1)!);
  }
  // A full page may be the last one: the next call then answers empty.
  return events.length === pageSize ? continueBelow() : { events, next: null };
}

/** The sort key of an access event or an instant: what a cursor may carry. */
export const ACCESS_BOUND_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z(#[0-9a-f-]{36})?$/;

