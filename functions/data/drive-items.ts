import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DriveItem, FolderRef } from '#shared/schemas/drive.ts';
import { db } from '#lib/clients.ts';
import { decodeCursor, encodeCursor, epochSeconds, table, tenantPrefix, type Keys } from '#lib/data/table.ts';
import { batchGet } from '#lib/data/batch.ts';
import { TransactionFailed, transactWrite } from '#lib/data/transact.ts';

/**
 * Drive entries (files and folders). Access patterns (see functions/lib/data/README.md):
 * - an entry by id: base table `T#<kyk>#ITEM#<id>` / `ITEM` (strongly consistent point reads);
 * - children of a folder by name, folders first: gsi1 `T#<kyk>#FOLDER#<parent>` / `<rank>#<name key>`;
 * - children of a folder by update date, folders first: gsi2, same partition / `<rank>#<update date>#<id>`;
 * - a name taken in a folder: base table `T#<kyk>#FOLDER#<parent>` / `NAME#<rank>#<name key>`, written
 *   in the same transaction as the entry so two concurrent creations cannot both win.
 * Folders partition their children, so no single partition carries a whole tenant's traffic.
 */
export const ROOT_ID = 'root';

export type ItemType = DriveItem['type'];

export interface ItemRecord extends DriveItem {
  kyk_id: string;
  name_key: string;
  /** Ids from the root down to the parent: breadcrumbs without walking the tree. */
  ancestors: string[];
  /** Object key of the current version's bytes (files only). */
  s3_key: string | null;
  /** Size the uploader declared; the storage event must confirm it. */
  declared_size: number | null;
  row_version: number;
  /** The multipart upload in progress, for uploads above the multipart threshold. */
  upload_id?: string;
  /** Entries from before reservations: DynamoDB's TTL removed abandoned ones. */
  ttl?: number;
  /** A pending upload is abandoned after this (epoch seconds): the sweep releases it, a registration of its name takes it over. */
  expires_at?: number;
  /** The pending upload holds a reservation on the contract and counts toward the caps (functions/data/pending-uploads.ts). */
  reserved?: boolean;
}

/** Whether a pending entry has been abandoned (its time ran out): nobody waits for it any more. */
export const isAbandoned = (item: Pick<ItemRecord, 'status' | 'expires_at' | 'ttl'>, now = epochSeconds()): boolean =>
  item.status === 'pending' && (item.expires_at ?? item.ttl ?? Infinity) <= now;

const rank = (type: ItemType) => (type === 'folder' ? '0' : '1');

/** Names compare case-insensitively and by canonical Unicode form, as Windows and macOS do. */
export const nameKey = (name: string): string => name.normalize('NFC').toLowerCase();

export const itemKey = (kykId: string, id: string): Keys => ({ pk: `${tenantPrefix(kykId)}#ITEM#${id}`, sk: 'ITEM' });

const folderPartition = (kykId: string, parentId: string) => `${tenantPrefix(kykId)}#FOLDER#${parentId}`;

export const nameClaimKey = (kykId: string, parentId: string, type: ItemType, key: string): Keys => ({
  pk: folderPartition(kykId, parentId),
  sk: `NAME#${rank(type)}#${key}`,
});

export const listingKeys = (item: Pick<ItemRecord, 'kyk_id' | 'parent_id' | 'type' | 'name_key' | 'update_date' | 'id'>) => ({
  gsi1pk: folderPartition(item.kyk_id, item.parent_id),
  gsi1sk: `${rank(item.type)}#${item.name_key}`,
  gsi2pk: folderPartition(item.kyk_id, item.parent_id),
  gsi2sk: `${rank(item.type)}#${item.update_date}#${item.id}`,
});

export const toDriveItem = (record: ItemRecord): DriveItem => ({
  id: record.id,
  parent_id: record.parent_id,
  type: record.type,
  name: record.name,
  size: record.size,
  version: record.version,
  status: record.status,
  content_type: record.content_type,
  regist_date: record.regist_date,
  regist_user_id: record.regist_user_id,
  update_date: record.update_date,
  update_user_id: record.update_user_id,
});

export async function getItem(kykId: string, id: string): Promise<ItemRecord | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: itemKey(kykId, id), ConsistentRead: true }));
  return Item as ItemRecord | undefined;
}

/** Names of folders by id, in one round trip (BatchGet of at most 100 keys per call). */
export async function folderRefs(kykId: string, ids: string[]): Promise<FolderRef[]> {
  const items = await batchGet<{ id: string; name: string }>(ids.map((id) => itemKey(kykId, id)), { projection: 'id, #name', names: { '#name': 'name' }, consistent: false });
  const found = new Map(items.map((item) => [item.id, item.name]));
  return ids.flatMap((id) => (found.has(id) ? [{ id, name: found.get(id)! }] : []));
}

export class NameTakenError extends Error {
  constructor(readonly existingId: string | undefined) {
    super('name taken');
  }
}

export class ParentMissingError extends Error {}

/**
 * Writes a new entry with its name claim. The parent (unless the root) must still be a folder at
 * commit time; a taken name or a vanished parent cancels the whole transaction.
 */
export async function insertItem(record: ItemRecord): Promise<void> {
  const claim = nameClaimKey(record.kyk_id, record.parent_id, record.type, record.name_key);
  try {
    await transactWrite([
      { label: 'nameClaim', Put: { TableName: table(), Item: { ...claim, type: 'name-claim', item_id: record.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { label: 'item', Put: { TableName: table(), Item: { ...itemKey(record.kyk_id, record.id), ...listingKeys(record), ...record }, ConditionExpression: 'attribute_not_exists(pk)' } },
      ...(record.parent_id === ROOT_ID
        ? []
        : [{ label: 'parentIsFolder', ConditionCheck: {
            TableName: table(),
            Key: itemKey(record.kyk_id, record.parent_id),
            ConditionExpression: '#type = :folder',
            ExpressionAttributeNames: { '#type': 'type' },
            ExpressionAttributeValues: { ':folder': 'folder' },
          } }]),
    ]);
  } catch (error) {
    if (error instanceof TransactionFailed && error.failed('nameClaim')) throw new NameTakenError(await claimedId(claim));
    if (error instanceof TransactionFailed && error.failed('parentIsFolder')) throw new ParentMissingError();
    throw error;
  }
}

export async function claimedId(claim: Keys): Promise<string | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: claim, ConsistentRead: true }));
  return Item?.item_id as string | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Records the multipart upload a pending entry waits for (a retry replaces the previous one). */
export async function setPendingUploadId(kykId: string, id: string, uploadId: string | null): Promise<void> {
  await db().send(new UpdateCommand({
    TableName: table(),
    Key: itemKey(kykId, id),
    UpdateExpression: uploadId ? 'SET upload_id = :upload' : 'REMOVE upload_id',
    ConditionExpression: '#status = :pending',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':pending': 'pending', ...(uploadId ? { ':upload': uploadId } : {}) },
  }));
}

export type SortItem = 'name' | 'update_date';

export interface ChildrenPage {
  items: ItemRecord[];
  nextCursor: string | null;
}

/**
 * One page of a folder's children, folders first in either direction: folders are read to their
 * end before files begin. The cursor carries the phase and the last sort key only; the partition
 * always comes from the caller's tenant and folder, so a cursor cannot leak across them.
 */
export async function listChildren(
  kykId: string,
  folderId: string,
  options: { sortItem: SortItem; ascending: boolean; pageSize: number; cursor?: string },
): Promise<ChildrenPage | undefined> {
  const index = options.sortItem === 'name' ? 'gsi1' : 'gsi2';
  const partition = folderPartition(kykId, folderId);
  let phase: '0' | '1' = '0';
  let startKey: Record<string, unknown> | undefined;
  if (options.cursor) {
    const decoded = decodeCursor(options.cursor);
    const validPhase = decoded?.r === '0' || decoded?.r === '1';
    const validId = typeof decoded?.i === 'string' && (decoded.i === '' || UUID.test(decoded.i));
    // The position must lie inside its phase, or DynamoDB refuses the start key.
    const validPosition = typeof decoded?.s === 'string' && (decoded.s === '' || decoded.s.startsWith(`${decoded.r}#`));
    if (!decoded || !validPhase || !validId || !validPosition) return undefined;
    phase = decoded.r as '0' | '1';
    // An empty position means "from the start of this phase".
    if (decoded.s !== '') startKey = { ...itemKey(kykId, decoded.i as string), [`${index}pk`]: partition, [`${index}sk`]: decoded.s };
  }

  const items: ItemRecord[] = [];
  const now = epochSeconds();
  for (;;) {
    const query = new QueryCommand({
      TableName: table(),
      IndexName: index,
      KeyConditionExpression: `${index}pk = :pk AND begins_with(${index}sk, :phase)`,
      ExpressionAttributeValues: { ':pk': partition, ':phase': `${phase}#` },
      ScanIndexForward: options.ascending,
      Limit: options.pageSize - items.length,
      ExclusiveStartKey: startKey,
    });
    const fromCursor = startKey !== undefined && items.length === 0;
    const result = await db().send(query).catch((error: unknown) => {
      // A start key from a forged cursor that slipped past the checks above: refuse the cursor.
      if (fromCursor && error instanceof Error && error.name === 'ValidationException') return undefined;
      throw error;
    });
    if (!result) return undefined;
    const { Items = [], LastEvaluatedKey } = result;
    // Abandoned uploads linger until the sweep releases them: never show them once expired.
    items.push(...(Items as ItemRecord[]).filter((item) => !isAbandoned(item, now)));
    if (LastEvaluatedKey) {
      if (items.length >= options.pageSize) {
        const lastId = String(LastEvaluatedKey.pk).slice(itemKey(kykId, '').pk.length);
        return { items, nextCursor: encodeCursor({ r: phase, s: LastEvaluatedKey[`${index}sk`], i: lastId }) };
      }
      startKey = LastEvaluatedKey;
      continue;
    }
    if (phase === '1') return { items, nextCursor: null };
    phase = '1';
    startKey = undefined;
    if (items.length >= options.pageSize) {
      // Folders filled the page exactly: the next page starts with the files.
      return { items, nextCursor: encodeCursor({ r: '1', s: '', i: '' }) };
    }
  }
}
