import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { auditDayPartition, auditItemPartition, auditUserPartition } from '#lib/audit.ts';
import { db } from '#lib/clients.ts';
import { config } from '#lib/config.ts';

/**
 * Reading the audit log (the records functions/lib/audit.ts writes; docs/operations.md "Read the
 * audit log"). Every read is a key-condition query on the audit table, newest first:
 * - by time: the day partitions `T#<kyk>#AUDIT#<day>` from the range's last day back to its first,
 *   each with `sk BETWEEN <since> AND <bound>`;
 * - by acting user: gsi1 `T#<kyk>#AUDIT#USER#<user>` with the same range on gsi1sk;
 * - by item: gsi2 `T#<kyk>#AUDIT#ITEM#<type>#<id>` (a user filter then rides along as a filter).
 * The action prefix and the kind (sign-ins or other changes) are filter expressions: a page reads at
 * most READ_BUDGET records, and answers what it matched with a cursor to go on from.
 *
 * The cursor is a position (`<ISO time>#<uuid>`, or `<day>T23:59:59.999Z~` for "that day, from its
 * end"): the next page reads the range up to it, inclusive, and leaves out the record at it.
 */
export interface AuditQuery {
  kykId: string;
  /** ISO instants: from (inclusive), to (exclusive). */
  since: string;
  until: string;
  userId?: string;
  action?: string;
  target?: { type: string; id: string };
  kind: 'all' | 'changes' | 'signin';
  pageSize: number;
  /** A position from an earlier page (checked with isAuditPosition). */
  after?: string;
}

export interface StoredAuditRecord {
  sk: string;
  at: string;
  user_id: string;
  user_nm: string;
  action: string;
  target_type: string;
  target_id: string;
  /** The item's name at the time (records before it was kept have none: the log resolves it on read). */
  target_nm: string | null;
  before: unknown;
  after: unknown;
  source_ip: string;
  request_id: string;
}

/** Records one call reads at most (those a filter drops count too). */
export const READ_BUDGET = 1000;

const POSITION = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z(#[0-9a-f-]{36}|~)$/;
export const isAuditPosition = (value: unknown): value is string => typeof value === 'string' && POSITION.test(value);

const SIGNIN_TARGET = 'signin';
const DAY_MS = 86_400_000;
const endOfDay = (day: string): string => `${day}T23:59:59.999Z~`;
const previousDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00.000Z`) - DAY_MS).toISOString().slice(0, 10);

function filterOf(query: AuditQuery, userFilter: boolean): Pick<QueryCommandInput, 'FilterExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'> {
  const parts: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (query.action) {
    parts.push('begins_with(#action, :action)');
    names['#action'] = 'action';
    values[':action'] = query.action;
  }
  if (query.kind !== 'all') {
    parts.push(query.kind === 'signin' ? 'target_type = :signin' : 'target_type <> :signin');
    values[':signin'] = SIGNIN_TARGET;
  }
  if (userFilter && query.userId) {
    parts.push('user_id = :user');
    values[':user'] = query.userId;
  }
  return parts.length
    ? { FilterExpression: parts.join(' AND '), ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}), ExpressionAttributeValues: values }
    : {};
}

const toRecord = (item: Record<string, unknown>): StoredAuditRecord => ({
  sk: String(item.sk), at: String(item.at), user_id: String(item.user_id), user_nm: String(item.user_nm ?? ''),
  action: String(item.action), target_type: String(item.target_type), target_id: String(item.target_id),
  target_nm: typeof item.target_nm === 'string' ? item.target_nm : null,
  before: item.before ?? null, after: item.after ?? null, source_ip: String(item.source_ip ?? ''), request_id: String(item.request_id ?? ''),
});

/**
 * One page of records, newest first, and where the next starts (null: the range is read). A page
 * may hold fewer than pageSize records and still have a next one, when a filter dropped many.
 */
export async function queryAuditLog(query: AuditQuery): Promise<{ records: StoredAuditRecord[]; next: string | null }> {
  const since = new Date(query.since).toISOString();
  // The upper bound, inclusive: just below `until` (exclusive), or the cursor's position.
  const untilBound = new Date(Date.parse(query.until) - 1).toISOString() + '~';
  const bound = query.after !== undefined && query.after < untilBound ? query.after : untilBound;
  const records: StoredAuditRecord[] = [];
  let read = 0;

  // Reads one partition (the day's, or an index's) from `upper` down to `since`.
  const readPartition = async (key: { index?: 'gsi1' | 'gsi2'; pk: string }, upper: string, userFilter: boolean): Promise<string | null> => {
    const pkName = key.index ? `${key.index}pk` : 'pk';
    const skName = key.index ? `${key.index}sk` : 'sk';
    const filter = filterOf(query, userFilter);
    let startKey: Record<string, unknown> | undefined;
    let last: string | null = null;
    do {
      const { Items = [], LastEvaluatedKey, ScannedCount = 0 } = await db().send(new QueryCommand({
        TableName: config.auditTableName,
        ...(key.index ? { IndexName: key.index } : {}),
        KeyConditionExpression: `${pkName} = :pk AND ${skName} BETWEEN :since AND :upper`,
        ...filter,
        ExpressionAttributeValues: { ...filter.ExpressionAttributeValues, ':pk': key.pk, ':since': since, ':upper': upper },
        ScanIndexForward: false,
        Limit: Math.min(READ_BUDGET - read, query.pageSize - records.length + 1),
        ExclusiveStartKey: startKey,
      }));
      for (const item of Items) {
        if (item.sk === query.after) continue;
        if (records.length === query.pageSize) return last;
        records.push(toRecord(item));
        last = String(item.sk);
      }
      read += ScannedCount;
      startKey = LastEvaluatedKey;
      // Out of budget in the middle of the partition: go on from the last record evaluated.
      if (startKey && read >= READ_BUDGET) return String(startKey[skName]);
    } while (startKey);
    return null;
  };

  if (query.target) {
    const next = await readPartition({ index: 'gsi2', pk: auditItemPartition(query.kykId, query.target.type, query.target.id) }, bound, true);
    return { records, next };
  }
  if (query.userId) {
    const next = await readPartition({ index: 'gsi1', pk: auditUserPartition(query.kykId, query.userId) }, bound, false);
    return { records, next };
  }
  const firstDay = since.slice(0, 10);
  for (let day = bound.slice(0, 10), upper = bound; day >= firstDay; day = previousDay(day), upper = endOfDay(day)) {
    const next = await readPartition({ pk: auditDayPartition(query.kykId, day) }, upper, false);
    if (next !== null) return { records, next };
    if (day > firstDay && (records.length === query.pageSize || read >= READ_BUDGET)) return { records, next: endOfDay(previousDay(day)) };
  }
  return { records, next: null };
}
