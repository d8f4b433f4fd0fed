import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailure } from '#lib/errors.ts';
import { db } from '#lib/clients.ts';
import { epochSeconds, table, type Keys } from '#lib/data/table.ts';
import { TransactionFailed, transactWrite, type LabelledItem } from '#lib/data/transact.ts';
import { contractKey, usageCounterAdd } from './contracts.ts';
import { itemKey, listingKeys, liveFolderCheck, nameClaimKey, type ItemRecord } from './drive-items.ts';
import { userPartition } from './users.ts';
import { gramDeletes, gramPuts, partnerPuts, recordPartnerNames } from './drive-search-keys.ts';
import { propertyUsageChanges } from './property-items.ts';

/**
 * An upload between its registration and its bytes (docs/architecture.md, "Files"): the pending
 * entry reserves its declared bytes on the contract and counts against the pending caps of its
 * uploader and of the contract, all in the registration's transaction; the storage event settles
 * the reservation into usage; an abandoned upload is released by the scheduled sweep, which finds
 * it through an expiry queue, or taken over by the next registration of its name. Nothing waits for
 * DynamoDB's TTL: pending entries carry none, so a reservation is never dropped unreleased.
 *
 * On the contract item: `usage_bytes` (confirmed), `reserved_bytes` (pending), `committed_bytes`
 * (their sum, the one the quota condition reads: conditions cannot add), `pending_uploads`.
 */
export interface UploadLimits {
  /** The contract's quota in bytes, as read (undefined: none). */
  quota?: number;
  perUser: number;
  perContract: number;
}

/** A user's pending uploads: one counter item in the user's partition. */
export const uploadsCounterKey = (kykId: string, userId: string): Keys => ({ pk: userPartition(kykId, userId), sk: 'UPLOADS' });

const HOUR = 3600;
const QUEUE_SHARDS = 4;
const shardOf = (itemId: string): number => parseInt(itemId.slice(0, 2), 16) % QUEUE_SHARDS || 0;
export const queueHour = (epoch: number): number => Math.floor(epoch / HOUR);

/**
 * The expiry queue: one marker per pending upload in the partition of the hour it expires (spread
 * over a few shards), so the sweep reads only the hours that have passed, by key condition. The
 * only drive keys without a contract: the sweep serves every contract.
 */
export const expiryQueueKey = (hour: number, shard: number, kykId: string, itemId: string): Keys => ({ pk: `UPLOADQ#${hour}#${shard}`, sk: `${kykId}#${itemId}` });
/** The marker of a pending entry in the expiry queue. */
export const markerKey = (item: Pick<ItemRecord, 'kyk_id' | 'id'> & { expires_at: number }): Keys => expiryQueueKey(queueHour(item.expires_at), shardOf(item.id), item.kyk_id, item.id);
/** Where the sweep has got to (the first hour it has not finished). */
export const sweepStateKey = (): Keys => ({ pk: 'UPLOADQ#STATE', sk: 'SWEEP' });

export class QuotaExceededError extends Error {}
export class TooManyPendingError extends Error {}
export class NameClaimChangedError extends Error {}

interface Reservation {
  kykId: string;
  bytes: number;
  uploads: number;
  limits?: UploadLimits;
}

/** The change of the contract's reservation; a growth is conditional on the quota and the cap. */
export function reservationItem({ kykId, bytes, uploads, limits }: Reservation): LabelledItem {
  const conditions = ['attribute_exists(pk)'];
  const values: Record<string, unknown> = { ':bytes': bytes, ':uploads': uploads, ':zero': 0 };
  if (limits && uploads > 0) {
    conditions.push('(attribute_not_exists(pending_uploads) OR pending_uploads < :cap)');
    values[':cap'] = limits.perContract;
  }
  if (limits && bytes > 0) {
    if (limits.quota === undefined) conditions.push('attribute_not_exists(quota_bytes)');
    else {
      conditions.push('quota_bytes = :quota AND (attribute_not_exists(committed_bytes) OR committed_bytes <= :room)');
      values[':quota'] = limits.quota;
      values[':room'] = limits.quota - bytes;
    }
  }
  return {
    label: 'reservation',
    Update: {
      TableName: table(), Key: contractKey(kykId),
      UpdateExpression: 'SET reserved_bytes = if_not_exists(reserved_bytes, :zero) + :bytes, committed_bytes = if_not_exists(committed_bytes, :zero) + :bytes, pending_uploads = if_not_exists(pending_uploads, :zero) + :uploads',
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeValues: values,
    },
  };
}

export function userCounterItem(kykId: string, userId: string, change: 1 | -1, perUser?: number): LabelledItem {
  return {
    label: change > 0 ? 'uploaderCap' : `uploader#${userId}`,
    Update: {
      TableName: table(), Key: uploadsCounterKey(kykId, userId),
      UpdateExpression: 'SET pending = if_not_exists(pending, :zero) + :change',
      ...(change > 0 && perUser !== undefined ? { ConditionExpression: 'attribute_not_exists(pending) OR pending < :cap' } : {}),
      ExpressionAttributeValues: { ':change': change, ':zero': 0, ...(change > 0 && perUser !== undefined ? { ':cap': perUser } : {}) },
    },
  };
}

export const markerPut = (item: Pick<ItemRecord, 'kyk_id' | 'id'> & { expires_at: number }): LabelledItem => ({
  label: 'queueMarker',
  Put: { TableName: table(), Item: { ...markerKey(item), kyk_id: item.kyk_id, id: item.id, expires_at: item.expires_at } },
});
export const markerDelete = (item: Pick<ItemRecord, 'kyk_id' | 'id' | 'expires_at'>): LabelledItem[] =>
  item.expires_at === undefined ? [] : [{ label: `queueMarker#${item.id}`, Delete: { TableName: table(), Key: markerKey(item as ItemRecord & { expires_at: number }) } }];

/** The old pending entry a registration replaces: gone, still pending as read. */
const pendingDelete = (item: ItemRecord): LabelledItem => ({
  label: 'replaced',
  Delete: {
    TableName: table(), Key: itemKey(item.kyk_id, item.id),
    ConditionExpression: '#status = :pending AND row_version = :rv',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':pending': 'pending', ':rv': item.row_version },
  },
});

function explain(error: unknown): never {
  if (error instanceof TransactionFailed) {
    if (error.failed('uploaderCap')) throw new TooManyPendingError();
    if (error.failed('reservation')) throw new QuotaExceededError();
    if (error.failed('nameClaim') || error.failed('replaced')) throw new NameClaimChangedError();
  }
  throw error;
}

export interface Registration {
  record: ItemRecord & { expires_at: number };
  limits: UploadLimits;
  /** The claim of the name is held by an abandoned upload (or by an entry that no longer exists): take it over. */
  takeOver?: { claimedId: string; abandoned?: ItemRecord };
}

/**
 * Registers a pending upload: its name claim, the entry, the parent still a folder, the contract's
 * reservation (quota and contract cap), the uploader's count (user cap) and the expiry marker, in
 * one transaction. A take-over also deletes the abandoned entry and releases what it held.
 * Throws QuotaExceededError, TooManyPendingError, NameClaimChangedError (someone else's write got
 * there first) or the transaction's own failure for the caller to explain (the parent check).
 */
export async function registerUpload({ record, limits, takeOver }: Registration): Promise<void> {
  const claim = nameClaimKey(record.kyk_id, record.parent_id, record.type, record.name_key);
  const old = takeOver?.abandoned;
  const oldReserved = old?.reserved === true;
  const sameUploader = oldReserved && old.regist_user_id === record.regist_user_id;
  const items: LabelledItem[] = [
    {
      label: 'nameClaim',
      Put: {
        TableName: table(), Item: { ...claim, type: 'name-claim', item_id: record.id },
        ...(takeOver
          ? { ConditionExpression: 'item_id = :old', ExpressionAttributeValues: { ':old': takeOver.claimedId } }
          : { ConditionExpression: 'attribute_not_exists(pk)' }),
      },
    },
    { label: 'item', Put: { TableName: table(), Item: { ...itemKey(record.kyk_id, record.id), ...listingKeys(record), ...record }, ConditionExpression: 'attribute_not_exists(pk)' } },
    reservationItem({ kykId: record.kyk_id, bytes: record.declared_size! - (oldReserved ? old.declared_size ?? 0 : 0), uploads: oldReserved ? 0 : 1, limits }),
    ...(sameUploader ? [] : [userCounterItem(record.kyk_id, record.regist_user_id, 1, limits.perUser)]),
    ...(oldReserved && !sameUploader ? [userCounterItem(record.kyk_id, old.regist_user_id, -1)] : []),
    markerPut(record),
    ...(old ? [pendingDelete(old), ...markerDelete(old), ...gramDeletes(old)] : []),
    ...gramPuts(record),
  ];
  if (record.parent_id !== 'root') items.push(liveFolderCheck('parentIsFolder', record.kyk_id, record.parent_id));
  try {
    await transactWrite(items);
  } catch (error) {
    if (error instanceof TransactionFailed && error.failed('parentIsFolder')) throw error;
    explain(error);
  }
}

/**
 * Re-arms its uploader's own pending upload (a retry): new declared size and expiry, the
 * reservation moved by the difference (a growth is checked against the quota).
 */
export async function renewUpload(item: ItemRecord, changes: { declared_size: number; content_type: string; expires_at: number; update_date: string }, limits: UploadLimits): Promise<ItemRecord> {
  const reserved = item.reserved === true;
  const renewed: ItemRecord & { expires_at: number } = { ...item, ...changes, reserved: true, row_version: item.row_version + 1 };
  const items: LabelledItem[] = [
    {
      label: 'item',
      Update: {
        TableName: table(), Key: itemKey(item.kyk_id, item.id),
        UpdateExpression: 'SET declared_size = :size, content_type = :ct, expires_at = :exp, update_date = :date, reserved = :true, row_version = :next REMOVE #ttl',
        ConditionExpression: '#status = :pending AND row_version = :rv',
        ExpressionAttributeNames: { '#status': 'status', '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':size': changes.declared_size, ':ct': changes.content_type, ':exp': changes.expires_at, ':date': changes.update_date,
          ':true': true, ':pending': 'pending', ':rv': item.row_version, ':next': item.row_version + 1,
        },
      },
    },
    reservationItem({ kykId: item.kyk_id, bytes: changes.declared_size - (reserved ? item.declared_size ?? 0 : 0), uploads: reserved ? 0 : 1, limits }),
    ...(reserved ? [] : [userCounterItem(item.kyk_id, item.regist_user_id, 1, limits.perUser)]),
    // The marker moves with the expiry (within the same hour it is the same item, rewritten).
    ...(item.expires_at !== undefined && markerKey({ ...item, expires_at: item.expires_at }).pk === markerKey(renewed).pk
      ? [] : markerDelete(item).map((marker) => ({ ...marker, label: 'oldMarker' }))),
    markerPut(renewed),
  ];
  try {
    await transactWrite(items);
  } catch (error) {
    if (error instanceof TransactionFailed && error.failed('item')) throw new NameClaimChangedError();
    explain(error);
  }
  return renewed;
}

/**
 * Moves the expiry of its uploader's pending upload on (a sign of life: fresh part URLs, or the
 * parts listed to resume it), with its marker; nothing else changes (no row_version). Conditional on
 * the entry still pending for this multipart upload with the expiry as read. False when it is no
 * longer pending for it (confirmed, released, re-armed); true when a parallel call extended it.
 */
export async function extendUpload(item: ItemRecord & { expires_at: number }, expiresAt: number): Promise<boolean> {
  if (expiresAt <= item.expires_at) return true;
  const extended = { ...item, expires_at: expiresAt };
  const sameMarker = markerKey(item).pk === markerKey(extended).pk;
  try {
    await transactWrite([
      {
        label: 'item',
        Update: {
          TableName: table(), Key: itemKey(item.kyk_id, item.id),
          UpdateExpression: 'SET expires_at = :exp',
          ConditionExpression: '#status = :pending AND upload_id = :upload AND expires_at = :old',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':exp': expiresAt, ':pending': 'pending', ':upload': item.upload_id, ':old': item.expires_at },
        },
      },
      // The marker moves with the expiry (within the same hour it is the same item, rewritten).
      ...(sameMarker ? [] : markerDelete(item).map((marker) => ({ ...marker, label: 'oldMarker' }))),
      markerPut(extended),
    ]);
    return true;
  } catch (error) {
    if (!(error instanceof TransactionFailed)) throw error;
    // Parallel calls extend side by side: the upload is kept when one of them did it.
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: itemKey(item.kyk_id, item.id), ConsistentRead: true }));
    const now = Item as ItemRecord | undefined;
    return now?.status === 'pending' && now.upload_id === item.upload_id && (now.expires_at ?? 0) > epochSeconds();
  }
}

/**
 * What settles a confirmed upload, for the confirmation's transaction: the declared bytes move from
 * reserved to used, the uploader's count and the marker go. An entry registered before reservations
 * (none held) only adds its bytes.
 */
export function settleItems(item: ItemRecord, size: number): LabelledItem[] {
  const fileCounted = usageCounterAdd({ file_count: 1 });
  if (item.reserved !== true) {
    return [{
      label: 'usage',
      Update: {
        TableName: table(), Key: contractKey(item.kyk_id),
        UpdateExpression: `SET usage_bytes = if_not_exists(usage_bytes, :zero) + :size, committed_bytes = if_not_exists(committed_bytes, :zero) + :size${fileCounted.clause}`,
        ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':size': size, ':zero': 0, ...fileCounted.values },
      },
    }, ...markerDelete(item)];
  }
  const declared = item.declared_size ?? size;
  return [
    {
      label: 'usage',
      Update: {
        TableName: table(), Key: contractKey(item.kyk_id),
        UpdateExpression: `SET usage_bytes = if_not_exists(usage_bytes, :zero) + :size, reserved_bytes = reserved_bytes - :declared, committed_bytes = committed_bytes + :difference, pending_uploads = pending_uploads - :one${fileCounted.clause}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':size': size, ':declared': declared, ':difference': size - declared, ':one': 1, ':zero': 0, ...fileCounted.values },
      },
    },
    userCounterItem(item.kyk_id, item.regist_user_id, -1),
    ...markerDelete(item),
  ];
}

/**
 * Confirms an upload: the entry becomes ready with the stored size and version and its
 * reservation settles, in one transaction. Conditional on the entry still waiting for exactly this
 * object with the declared size, so S3's at-least-once event delivery never counts a version twice,
 * and an object larger than declared is never counted. Answers the entry as confirmed, or undefined when it
 * was not (or no longer) waiting for this object.
 */
export async function confirmUpload(
  kykId: string, id: string, s3Key: string, size: number, version: number,
  alsoWrite: (item: ItemRecord, now: string) => LabelledItem[] = () => [],
): Promise<ItemRecord | undefined> {
  const now = new Date().toISOString();
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: itemKey(kykId, id), ConsistentRead: true }));
  const item = Item as ItemRecord | undefined;
  if (!item) return undefined;
  // The partner index (drive-search-keys.ts): its names first, the file's keys with its confirmation.
  await recordPartnerNames(item);
  try {
    await transactWrite([
      {
        label: 'item',
        Update: {
          TableName: table(), Key: itemKey(kykId, id),
          UpdateExpression: 'SET #status = :ready, size = :size, version = :version, update_date = :now, gsi2sk = :gsi2sk REMOVE #ttl, declared_size, upload_id, expires_at, reserved ADD row_version :one',
          // The signed PUT fixes the length in S3; the declared size is checked again for stores that don't verify signatures.
          ConditionExpression: '#status = :pending AND s3_key = :key AND declared_size = :size AND row_version = :rv',
          ExpressionAttributeNames: { '#status': 'status', '#ttl': 'ttl' },
          ExpressionAttributeValues: {
            ':ready': 'ready', ':pending': 'pending', ':size': size, ':version': version, ':now': now, ':key': s3Key, ':one': 1, ':rv': item.row_version,
            ':gsi2sk': listingKeys({ ...item, update_date: now }).gsi2sk,
          },
        },
      },
      ...settleItems(item, size),
      ...partnerPuts(item),
      // The property values it carries count as linked from now (docs/property-items.md).
      ...propertyUsageChanges(kykId, [], item.property_links),
      // e.g. the first version's record (file-versions.ts), in the same transaction.
      ...alsoWrite(item, now),
    ]);
    const confirmed: ItemRecord = { ...item, status: 'ready', size, version, update_date: now, row_version: item.row_version + 1 };
    for (const field of ['ttl', 'declared_size', 'upload_id', 'expires_at', 'reserved'] as const) delete (confirmed as Partial<ItemRecord>)[field];
    return confirmed;
  } catch (error) {
    // Not (or no longer) waiting for this object, or the contract is gone: nothing to count.
    if (error instanceof TransactionFailed) return undefined;
    throw error;
  }
}

/** Sets (or, with undefined, lifts) a contract's storage quota: the operator's `tenant quota`. */
export async function setContractQuota(kykId: string, bytes: number | undefined): Promise<boolean> {
  try {
    await db().send(new UpdateCommand({
      TableName: table(), Key: contractKey(kykId),
      UpdateExpression: bytes === undefined ? 'REMOVE quota_bytes' : 'SET quota_bytes = :quota',
      ConditionExpression: 'attribute_exists(pk)',
      ...(bytes === undefined ? {} : { ExpressionAttributeValues: { ':quota': bytes } }),
    }));
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/**
 * Releases an abandoned upload: the entry (still pending as read), its name claim (still its own),
 * its reservation, its uploader's count and its marker, in one transaction. False when it changed
 * meanwhile (confirmed, renewed, taken over): nothing is released twice.
 */
export async function releaseUpload(item: ItemRecord): Promise<boolean> {
  const claim = nameClaimKey(item.kyk_id, item.parent_id, item.type, item.name_key);
  const items: LabelledItem[] = [
    pendingDelete(item),
    { label: 'nameClaim', Delete: { TableName: table(), Key: claim, ConditionExpression: 'item_id = :id', ExpressionAttributeValues: { ':id': item.id } } },
    ...markerDelete(item),
    ...gramDeletes(item),
  ];
  if (item.reserved === true) {
    items.push(reservationItem({ kykId: item.kyk_id, bytes: -(item.declared_size ?? 0), uploads: -1 }), userCounterItem(item.kyk_id, item.regist_user_id, -1));
  }
  try {
    await transactWrite(items);
    return true;
  } catch (error) {
    if (error instanceof TransactionFailed) return false;
    throw error;
  }
}

export interface QueueMarker {
  kyk_id: string;
  id: string;
  expires_at: number;
}

/** The markers of one hour and shard that have expired by `now`. */
export async function expiredMarkers(hour: number, shard: number, now = epochSeconds()): Promise<QueueMarker[]> {
  const markers: QueueMarker[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new QueryCommand({
      TableName: table(), KeyConditionExpression: 'pk = :pk', FilterExpression: 'expires_at <= :now',
      ExpressionAttributeValues: { ':pk': `UPLOADQ#${hour}#${shard}`, ':now': now }, ExclusiveStartKey: startKey, ConsistentRead: true,
    }));
    markers.push(...(page.Items ?? []) as QueueMarker[]);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return markers;
}

export const queueShards = (): number[] => Array.from({ length: QUEUE_SHARDS }, (_, shard) => shard);

/** Deletes a marker whose entry is gone or no longer pending. */
export async function dropMarker(marker: QueueMarker): Promise<void> {
  await transactWrite(markerDelete({ kyk_id: marker.kyk_id, id: marker.id, expires_at: marker.expires_at }));
}

export async function readSweepHour(): Promise<number | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: sweepStateKey(), ConsistentRead: true }));
  return Item?.next_hour as number | undefined;
}

export async function writeSweepHour(nextHour: number): Promise<void> {
  await db().send(new PutCommand({ TableName: table(), Item: { ...sweepStateKey(), next_hour: nextHour } }));
}

/** What a contract has in use and in waiting, for the operator. */
export async function readUsage(kykId: string): Promise<{ usage_bytes: number; reserved_bytes: number; pending_uploads: number; quota_bytes?: number } | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: contractKey(kykId), ConsistentRead: true }));
  if (!Item) return undefined;
  return {
    usage_bytes: Number(Item.usage_bytes ?? 0), reserved_bytes: Number(Item.reserved_bytes ?? 0), pending_uploads: Number(Item.pending_uploads ?? 0),
    ...(Item.quota_bytes !== undefined ? { quota_bytes: Number(Item.quota_bytes) } : {}),
  };
}
