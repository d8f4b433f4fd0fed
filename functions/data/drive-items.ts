import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DriveItem, FolderRef } from '#shared/schemas/drive.ts';
import { db } from '#lib/clients.ts';
import { contractKey } from './contracts.ts';
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
  /** Pending uploads expire if their bytes never arrive. */
  ttl?: number;
}

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

async function claimedId(claim: Keys): Promise<string | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: claim, ConsistentRead: true }));
  return Item?.item_id as string | undefined;
}

/** Re-arms a pending upload (a retry after a failed PUT) with a new declared size and expiry. */
export async function renewPendingUpload(kykId: string, id: string, changes: { declared_size: number; content_type: string | null; ttl: number; update_date: string; update_user_id: string }): Promise<ItemRecord | undefined> {
  try {
    const { Attributes } = await db().send(new UpdateCommand({
      TableName: table(),
      Key: itemKey(kykId, id),
      UpdateExpression: 'SET declared_size = :size, content_type = :ct, #ttl = :ttl, update_date = :date, update_user_id = :user ADD row_version :one',
      ConditionExpression: '#status = :pending',
      ExpressionAttributeNames: { '#ttl': 'ttl', '#status': 'status' },
      ExpressionAttributeValues: {
        ':size': changes.declared_size, ':ct': changes.content_type, ':ttl': changes.ttl, ':date': changes.update_date,
        ':user': changes.update_user_id, ':pending': 'pending', ':one': 1,
      },
      ReturnValues: 'ALL_NEW',
    }));
    return Attributes as ItemRecord;
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return undefined;
    throw error;
  }
}

/**
 * Confirms an upload: the entry becomes ready with the stored size and version, and the contract's
 * usage grows in the same transaction. Conditional on the entry still waiting for exactly this
 * object, so S3's at-least-once event delivery never counts a version twice.
 */
export async function confirmUpload(kykId: string, id: string, s3Key: string, size: number, version: number): Promise<boolean> {
  const now = new Date().toISOString();
  const item = await getItem(kykId, id);
  if (!item) return false;
  try {
    await transactWrite([
        { label: 'item', Update: {
          TableName: table(),
          Key: itemKey(kykId, id),
          UpdateExpression: 'SET #status = :ready, size = :size, version = :version, update_date = :now, gsi2sk = :gsi2sk REMOVE #ttl, declared_size, upload_id ADD row_version :one',
          // The signed PUT fixes the length in S3; the declared size is checked again for stores that don't verify signatures.
          ConditionExpression: '#status = :pending AND s3_key = :key AND declared_size = :size',
          ExpressionAttributeNames: { '#status': 'status', '#ttl': 'ttl' },
          ExpressionAttributeValues: {
            ':ready': 'ready', ':pending': 'pending', ':size': size, ':version': version, ':now': now, ':key': s3Key, ':one': 1,
            ':gsi2sk': listingKeys({ ...item, update_date: now }).gsi2sk,
          },
        } },
        { label: 'usage', Update: {
          TableName: table(),
          Key: contractKey(kykId),
          UpdateExpression: 'ADD usage_bytes :size',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':size': size },
        } },
    ]);
    return true;
  } catch (error) {
    // Not (or no longer) waiting for this object, or the contract is gone: nothing to count.
    if (error instanceof TransactionFailed) return false;
    throw error;
  }
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
    // Abandoned uploads linger until DynamoDB's TTL sweep: never show them once expired.
    items.push(...(Items as ItemRecord[]).filter((item) => item.ttl === undefined || item.ttl > now));
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
