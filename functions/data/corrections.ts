import { randomBytes } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { CorrectionKind, CorrectionRecordView } from '#shared/schemas/bookkeeping.ts';
import type { DocumentSnapshot } from '#shared/schemas/bookkeeping-fields.ts';
import { db } from '#lib/clients.ts';
import { decodeCursor, encodeCursor, table, tenantPrefix, type Keys } from '#lib/data/table.ts';
import type { LabelledItem } from '#lib/data/transact.ts';
import { queryAll } from '#lib/data/query.ts';
import { itemKey, type ItemRecord } from './drive-items.ts';

/**
 * The correction and deletion history of bookkeeping documents (通達 10-2, docs/e-bookkeeping.md):
 * for every correction, logical deletion, restore and purge of a file of a legal style, the date,
 * the person, the reason and the content before and after. Written in the same transaction as the
 * change it records, never changed afterwards, and never expired (no TTL: it outlives the audit
 * log's retention and even the purged document). Access patterns (functions/lib/data/README.md):
 * - one document's history, newest first: base table, the file's own partition
 *   `T#<kyk>#ITEM#<file>` / `FIX#<date>#<id>` (beside its versions; kept when the file is purged);
 * - the contract's history by date (a range, newest first): gsi1 `T#<kyk>#FIXES` / `<date>#<id>`.
 *   Corrections are rare writes (people correcting documents), so one partition per contract holds them.
 */
export interface CorrectionRecord extends CorrectionRecordView {
  kyk_id: string;
}

/** The user id the system's own steps are recorded under (a purge keeping a retained document). */
export const SYSTEM_USER = 'system';

const fixesPartition = (kykId: string) => `${tenantPrefix(kykId)}#FIXES`;

export const correctionKey = (kykId: string, itemId: string, date: string, id: string): Keys => ({ pk: itemKey(kykId, itemId).pk, sk: `FIX#${date}#${id}` });
export const correctionListingKeys = (kykId: string, date: string, id: string) => ({ gsi1pk: fixesPartition(kykId), gsi1sk: `${date}#${id}` });

/** What a file of a legal style looks like at this moment, for the record's before and after. */
export const snapshotOf = (item: ItemRecord, sha256?: string): DocumentSnapshot => ({
  name: item.name,
  version: item.version,
  document_style: item.document_style ?? 'general',
  ...(item.transaction_date !== undefined ? { transaction_date: item.transaction_date } : {}),
  ...(item.transaction_amount !== undefined ? { transaction_amount: item.transaction_amount } : {}),
  ...(item.recipient !== undefined ? { recipient: item.recipient } : {}),
  ...(item.provider !== undefined ? { provider: item.provider } : {}),
  ...(item.invoice_number !== undefined ? { invoice_number: item.invoice_number } : {}),
  ...(item.scanner_grade !== undefined ? { scanner_grade: item.scanner_grade } : {}),
  ...(item.paper_size !== undefined ? { paper_size: item.paper_size } : {}),
  ...(item.received_date !== undefined ? { received_date: item.received_date } : {}),
  ...(item.properties !== undefined && Object.keys(item.properties).length ? { properties: item.properties } : {}),
  ...(item.size !== null ? { size: item.size } : {}),
  ...(sha256 ? { sha256 } : {}),
});

export interface CorrectionInput {
  kind: CorrectionKind;
  item: ItemRecord;
  userId: string;
  date: string;
  reason: string | null;
  before: DocumentSnapshot | null;
  after: DocumentSnapshot | null;
  /** A record a job may write again after a hand-over: the same id, so its second write is refused. */
  id?: string;
  /** A confirmation of read values: where each came from. */
  sources?: CorrectionRecordView['sources'];
}

/** The record of one change, as a write of the transaction that makes the change. */
export function correctionPut(input: CorrectionInput): LabelledItem {
  const id = input.id ?? randomBytes(6).toString('hex');
  const record: CorrectionRecord = {
    kyk_id: input.item.kyk_id,
    correction_id: id,
    item_id: input.item.id,
    item_name: input.after?.name ?? input.before?.name ?? input.item.name,
    kind: input.kind,
    date: input.date,
    user_id: input.userId,
    reason: input.reason,
    before: input.before,
    after: input.after,
    ...(input.item.retention_until ? { retention_until: input.item.retention_until } : {}),
    ...(input.sources ? { sources: input.sources } : {}),
  };
  return {
    label: 'correction',
    Put: {
      TableName: table(),
      Item: { ...correctionKey(record.kyk_id, record.item_id, record.date, id), ...correctionListingKeys(record.kyk_id, record.date, id), type: 'correction', ...record },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

const strip = (item: Record<string, unknown>): CorrectionRecordView => {
  const { pk: _pk, sk: _sk, gsi1pk: _gpk, gsi1sk: _gsk, type: _type, kyk_id: _kyk, ...view } = item;
  return view as unknown as CorrectionRecordView;
};

export interface CorrectionPage {
  records: CorrectionRecordView[];
  nextCursor: string | null;
}

const START_MARK = '';
const END_MARK = '~';

/**
 * One page of the contract's history, newest first, by key condition on the date range (whole
 * days, UTC ISO bounds the caller computed); `user` and `kinds` filter what the page read, so a
 * page may hold fewer than asked while the cursor goes on. The cursor carries the last sort key only.
 */
export async function listCorrections(
  kykId: string,
  options: { from: string; to: string; pageSize: number; cursor?: string; userId?: string; kinds?: CorrectionKind[] },
): Promise<CorrectionPage | undefined> {
  let startKey: Record<string, unknown> | undefined;
  if (options.cursor) {
    const decoded = decodeCursor(options.cursor);
    const match = typeof decoded?.s === 'string' && typeof decoded.i === 'string' ? /^([0-9TZ:.-]{20,30})#([0-9a-f]{12})$/.exec(decoded.s) : null;
    if (!match || !/^[0-9a-f-]{36}$/.test(String(decoded!.i))) return undefined;
    startKey = { ...correctionKey(kykId, String(decoded!.i), match[1]!, match[2]!), gsi1pk: fixesPartition(kykId), gsi1sk: decoded!.s };
  }
  const filters: string[] = [];
  const values: Record<string, unknown> = { ':pk': fixesPartition(kykId), ':from': `${options.from}${START_MARK}`, ':to': `${options.to}${END_MARK}` };
  const names: Record<string, string> = {};
  if (options.userId) {
    filters.push('user_id = :user');
    values[':user'] = options.userId;
  }
  if (options.kinds?.length) {
    filters.push(`#kind IN (${options.kinds.map((_, index) => `:k${index}`).join(', ')})`);
    options.kinds.forEach((kind, index) => { values[`:k${index}`] = kind; });
    names['#kind'] = 'kind';
  }
  const { Items = [], LastEvaluatedKey } = await db().send(new QueryCommand({
    TableName: table(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
    ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
    ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
    ExpressionAttributeValues: values,
    ScanIndexForward: false,
    Limit: options.pageSize,
    ExclusiveStartKey: startKey,
  }));
  return {
    records: Items.map(strip),
    nextCursor: LastEvaluatedKey ? encodeCursor({ s: LastEvaluatedKey.gsi1sk, i: String(LastEvaluatedKey.pk).split('#ITEM#')[1] }) : null,
  };
}

/** One document's whole history, newest first (a document is corrected a handful of times). */
export async function correctionsOf(kykId: string, itemId: string): Promise<CorrectionRecordView[]> {
  const items = await queryAll({
    TableName: table(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :fix)',
    ExpressionAttributeValues: { ':pk': itemKey(kykId, itemId).pk, ':fix': 'FIX#' },
    ScanIndexForward: false,
  });
  return items.map(strip);
}
