import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '#lib/clients.ts';
import { batchWrite } from '#lib/data/batch.ts';
import { decodeCursor, encodeCursor, table, tenantPrefix, type Keys } from '#lib/data/table.ts';
import { TransactionFailed, transactWrite, type LabelledItem } from '#lib/data/transact.ts';
import { versionedUpdateItem } from '#lib/data/versioned.ts';
import { usageCounterUpdate, type UsageChange } from './contracts.ts';
import { fileDeletionRelease } from './file-versions.ts';
import { claimedId, itemKey, type FolderAcl, ItemChangedError, listingKeys, liveFolderCheck, nameClaimKey, NameTakenError, ROOT_ID, storedBytes, type ItemRecord } from './drive-items.ts';
import { gramDeletes, partnerDeletes } from './drive-search-keys.ts';
import { correctionPut, snapshotOf, SYSTEM_USER } from './corrections.ts';
import { propertyUsageChanges } from './property-items.ts';
import { folderSettingsRowDelete } from './folder-settings.ts';
import { attentionChange } from './attention.ts';

/**
 * The trash (docs/drive.md "Trash"). Trashing an entry takes it out of its folder's listing and
 * gives its name back; its own index keys then file it in two sparse trash partitions, newest
 * first: the contract's (`T#<kyk>#TRASH`, on gsi1) and its deleter's (`T#<kyk>#TRASH#USER#<user>`,
 * on gsi2). The entries inside a trashed folder stay where they are, unreachable through it.
 *
 * Deleting for good: a file goes at once with its usage; a folder is marked `purging` and queued
 * (`PURGEQ#<shard>` / `<kyk>#<item>`); the purge removes its subtree in bounded steps, inline as far
 * as time allows and then from the scheduled sweep, so a folder of any size goes without a timeout
 * and a crash only delays it. Emptying the trash queues a marker for the contract's trash alike.
 */
const trashPartition = (kykId: string) => `${tenantPrefix(kykId)}#TRASH`;
const deleterPartition = (kykId: string, userId: string) => `${tenantPrefix(kykId)}#TRASH#USER#${userId}`;

export const trashKeys = (item: { kyk_id: string; id: string; trashed_date: string; trashed_user_id: string }) => ({
  gsi1pk: trashPartition(item.kyk_id),
  gsi1sk: `${item.trashed_date}#${item.id}`,
  gsi2pk: deleterPartition(item.kyk_id, item.trashed_user_id),
  gsi2sk: `${item.trashed_date}#${item.id}`,
});

const PURGE_SHARDS = 4;
const purgeShard = (itemId: string): number => parseInt(itemId.slice(0, 2), 16) % PURGE_SHARDS || 0;
/** The marker of a folder being purged, or (item `TRASH`) of a contract's trash being emptied. */
export const purgeMarkerKey = (shard: number, kykId: string, itemId: string): Keys => ({ pk: `PURGEQ#${shard}`, sk: `${kykId}#${itemId}` });
export const EMPTY_TRASH = 'TRASH';
export const purgeShards = (): number[] => Array.from({ length: PURGE_SHARDS }, (_, shard) => shard);
const markerOf = (kykId: string, itemId: string): Keys => purgeMarkerKey(purgeShard(itemId === EMPTY_TRASH ? kykId : itemId), kykId, itemId);

const TRASH_SHARDS = 4;
const contractShard = (kykId: string): number => [...kykId].reduce((sum, char) => sum + char.charCodeAt(0), 0) % TRASH_SHARDS;
/** A contract whose trash may hold entries: the retention job visits these (and drops the marker once the trash is empty). */
export const trashContractKey = (kykId: string): Keys => ({ pk: `TRASHQ#${contractShard(kykId)}`, sk: kykId });
export const trashShards = (): number[] => Array.from({ length: TRASH_SHARDS }, (_, shard) => shard);
export const retentionStateKey = (): Keys => ({ pk: 'RETENTION#STATE', sk: 'TRASH' });

/** Raised when an entry to trash is still uploading: it has nothing to keep yet. */
export class UploadInProgressError extends Error {}
/** The place a restore writes into is gone, or in the trash, at commit time. */
export class TargetGoneError extends Error {}

/**
 * Moves an entry into the trash over the version the caller read. Conditional on it still being
 * listed in its folder: a second trashing, a rename or a move in between loses (ItemChangedError).
 */
export async function trashItem(
  item: ItemRecord,
  change: {
    userId: string; date: string; expectedVersion: number; reason?: string; record?: (trashed: ItemRecord) => LabelledItem[];
    /** The settings of the folders above it (reach.ts `recordedSettings`): what governs it in the trash once its path is gone. */
    settings: FolderAcl[];
    checks?: LabelledItem[];
  },
): Promise<ItemRecord> {
  if (item.type === 'file' && item.status !== 'ready') throw new UploadInProgressError();
  const trashed: ItemRecord = {
    ...item, trashed_date: change.date, trashed_user_id: change.userId, row_version: change.expectedVersion + 1, ...(change.reason ? { deletion_reason: change.reason } : {}),
    trash_acls: change.settings,
  };
  const keys = trashKeys({ kyk_id: item.kyk_id, id: item.id, trashed_date: change.date, trashed_user_id: change.userId });
  // Outside the transaction, so concurrent trashings of one contract do not conflict on it; a marker
  // left by a trashing that then fails only costs the job one empty look.
  await markTrashContract(item.kyk_id);
  try {
    await transactWrite([
      versionedUpdateItem('item', {
        key: itemKey(item.kyk_id, item.id),
        expectedVersion: change.expectedVersion,
        set: { trashed_date: change.date, trashed_user_id: change.userId, ...keys, ...(change.reason ? { deletion_reason: change.reason } : {}), trash_acls: change.settings },
        condition: 'gsi1pk = :listed AND #status = :ready',
        names: { '#status': 'status' },
        values: { ':listed': listingKeys(item).gsi1pk, ':ready': 'ready' },
      }),
      nameClaimRelease('claim', item),
      usageCounterUpdate(item.kyk_id, trashUsage(item, 1))!,
      // Out of "Needs attention" while in the trash (the restore puts it back).
      ...attentionChange(item, undefined),
      ...(change.record?.(trashed) ?? []),
      ...(change.checks ?? []),
    ]);
  } catch (error) {
    if (error instanceof TransactionFailed && (error.failed('item') || error.failed('claim'))) throw new ItemChangedError();
    throw error;
  }
  return trashed;
}

/**
 * The trash counters of an entry going in (1) or out (-1): a folder counts once, without bytes; a
 * file with every kept version's bytes (what deleting it for good gives back).
 */
const trashUsage = (item: Pick<ItemRecord, 'type' | 'size' | 'history_bytes'>, direction: 1 | -1): UsageChange =>
  ({ trash_count: direction, trash_bytes: item.type === 'file' ? direction * storedBytes(item) : 0 });

const nameClaimRelease = (label: string, item: ItemRecord): LabelledItem => ({
  label,
  Delete: {
    TableName: table(),
    Key: nameClaimKey(item.kyk_id, item.parent_id, item.type, item.name_key),
    ConditionExpression: 'item_id = :id',
    ExpressionAttributeValues: { ':id': item.id },
  },
});

export interface TrashPage {
  items: ItemRecord[];
  nextCursor: string | null;
}

/**
 * One page of the trash, newest deletion first: the whole contract's, or what one user deleted.
 * The cursor carries the last sort key only; the partition always comes from the caller.
 */
export async function listTrash(kykId: string, options: { deletedBy?: string; pageSize: number; cursor?: string }): Promise<TrashPage | undefined> {
  const index = options.deletedBy === undefined ? 'gsi1' : 'gsi2';
  const partition = options.deletedBy === undefined ? trashPartition(kykId) : deleterPartition(kykId, options.deletedBy);
  let startKey: Record<string, unknown> | undefined;
  if (options.cursor) {
    const decoded = decodeCursor(options.cursor);
    const match = typeof decoded?.s === 'string' ? /^[0-9TZ:.-]{20,30}#([0-9a-f-]{36})$/.exec(decoded.s) : null;
    if (!match) return undefined;
    startKey = { ...itemKey(kykId, match[1]!), [`${index}pk`]: partition, [`${index}sk`]: decoded!.s };
  }
  const { Items = [], LastEvaluatedKey } = await db().send(new QueryCommand({
    TableName: table(),
    IndexName: index,
    KeyConditionExpression: `${index}pk = :pk`,
    ExpressionAttributeValues: { ':pk': partition },
    ScanIndexForward: false,
    Limit: options.pageSize,
    ExclusiveStartKey: startKey,
  }));
  return { items: Items as ItemRecord[], nextCursor: LastEvaluatedKey ? encodeCursor({ s: LastEvaluatedKey[`${index}sk`] }) : null };
}

/**
 * Puts a trashed entry back into a folder: its name claimed there, the trash keys replaced by the
 * folder's listing keys, in one transaction with a check that the folder is still there and not in
 * the trash. Throws NameTakenError, TargetGoneError or ItemChangedError (restored, deleted or
 * changed meanwhile).
 */
export async function restoreItem(
  item: ItemRecord,
  target: { parentId: string },
  change: { expectedVersion: number; record?: (restored: ItemRecord) => LabelledItem[]; checks?: LabelledItem[] },
): Promise<ItemRecord> {
  const restored: ItemRecord = { ...item, parent_id: target.parentId, row_version: change.expectedVersion + 1 };
  delete restored.trashed_date;
  delete restored.trashed_user_id;
  delete restored.deletion_reason;
  delete restored.trash_acls;
  const claim = nameClaimKey(item.kyk_id, target.parentId, item.type, item.name_key);
  try {
    await transactWrite([
      { label: 'nameClaim', Put: { TableName: table(), Item: { ...claim, type: 'name-claim', item_id: item.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
      versionedUpdateItem('item', {
        key: itemKey(item.kyk_id, item.id),
        expectedVersion: change.expectedVersion,
        set: { parent_id: target.parentId, ...listingKeys(restored) },
        remove: ['trashed_date', 'trashed_user_id', 'deletion_reason', 'trash_acls'],
        condition: 'gsi1pk = :trash',
        values: { ':trash': trashPartition(item.kyk_id) },
      }),
      ...(target.parentId === ROOT_ID ? [] : [liveFolderCheck('target', item.kyk_id, target.parentId)]),
      usageCounterUpdate(item.kyk_id, trashUsage(item, -1))!,
      ...attentionChange(undefined, restored),
      ...(change.record?.(restored) ?? []),
      ...(change.checks ?? []),
    ]);
  } catch (error) {
    if (error instanceof TransactionFailed && error.failed('item')) throw new ItemChangedError();
    if (error instanceof TransactionFailed && error.failed('target')) throw new TargetGoneError();
    if (error instanceof TransactionFailed && error.failed('nameClaim')) throw new NameTakenError(await claimedId(claim));
    throw error;
  }
  return restored;
}

/**
 * Deletes a trashed file for good over the version read, giving its bytes back. The caller removes
 * the objects afterwards (object-storage.ts). Throws ItemChangedError.
 */
export async function deleteTrashedFile(item: ItemRecord, expectedVersion: number, record: LabelledItem[] = []): Promise<void> {
  try {
    await transactWrite([
      {
        label: 'item',
        Delete: {
          TableName: table(),
          Key: itemKey(item.kyk_id, item.id),
          ConditionExpression: 'row_version = :expected AND gsi1pk = :trash',
          ExpressionAttributeValues: { ':expected': expectedVersion, ':trash': trashPartition(item.kyk_id) },
        },
      },
      // Every kept version counts, and new bytes still uploading give their reservation back.
      ...fileDeletionRelease(item, { file_count: -1, ...trashUsage(item, -1) }),
      ...gramDeletes(item),
      ...partnerDeletes(item),
      ...propertyUsageChanges(item.kyk_id, item.property_links, []),
      ...attentionChange(item, undefined),
      ...record,
    ]);
  } catch (error) {
    if (error instanceof TransactionFailed && error.failed('item')) throw new ItemChangedError();
    throw error;
  }
}

/**
 * Takes a trashed folder out of the trash for good: marked `purging`, out of both trash partitions,
 * its purge queued, in one transaction. Throws ItemChangedError.
 */
export async function startFolderPurge(item: ItemRecord, expectedVersion: number, purge: { by: string; settings: FolderAcl[] | undefined; checks?: LabelledItem[] }): Promise<void> {
  try {
    await transactWrite([
      versionedUpdateItem('item', {
        key: itemKey(item.kyk_id, item.id),
        expectedVersion,
        // What governs the entries its purge leaves in the trash (documents under retention), and who deleted it.
        set: { purging: true, purge_by: purge.by, ...(purge.settings ? { trash_acls: purge.settings } : {}) },
        remove: ['gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', ...(purge.settings ? [] : ['trash_acls'])],
        condition: 'gsi1pk = :trash',
        values: { ':trash': trashPartition(item.kyk_id) },
      }),
      { label: 'marker', Put: { TableName: table(), Item: { ...markerOf(item.kyk_id, item.id), kyk_id: item.kyk_id, item_id: item.id } } },
      usageCounterUpdate(item.kyk_id, trashUsage(item, -1))!,
      ...gramDeletes(item),
      ...(purge.checks ?? []),
    ]);
  } catch (error) {
    if (error instanceof TransactionFailed && error.failed('item')) throw new ItemChangedError();
    throw error;
  }
}

/** Queues the emptying of a contract's trash (idempotent: one marker per contract). */
export async function queueEmptyTrash(kykId: string): Promise<void> {
  await batchWrite([{ PutRequest: { Item: { ...markerOf(kykId, EMPTY_TRASH), kyk_id: kykId, item_id: EMPTY_TRASH } } }]);
}

export interface PurgeMarker {
  kyk_id: string;
  item_id: string;
}

/** The queued purges of one shard (across contracts: the scheduled sweep serves them all). */
export async function purgeMarkers(shard: number): Promise<PurgeMarker[]> {
  const { Items = [] } = await db().send(new QueryCommand({
    TableName: table(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': `PURGEQ#${shard}` },
    ConsistentRead: true,
    Limit: 100,
  }));
  return Items.map((item) => ({ kyk_id: String(item.kyk_id), item_id: String(item.item_id) }));
}

export async function dropPurgeMarker(kykId: string, itemId: string): Promise<void> {
  await batchWrite([{ DeleteRequest: { Key: markerOf(kykId, itemId) } }]);
}

/** Up to `limit` entries filed under a folder (any kind, any state), for the purge. */
export async function childrenOf(kykId: string, folderId: string, limit: number): Promise<ItemRecord[]> {
  const { Items = [] } = await db().send(new QueryCommand({
    TableName: table(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': listingKeys({ kyk_id: kykId, parent_id: folderId, type: 'folder', name_key: '', update_date: '', id: '' }).gsi1pk },
    Limit: limit,
  }));
  return Items as ItemRecord[];
}

/**
 * What a purging folder hands down to what its purge meets: the settings that governed it (its
 * record and its own), who deleted it for good and why. Undefined settings: administrators only.
 */
export interface PurgeInheritance {
  settings: FolderAcl[] | undefined;
  by: string | undefined;
  reason: string | undefined;
}

export const inheritanceOf = (folder: Pick<ItemRecord, 'trash_acls' | 'acl' | 'purge_by' | 'deletion_reason'>): PurgeInheritance => ({
  settings: folder.trash_acls ? [...folder.trash_acls, ...(folder.acl ? [folder.acl] : [])] : undefined,
  by: folder.purge_by,
  reason: folder.deletion_reason,
});

const inheritedAttributes = (inherited: PurgeInheritance) => ({
  ...(inherited.settings ? { trash_acls: inherited.settings } : {}),
  ...(inherited.by ? { purge_by: inherited.by } : {}),
  ...(inherited.reason ? { deletion_reason: inherited.reason } : {}),
});

/**
 * One step of a purge on a child of a purging folder: a ready file is deleted with its usage and
 * name claim; a subfolder is marked purging and queued in its turn (out of its parent's listing).
 * Answers false when the child changed meanwhile (the next step reads it again).
 */
export async function purgeChild(child: ItemRecord, inherited: PurgeInheritance, record: LabelledItem[] = []): Promise<boolean> {
  const key = itemKey(child.kyk_id, child.id);
  const items: LabelledItem[] = child.type === 'folder'
    ? [
        versionedUpdateItem('item', {
          key, expectedVersion: child.row_version,
          set: { purging: true, ...inheritedAttributes(inherited) },
          remove: ['gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', ...(inherited.settings ? [] : ['trash_acls'])],
        }),
        { label: 'marker', Put: { TableName: table(), Item: { ...markerOf(child.kyk_id, child.id), kyk_id: child.kyk_id, item_id: child.id } } },
        ...gramDeletes(child),
      ]
    : [
        { label: 'item', Delete: { TableName: table(), Key: key, ConditionExpression: 'row_version = :expected AND #status = :ready', ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':expected': child.row_version, ':ready': 'ready' } } },
        ...fileDeletionRelease(child, { file_count: -1 }),
        ...gramDeletes(child),
        ...partnerDeletes(child),
        ...propertyUsageChanges(child.kyk_id, child.property_links, []),
        ...attentionChange(child, undefined),
        ...record,
      ];
  try {
    await transactWrite([...items, { label: 'claim', Delete: { TableName: table(), Key: nameClaimKey(child.kyk_id, child.parent_id, child.type, child.name_key) } }]);
    return true;
  } catch (error) {
    if (error instanceof TransactionFailed && error.failed()) return false;
    throw error;
  }
}

/**
 * A step of a purge that meets a document still under retention (docs/e-bookkeeping.md): it is not
 * deleted but moved into the trash on its own (its folder is going), its name given back there and
 * the move recorded in its correction history as the system's. Answers false when it changed meanwhile.
 */
export async function keepInTrash(child: ItemRecord, date: string, inherited: PurgeInheritance): Promise<boolean> {
  // Who deleted its folder for good, and why: the person and reason of its deletion (the system's only when none is known).
  const by = inherited.by ?? SYSTEM_USER;
  const keys = trashKeys({ kyk_id: child.kyk_id, id: child.id, trashed_date: date, trashed_user_id: by });
  // The settings and reason go with it into the trash; who deleted it is its trashed_user_id.
  const handedDown = inheritedAttributes({ ...inherited, by: undefined });
  const kept: ItemRecord = { ...child, trashed_date: date, trashed_user_id: by, row_version: child.row_version + 1, ...handedDown };
  await markTrashContract(child.kyk_id);
  try {
    await transactWrite([
      versionedUpdateItem('item', {
        key: itemKey(child.kyk_id, child.id), expectedVersion: child.row_version,
        set: { trashed_date: date, trashed_user_id: by, ...keys, ...handedDown }, condition: 'attribute_not_exists(trashed_date)',
      }),
      { label: 'claim', Delete: { TableName: table(), Key: nameClaimKey(child.kyk_id, child.parent_id, child.type, child.name_key) } },
      usageCounterUpdate(child.kyk_id, trashUsage(child, 1))!,
      ...attentionChange(child, undefined),
      correctionPut({ kind: 'deletion', item: kept, userId: by, date, reason: inherited.reason ?? null, before: snapshotOf(child), after: null }),
    ]);
    return true;
  } catch (error) {
    if (error instanceof TransactionFailed && error.failed()) return false;
    throw error;
  }
}

/** The last step of a folder's purge, once nothing is filed under it: the folder and its marker go. */
export async function finishFolderPurge(kykId: string, folderId: string): Promise<void> {
  await transactWrite([
    { label: 'item', Delete: { TableName: table(), Key: itemKey(kykId, folderId), ConditionExpression: 'attribute_not_exists(pk) OR purging = :yes', ExpressionAttributeValues: { ':yes': true } } },
    { label: 'marker', Delete: { TableName: table(), Key: markerOf(kykId, folderId) } },
    // Its settings leave the contract's list with it.
    folderSettingsRowDelete(kykId, folderId),
  ]);
}

export async function markTrashContract(kykId: string): Promise<void> {
  await batchWrite([{ PutRequest: { Item: { ...trashContractKey(kykId), kyk_id: kykId } } }]);
}

/** The contracts whose trash may hold entries, in one shard. */
export async function trashContracts(shard: number): Promise<string[]> {
  const contracts: string[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const { Items = [], LastEvaluatedKey } = await db().send(new QueryCommand({
      TableName: table(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `TRASHQ#${shard}` }, ExclusiveStartKey: startKey,
    }));
    contracts.push(...Items.map((item) => String(item.kyk_id)));
    startKey = LastEvaluatedKey;
  } while (startKey);
  return contracts;
}

/**
 * The oldest entries of a contract's trash deleted before `cutoff` (an ISO date): the key
 * condition reads exactly the entries that are due, oldest first.
 */
export async function dueTrash(kykId: string, cutoff: string, limit: number, after?: ItemRecord): Promise<ItemRecord[]> {
  const { Items = [] } = await db().send(new QueryCommand({
    TableName: table(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk < :cutoff',
    ExpressionAttributeValues: { ':pk': trashPartition(kykId), ':cutoff': cutoff },
    ScanIndexForward: true,
    Limit: limit,
    // Past entries the job leaves where they are (documents under retention).
    ...(after ? { ExclusiveStartKey: { ...itemKey(kykId, after.id), gsi1pk: trashPartition(kykId), gsi1sk: trashKeys({ ...after, trashed_date: after.trashed_date!, trashed_user_id: after.trashed_user_id! }).gsi1sk } } : {}),
  }));
  return Items as ItemRecord[];
}

/** Drops a contract's marker once its trash is empty (put back if an entry arrived meanwhile). */
export async function dropTrashContractIfEmpty(kykId: string): Promise<boolean> {
  const isEmpty = async () => (await listTrash(kykId, { pageSize: 1 }))!.items.length === 0;
  if (!(await isEmpty())) return false;
  await batchWrite([{ DeleteRequest: { Key: trashContractKey(kykId) } }]);
  if (await isEmpty()) return true;
  await markTrashContract(kykId);
  return false;
}

/** When the retention job is due next (epoch ms; 0 when it never ran). */
export async function retentionDueAt(): Promise<number> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: retentionStateKey(), ConsistentRead: true }));
  return Number(Item?.next_at ?? 0);
}

export async function setRetentionDueAt(nextAt: number): Promise<void> {
  await batchWrite([{ PutRequest: { Item: { ...retentionStateKey(), next_at: nextAt } } }]);
}

/** A purge queued for a folder that never was in the trash (an unfinished copy's, functions/data/drive-copies.ts). */
export const purgeQueuePut = (kykId: string, itemId: string): LabelledItem => ({
  label: 'purgeMarker',
  Put: { TableName: table(), Item: { ...markerOf(kykId, itemId), kyk_id: kykId, item_id: itemId } },
});
