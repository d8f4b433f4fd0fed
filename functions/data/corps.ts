import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { ProductArea } from '#shared/schemas/groups.ts';
import type { Corp } from '#shared/schemas/legal.ts';
import { db } from '#lib/clients.ts';
import { table, tenantPrefix, type Keys } from '#lib/data/table.ts';
import { queryAll, queryCount, queryRange } from '#lib/data/query.ts';
import { batchGet } from '#lib/data/batch.ts';
import { TransactionFailed, transactWrite, type LabelledItem } from '#lib/data/transact.ts';
import { versionedUpdateItem } from '#lib/data/versioned.ts';
import { groupKey } from '#data/groups.ts';

/**
 * Legal entities (corporations) of a contract. Access patterns (see functions/lib/data/README.md):
 * - a corp by id: base table `T#<kyk>#CORP#<id>` / `CORP` (strongly consistent point read);
 * - corps by code: gsi1 `T#<kyk>#CORPS` / `CD#<corp_cd>` (codes are unique, so no tie-breaker);
 *   a code prefix search is `begins_with(gsi1sk, CD#<prefix>)`;
 * - corps by name: gsi2 `T#<kyk>#CORPS` / `NM#<name key>\u0001<id>`; a name prefix search is
 *   `begins_with(gsi2sk, NM#<prefix key>)`. The separator U+0001 sorts below every printable
 *   character, so "ABC" comes before "ABC Holdings" (with `#` it would not: space < `#`);
 * - corps by creation date: a small index item per corp in the base table,
 *   `T#<kyk>#CORPS#BYDATE` / `<regist_date>#<id>`, written and deleted in the corp's transactions,
 *   then a consistent BatchGet of the page's corps (no third GSI needed);
 * - is a code taken: claim item `T#<kyk>#CORPS` / `CODE#<corp_cd>`, put with
 *   `attribute_not_exists` in the create transaction and moved (conditionally) when the code changes;
 * - how many corps: counter item `T#<kyk>#CORPS` / `COUNT` (`corp_count`), kept in the create and
 *   delete transactions. It is not on the contract item on purpose: transactions that touch one
 *   item conflict, and the contract item is already updated by the drive's upload confirmations.
 * A contract's corps share one partition per index: corps are few (hundreds, a few thousand) and
 * written by administrators only, far below a partition's limits.
 */


export interface CorpRecord extends Corp {
  kyk_id: string;
  /** The name folded for sorting and prefix search (NFKC, lower case). */
  name_key: string;
}

const SEPARATOR = '\u0001';

/** Names sort and search by NFKC (full- and half-width forms alike) and ignore case. */
export const nameKey = (name: string): string => name.normalize('NFKC').toLowerCase();

export const corpKey = (kykId: string, corpId: string): Keys => ({ pk: `${tenantPrefix(kykId)}#CORP#${corpId}`, sk: 'CORP' });

const corpsPartition = (kykId: string): string => `${tenantPrefix(kykId)}#CORPS`;

export const codeClaimKey = (kykId: string, corpCd: string): Keys => ({ pk: corpsPartition(kykId), sk: `CODE#${corpCd}` });

export const corpCounterKey = (kykId: string): Keys => ({ pk: corpsPartition(kykId), sk: 'COUNT' });

const byDatePartition = (kykId: string): string => `${corpsPartition(kykId)}#BYDATE`;

export const dateIndexKey = (kykId: string, registDate: string, corpId: string): Keys => ({
  pk: byDatePartition(kykId),
  sk: `${registDate}#${corpId}`,
});

const codeSortKey = (corpCd: string): string => `CD#${corpCd}`;
const nameSortKey = (key: string, corpId: string): string => `NM#${key}${SEPARATOR}${corpId}`;

export const listingKeys = (record: Pick<CorpRecord, 'kyk_id' | 'corp_id' | 'corp_cd' | 'name_key'>) => ({
  gsi1pk: corpsPartition(record.kyk_id),
  gsi1sk: codeSortKey(record.corp_cd),
  gsi2pk: corpsPartition(record.kyk_id),
  gsi2sk: nameSortKey(record.name_key, record.corp_id),
});

export const toCorp = (record: CorpRecord): Corp => ({
  corp_id: record.corp_id,
  corp_cd: record.corp_cd,
  corp_nm: record.corp_nm,
  address: record.address,
  tel: record.tel,
  note: record.note,
  limited_list: record.limited_list,
  user_count: record.user_count,
  row_version: record.row_version,
  regist_date: record.regist_date,
  regist_user_nm: record.regist_user_nm,
  update_date: record.update_date,
  update_user_nm: record.update_user_nm,
});

export async function getCorp(kykId: string, corpId: string): Promise<CorpRecord | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: corpKey(kykId, corpId), ConsistentRead: true }));
  return Item as CorpRecord | undefined;
}

/** Corps by id in the order asked, skipping ids that no longer exist (BatchGet, 100 keys a call). */
async function corpsByIds(kykId: string, ids: string[]): Promise<CorpRecord[]> {
  const found = new Map((await batchGet<CorpRecord>(ids.map((id) => corpKey(kykId, id)))).map((corp) => [corp.corp_id, corp]));
  return ids.flatMap((id) => (found.has(id) ? [found.get(id)!] : []));
}

/**
 * The TransactWriteItems entry that adds `delta` (+1 a user joins, -1 a user leaves) to a corp's
 * user count, on condition that the corp exists. The users feature puts it in the transaction that
 * sets or clears a user's `corp_id`; a ConditionalCheckFailed at its position means the corp is gone.
 * Deletion of a corp is conditional on `user_count = 0`, so a join cannot slip past a delete.
 * It does not change `row_version`: a user joining does not make an administrator's edit stale.
 */
export const corpUserCountUpdate = (kykId: string, corpId: string, delta: 1 | -1): LabelledItem => ({
  label: `corpUserCount#${corpId}`,
  Update: {
    TableName: table(),
    Key: corpKey(kykId, corpId),
    UpdateExpression: 'ADD user_count :delta',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':delta': delta },
  },
});

/** Why a corp write did not happen. */
export type CorpWriteFailure = 'missing' | 'stale' | 'in-use' | 'code-taken';

export class CorpWriteError extends Error {
  constructor(readonly reason: CorpWriteFailure) {
    super(`corp write refused: ${reason}`);
    this.name = 'CorpWriteError';
  }
}

/** After a refused condition on the corp item: read it again to tell the caller why. */
async function corpFailure(kykId: string, corpId: string, expectedVersion: number, inUseRefuses: boolean): Promise<CorpWriteFailure> {
  const current = await getCorp(kykId, corpId);
  if (!current) return 'missing';
  if (current.row_version !== expectedVersion) return 'stale';
  return inUseRefuses && current.user_count > 0 ? 'in-use' : 'stale';
}

/**
 * Writes a new corp with its code claim, its creation-date index item and the counter, plus the
 * caller's extra items (the audit record). A taken code cancels everything: `code-taken`.
 */
export async function insertCorp(record: CorpRecord, extra: LabelledItem[]): Promise<void> {
  const claim = codeClaimKey(record.kyk_id, record.corp_cd);
  try {
    await transactWrite([
      { label: 'codeClaim', Put: { TableName: table(), Item: { ...claim, type: 'corp-code-claim', corp_id: record.corp_id }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { label: 'corp', Put: { TableName: table(), Item: { ...corpKey(record.kyk_id, record.corp_id), ...listingKeys(record), type: 'corp', ...record }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { label: 'dateIndex', Put: { TableName: table(), Item: { ...dateIndexKey(record.kyk_id, record.regist_date, record.corp_id), type: 'corp-date-index', corp_id: record.corp_id } } },
      { label: 'corpCount', Update: { TableName: table(), Key: corpCounterKey(record.kyk_id), UpdateExpression: 'ADD corp_count :one', ExpressionAttributeValues: { ':one': 1 } } },
      ...extra,
    ]);
  } catch (error) {
    if (error instanceof TransactionFailed && error.failed('codeClaim')) throw new CorpWriteError('code-taken');
    throw error;
  }
}

/** The fields an update may change; the rest of the item (user_count above all) is left alone. */
export type CorpChanges = Partial<Pick<CorpRecord, 'corp_cd' | 'corp_nm' | 'address' | 'tel' | 'note' | 'limited_list'>> &
  Pick<CorpRecord, 'update_date' | 'update_user_nm'>;

/**
 * Applies `changes` to the corp `before` on condition that it is still at `before.row_version`,
 * moving the code claim when the code changes (the old claim must still be this corp's, the new
 * one must be free). A SET of the changed fields, never a whole-item Put: `user_count` may move
 * concurrently (users joining) and must not be overwritten. Answers the record as written.
 */
export async function updateCorp(before: CorpRecord, changes: CorpChanges, extra: LabelledItem[]): Promise<CorpRecord> {
  const after: CorpRecord = { ...before, ...changes, row_version: before.row_version + 1 };
  if (changes.corp_nm !== undefined) after.name_key = nameKey(changes.corp_nm);
  const fields: Record<string, unknown> = { ...changes };
  if (changes.corp_nm !== undefined) Object.assign(fields, { name_key: after.name_key, gsi2sk: listingKeys(after).gsi2sk });
  if (changes.corp_cd !== undefined) fields.gsi1sk = listingKeys(after).gsi1sk;

  const codeMoves = changes.corp_cd !== undefined && changes.corp_cd !== before.corp_cd;
  const items: LabelledItem[] = [
    versionedUpdateItem('corp', { key: corpKey(before.kyk_id, before.corp_id), expectedVersion: before.row_version, set: fields }),
    ...(codeMoves
      ? [
          { label: 'newCodeClaim', Put: { TableName: table(), Item: { ...codeClaimKey(before.kyk_id, after.corp_cd), type: 'corp-code-claim', corp_id: before.corp_id }, ConditionExpression: 'attribute_not_exists(pk)' } },
          { label: 'oldCodeClaim', Delete: {
            TableName: table(),
            Key: codeClaimKey(before.kyk_id, before.corp_cd),
            ConditionExpression: 'corp_id = :id',
            ExpressionAttributeValues: { ':id': before.corp_id },
          } },
        ]
      : []),
    ...extra,
  ];
  try {
    await transactWrite(items);
  } catch (error) {
    if (!(error instanceof TransactionFailed)) throw error;
    if (error.failed('corp')) throw new CorpWriteError(await corpFailure(before.kyk_id, before.corp_id, before.row_version, false));
    if (error.failed('newCodeClaim')) throw new CorpWriteError('code-taken');
    // The old claim no longer names this corp: only a concurrent change of this corp can do that.
    if (error.failed('oldCodeClaim')) throw new CorpWriteError('stale');
    throw error;
  }
  return after;
}

/**
 * Deletes a corp, its code claim and its date index item and counts it out, on condition that it is
 * still at `expectedVersion` and no user references it (`user_count = 0`, checked in the same
 * transaction, so a user joining concurrently either lands first and blocks the delete, or fails).
 */
export async function deleteCorp(record: CorpRecord, expectedVersion: number, extra: LabelledItem[]): Promise<void> {
  try {
    await transactWrite([
      { label: 'corp', Delete: {
        TableName: table(),
        Key: corpKey(record.kyk_id, record.corp_id),
        ConditionExpression: 'attribute_exists(pk) AND row_version = :expected AND (attribute_not_exists(user_count) OR user_count = :zero)',
        ExpressionAttributeValues: { ':expected': expectedVersion, ':zero': 0 },
      } },
      { label: 'codeClaim', Delete: {
        TableName: table(),
        Key: codeClaimKey(record.kyk_id, record.corp_cd),
        ConditionExpression: 'corp_id = :id',
        ExpressionAttributeValues: { ':id': record.corp_id },
      } },
      { label: 'dateIndex', Delete: { TableName: table(), Key: dateIndexKey(record.kyk_id, record.regist_date, record.corp_id) } },
      { label: 'corpCount', Update: { TableName: table(), Key: corpCounterKey(record.kyk_id), UpdateExpression: 'ADD corp_count :minus', ExpressionAttributeValues: { ':minus': -1 } } },
      ...extra,
    ]);
  } catch (error) {
    if (!(error instanceof TransactionFailed)) throw error;
    if (error.failed('corp')) throw new CorpWriteError(await corpFailure(record.kyk_id, record.corp_id, expectedVersion, true));
    // The claim moved away: the corp's code changed after it was read.
    if (error.failed('codeClaim')) throw new CorpWriteError('stale');
    throw error;
  }
}

/** A user group as the reference restrictions need it (the groups feature owns the item). */
export interface GroupRef {
  user_group_id: string;
  product: ProductArea;
  user_group_nm: string;
}

/**
 * Groups of the contract by id (absent ids are left out). Reads the groups feature's item
 * through `groupKey`; the tenant prefix keeps other contracts' groups out.
 */
export async function groupsByIds(kykId: string, ids: string[]): Promise<Map<string, GroupRef>> {
  const found = new Map<string, GroupRef>();
  const items = await batchGet(ids.map((id) => groupKey(kykId, id)), { projection: 'user_group_id, product, user_group_nm' });
  for (const item of items) {
    const id = String(item.user_group_id);
    found.set(id, { user_group_id: id, product: item.product as ProductArea, user_group_nm: String(item.user_group_nm ?? '') });
  }
  return found;
}

export type CorpSortItem = 'corp_cd' | 'corp_nm' | 'regist_date';

export interface CorpListOptions {
  sortItem: CorpSortItem;
  ascending: boolean;
  pageSize: number;
  /** 1-based page number. */
  page: number;
  /** A prefix of the code (code and date sorts) or of the name (name sort); blank means all. */
  searchKey?: string;
}

export interface CorpPage {
  total: number;
  corps: CorpRecord[];
}

export async function countCorps(kykId: string): Promise<number> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: corpCounterKey(kykId), ConsistentRead: true }));
  return Number(Item?.corp_count ?? 0);
}

/**
 * One numbered page of a contract's corps.
 * - Without a search key: a key-condition query on the sort's index (gsi1 code, gsi2 name, the
 *   date index items), and the total from the counter item.
 * - With a search key: a prefix key condition, on the code (gsi1) for code and date sorts and on
 *   the folded name (gsi2) for the name sort, and the total from a COUNT query on the same
 *   condition. A date sort with a search reads the code-prefix matches (the same items the count
 *   reads anyway) and orders them by creation date in memory.
 */
export async function listCorps(kykId: string, options: CorpListOptions): Promise<CorpPage> {
  const offset = (options.page - 1) * options.pageSize;
  const search = options.searchKey?.trim() ? options.searchKey.trim() : undefined;
  const partition = corpsPartition(kykId);

  if (options.sortItem === 'regist_date' && search !== undefined) {
    const matches = (await queryAll({
      TableName: table(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
      ExpressionAttributeValues: { ':pk': partition, ':prefix': codeSortKey(search) },
    })) as unknown as CorpRecord[];
    const order = (corp: CorpRecord) => `${corp.regist_date}#${corp.corp_id}`;
    matches.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0) * (options.ascending ? 1 : -1));
    return { total: matches.length, corps: matches.slice(offset, offset + options.pageSize) };
  }

  if (options.sortItem === 'regist_date') {
    const [entries, total] = await Promise.all([
      queryRange({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': byDatePartition(kykId) },
        ScanIndexForward: options.ascending,
        ConsistentRead: true,
      }, offset, options.pageSize),
      countCorps(kykId),
    ]);
    return { total, corps: await corpsByIds(kykId, entries.map((entry) => String(entry.corp_id))) };
  }

  const index = options.sortItem === 'corp_cd' ? 'gsi1' : 'gsi2';
  const prefix = options.sortItem === 'corp_cd' ? codeSortKey(search ?? '') : `NM#${nameKey(search ?? '')}`;
  const condition: QueryCommandInput = {
    TableName: table(),
    IndexName: index,
    KeyConditionExpression: `${index}pk = :pk AND begins_with(${index}sk, :prefix)`,
    ExpressionAttributeValues: { ':pk': partition, ':prefix': prefix },
  };
  const [items, total] = await Promise.all([
    queryRange({ ...condition, ScanIndexForward: options.ascending }, offset, options.pageSize),
    search === undefined ? countCorps(kykId) : queryCount(condition),
  ]);
  return { total, corps: items as unknown as CorpRecord[] };
}

/** The corp that holds a code claim, read consistently (for a code taken after the import read the corps). */
export async function corpByClaim(kykId: string, code: string): Promise<CorpRecord | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: codeClaimKey(kykId, code), ConsistentRead: true }));
  return Item?.corp_id ? getCorp(kykId, String(Item.corp_id)) : undefined;
}
