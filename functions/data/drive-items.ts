import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DriveItem, FolderRef, PermissionPolicy, PermissionSide, PreviewInfo, ScanStatus } from '#shared/schemas/drive.ts';
import { withoutIgnorables } from '#shared/validation.ts';
import { db } from '#lib/clients.ts';
import { decodeCursor, encodeCursor, epochSeconds, table, tenantPrefix, type Keys } from '#lib/data/table.ts';
import { batchGet } from '#lib/data/batch.ts';
import { TransactionFailed, transactWrite, type LabelledItem } from '#lib/data/transact.ts';
import { versionedUpdateItem } from '#lib/data/versioned.ts';
import { DomainError } from '#lib/errors.ts';
import { folderSettingsWrites } from './folder-settings.ts';
import { gramDeletes, gramPuts, searchForm, searchKeys } from './drive-search-keys.ts';

/**
 * Drive entries (files and folders). Access patterns (see functions/lib/data/README.md):
 * - an entry by id: base table `T#<kyk>#ITEM#<id>` / `ITEM` (strongly consistent point reads);
 * - children of a folder by name, folders first: gsi1 `T#<kyk>#FOLDER#<parent>` / `<rank>#<name key>`;
 * - children of a folder by update date, folders first: gsi2, same partition / `<rank>#<update date>#<id>`;
 * - a name taken in a folder: base table `T#<kyk>#FOLDER#<parent>` / `NAME#<rank>#<name key>`, written
 *   in the same transaction as the entry so two concurrent creations cannot both win.
 * Folders partition their children, so no single partition carries a whole tenant's traffic.
 * An entry knows only its parent: moving a folder is one write however much it holds, and paths are
 * read upwards, one batch read per level (`folderPaths`).
 */
export const ROOT_ID = 'root';

export type ItemType = DriveItem['type'];

export interface ItemRecord extends DriveItem {
  kyk_id: string;
  name_key: string;
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
  /** In the trash since then (functions/data/drive-trash.ts): out of its folder's listing, its name free. */
  trashed_date?: string;
  trashed_user_id?: string;
  /** Deleted for good: its subtree and bytes are being removed by the purge (never shown again). */
  purging?: boolean;
  /** New bytes on their way to becoming the newest version (functions/data/file-versions.ts). */
  pending_version?: PendingVersion;
  /** The highest version number handed out (to uploads and restores); `version` when absent. */
  version_seq?: number;
  /** Bytes of the kept earlier versions: with `size`, what the file counts in the contract's usage. */
  history_bytes?: number;
  /** How many kept earlier versions there are (the data-usage version counter gives them back on deletion). */
  history_count?: number;
  /** The malware scan's verdict, and the version it is for (a newer version's bytes are unscanned until theirs arrives). */
  scan_status?: ScanStatus;
  scan_version?: number;
  /** The preview of one version's bytes (functions/domain/drive/previews.ts); shown while that version is current. */
  preview?: StoredPreview;
  /** A folder's own permission settings (functions/domain/drive/folder-access.ts); absent: it follows the folders above. */
  acl?: FolderAcl;
  /** The version the scanner checks (`scanner_check`) were made on. */
  scanner_check_version?: number;
  /** The version whose fields were read from its bytes and wait for a person to confirm them (functions/data/read-fields.ts). */
  fields_read_version?: number;
  /** A bookkeeping document in the trash: why it was deleted (the correction history has the rest). */
  deletion_reason?: string;
  /**
   * In the trash (or purging): the settings of the folders above it that had settings when it was
   * trashed, from the top down; what governs it there once its original path no longer reads to the
   * root (functions/domain/drive/reach.ts). Absent with a broken path: administrators only.
   */
  trash_acls?: FolderAcl[];
  /** A purging folder: who deleted it for good (what its purge records for the documents it keeps). */
  purge_by?: string;
  /** The fixed and dropdown values the file is linked to, `<item no>#<value id>` (functions/data/property-items.ts counts them). */
  property_links?: string[];
}

/** A preview as stored on the file: for the version it was made from. */
export type StoredPreview = PreviewInfo & { version: number };

/** A folder's own permission settings, kept on the folder's item (read with its path, no extra read). */
export interface FolderAcl {
  policy: PermissionPolicy;
  view: PermissionSide;
  update: PermissionSide;
}

/** The SPEC.md §3 file fields a registration records. */
export type DocumentFields = Partial<Pick<ItemRecord,
  'document_style' | 'transaction_date' | 'transaction_amount' | 'recipient' | 'provider' | 'invoice_number' | 'scanner_grade' | 'paper_size' | 'received_date'
  | 'retention_until' | 'input_deadline' | 'input_late' | 'properties' | 'property_links' | 'received'
>>;

export interface PendingVersion {
  version: number;
  s3_key: string;
  declared_size: number;
  content_type: string;
  user_id: string;
  expires_at: number;
  /**
   * `replace`: the new registration's SPEC.md §3 fields, set on the file with its new bytes (the new
   * document takes the old one's place); absent, the file keeps its fields (`old_version`, update).
   */
  fields?: DocumentFields;
  /** A document of a legal style: why its bytes change, recorded with the new version (docs/e-bookkeeping.md). */
  reason?: string;
  upload_id?: string;
}

/** What a file counts in its contract's usage: the current version and every kept earlier one. */
export const storedBytes = (item: Pick<ItemRecord, 'size' | 'history_bytes'>): number => (item.size ?? 0) + (item.history_bytes ?? 0);

/** Whether a pending entry has been abandoned (its time ran out): nobody waits for it any more. */
export const isAbandoned = (item: Pick<ItemRecord, 'status' | 'expires_at' | 'ttl'>, now = epochSeconds()): boolean =>
  item.status === 'pending' && (item.expires_at ?? item.ttl ?? Infinity) <= now;

const rank = (type: ItemType) => (type === 'folder' ? '0' : '1');

/** Names compare case-insensitively, by canonical Unicode form (as Windows and macOS do), and without the invisible characters a name may carry (variation selectors, joiners). */
export const nameKey = (name: string): string => withoutIgnorables(name).normalize('NFC').toLowerCase();

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
  // The search GSIs' partition (drive-search-keys.ts): fixed by the id, written with the listing.
  ...searchKeys(item),
});

/** Whether the entry itself is in the trash or on its way out (its ancestors are checked apart). */
export const isTrashed = (item: Pick<ItemRecord, 'trashed_date' | 'purging'>): boolean => item.trashed_date !== undefined || item.purging === true;

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
  row_version: record.row_version,
  ...(record.type === 'file' ? { document_style: record.document_style ?? 'general' } : {}),
  // Read with the folder itself (its settings live on its item): no extra read per entry.
  ...(record.type === 'folder' && record.acl ? { restricted: true } : {}),
  ...(record.transaction_date !== undefined ? { transaction_date: record.transaction_date } : {}),
  ...(record.transaction_amount !== undefined ? { transaction_amount: record.transaction_amount } : {}),
  ...(record.recipient !== undefined ? { recipient: record.recipient } : {}),
  ...(record.provider !== undefined ? { provider: record.provider } : {}),
  ...bookkeepingView(record),
  ...(record.properties !== undefined && Object.keys(record.properties).length ? { properties: record.properties } : {}),
  ...(currentScanStatus(record) ? { scan_status: currentScanStatus(record) } : {}),
  ...(currentPreview(record) ? { preview: currentPreview(record) } : {}),
  ...(record.fields_read_version !== undefined && record.fields_read_version === record.version ? { fields_read: true } : {}),
  ...(record.received ? { received: record.received } : {}),
});

/** The Electronic Bookkeeping Act's fields a file carries (docs/e-bookkeeping.md). */
function bookkeepingView(record: ItemRecord): Partial<DriveItem> {
  const view: Partial<DriveItem> = {};
  for (const field of ['invoice_number', 'scanner_grade', 'paper_size', 'received_date', 'retention_until', 'input_late', 'input_deadline'] as const) {
    if (record[field] !== undefined) Object.assign(view, { [field]: record[field] });
  }
  // The scanner checks are of one version's bytes: shown while that version is current.
  if (record.scanner_check && record.scanner_check_version === record.version) view.scanner_check = record.scanner_check;
  return view;
}

/** The preview of the file's current bytes, if they have been looked at. */
export function currentPreview(record: Pick<ItemRecord, 'version' | 'preview'>): PreviewInfo | undefined {
  if (record.preview?.version !== record.version) return undefined;
  const { version: _version, ...info } = record.preview;
  return info;
}

/**
 * Records the preview of one version's bytes on the file. Like the scan verdict: a preview of an
 * older version never replaces one of a newer (a new version's may arrive before its upload is
 * confirmed, and is shown once it is), a repeated delivery writes the same values, a file gone
 * meanwhile is left alone, and it is no user's change (`row_version` stays). False when not written.
 */
export async function recordPreview(kykId: string, itemId: string, preview: StoredPreview): Promise<boolean> {
  try {
    await db().send(new UpdateCommand({
      TableName: table(), Key: itemKey(kykId, itemId),
      UpdateExpression: 'SET #preview = :preview',
      ConditionExpression: 'attribute_exists(pk) AND #type = :file AND (attribute_not_exists(#preview) OR #preview.#version <= :version)',
      ExpressionAttributeNames: { '#type': 'type', '#preview': 'preview', '#version': 'version' },
      ExpressionAttributeValues: { ':preview': preview, ':version': preview.version, ':file': 'file' },
    }));
    return true;
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** The scan verdict on the file's current bytes, if they have been scanned. */
export const currentScanStatus = (record: Pick<ItemRecord, 'version' | 'scan_status' | 'scan_version'>): ScanStatus | undefined =>
  record.scan_version === record.version ? record.scan_status : undefined;

export async function getItem(kykId: string, id: string): Promise<ItemRecord | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: itemKey(kykId, id), ConsistentRead: true }));
  return Item as ItemRecord | undefined;
}

/** Whether an entry is still there, in any state (the storage events' check: no caller is asking). */
export const itemExists = async (kykId: string, id: string): Promise<boolean> => (await getItem(kykId, id)) !== undefined;

/** Entries by id in one round trip (missing ones left out, order not kept). */
export async function getItems(kykId: string, ids: string[]): Promise<ItemRecord[]> {
  return batchGet<ItemRecord>(ids.map((id) => itemKey(kykId, id)), { consistent: false });
}

export interface FolderState extends FolderRef {
  parent_id: string;
  trashed: boolean;
  /** An unpublished copy (copy job): nothing below it is shown until the job publishes it. */
  hidden?: boolean;
  acl?: FolderAcl;
}

/** No folder is created, moved or restored deeper than this. */
export const MAX_FOLDER_DEPTH = 50;
/**
 * A path walk stops here: beyond MAX_FOLDER_DEPTH, since moving a deep subtree under a deep folder
 * can nest past it (the subtree's height is not read on a move, so a move stays one write).
 */
const PATH_WALK_LIMIT = 4 * MAX_FOLDER_DEPTH;

export interface FolderPath {
  /** The folders from the top down to the one asked for (the root not included). */
  chain: FolderState[];
  /** A folder on the way is gone (deleted for good) or the walk hit the depth bound. */
  broken: boolean;
}

/**
 * The paths of several folders at once, walking up one level per round trip: each round reads the
 * distinct parents not yet known in one BatchGet, so a page of entries in a few folders costs as
 * many round trips as the deepest of them is deep.
 */
export async function folderPaths(kykId: string, folderIds: string[], options: { consistent?: boolean; onRead?: (count: number) => void } = {}): Promise<Map<string, FolderPath>> {
  const known = new Map<string, FolderState>();
  let frontier = [...new Set(folderIds.filter((id) => id !== ROOT_ID))];
  for (let level = 0; frontier.length > 0 && level <= PATH_WALK_LIMIT; level++) {
    const found = await batchGet<{ id: string; name: string; parent_id: string; trashed_date?: string; purging?: boolean; acl?: FolderAcl; copy_job?: string }>(frontier.map((id) => itemKey(kykId, id)), {
      projection: 'id, #name, parent_id, trashed_date, purging, acl, copy_job',
      names: { '#name': 'name' },
      consistent: options.consistent ?? false,
    });
    options.onRead?.(found.length);
    for (const folder of found) known.set(folder.id, { id: folder.id, name: folder.name, parent_id: folder.parent_id, trashed: isTrashed(folder), ...(folder.acl ? { acl: folder.acl } : {}), ...(folder.copy_job ? { hidden: true } : {}) });
    frontier = [...new Set(found.map((folder) => folder.parent_id).filter((id) => id !== ROOT_ID && !known.has(id)))];
  }
  const paths = new Map<string, FolderPath>();
  for (const id of folderIds) {
    const chain: FolderState[] = [];
    let current = id;
    let broken = false;
    while (current !== ROOT_ID) {
      const folder = known.get(current);
      if (!folder || chain.length > PATH_WALK_LIMIT) {
        broken = true;
        break;
      }
      chain.unshift(folder);
      current = folder.parent_id;
    }
    paths.set(id, { chain, broken });
  }
  return paths;
}

/** One folder's path (see folderPaths). */
export async function folderPath(kykId: string, folderId: string, options: { consistent?: boolean } = {}): Promise<FolderPath> {
  return (await folderPaths(kykId, [folderId], options)).get(folderId)!;
}

/** A path every folder of which is there and out of the trash. */
export const isLivePath = (path: FolderPath): boolean => !path.broken && path.chain.every((folder) => !folder.trashed);

/** A transaction's check that a folder still exists and is neither in the trash nor being purged. */
export const liveFolderCheck = (label: string, kykId: string, folderId: string): LabelledItem => ({
  label,
  ConditionCheck: {
    TableName: table(),
    Key: itemKey(kykId, folderId),
    ConditionExpression: '#type = :folder AND attribute_not_exists(trashed_date) AND attribute_not_exists(purging)',
    ExpressionAttributeNames: { '#type': 'type' },
    ExpressionAttributeValues: { ':folder': 'folder' },
  },
});

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
      ...(record.parent_id === ROOT_ID ? [] : [liveFolderCheck('parentIsFolder', record.kyk_id, record.parent_id)]),
      ...gramPuts(record),
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
  options: { sortItem: SortItem; ascending: boolean; pageSize: number; cursor?: string; foldersOnly?: boolean },
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
    if (options.foldersOnly && decoded.r !== '0') return undefined;
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
    if (phase === '1' || options.foldersOnly) return { items, nextCursor: null };
    phase = '1';
    startKey = undefined;
    if (items.length >= options.pageSize) {
      // Folders filled the page exactly: the next page starts with the files.
      return { items, nextCursor: encodeCursor({ r: '1', s: '', i: '' }) };
    }
  }
}

export class ItemChangedError extends Error {}

/**
 * Renames an entry over the version the caller read: the new name claimed and the old one given
 * back in the same transaction, the listing keys moved with it. A case-only change keeps its claim.
 * Throws NameTakenError (the name is held), ItemChangedError (another change, or the trash, came
 * first: the caller tells which by reading the entry again).
 */
export async function renameItem(item: ItemRecord, name: string, change: { userId: string; date: string; expectedVersion: number }): Promise<ItemRecord> {
  const renamed: ItemRecord = { ...item, name, name_key: nameKey(name), update_date: change.date, update_user_id: change.userId, row_version: change.expectedVersion + 1 };
  const claim = nameClaimKey(item.kyk_id, item.parent_id, item.type, renamed.name_key);
  const claimMoves = renamed.name_key !== item.name_key;
  const listing = listingKeys(renamed);
  try {
    await transactWrite([
      ...(claimMoves
        ? [
            { label: 'nameClaim', Put: { TableName: table(), Item: { ...claim, type: 'name-claim', item_id: item.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
            { label: 'oldClaim', Delete: { TableName: table(), Key: nameClaimKey(item.kyk_id, item.parent_id, item.type, item.name_key), ConditionExpression: 'item_id = :id', ExpressionAttributeValues: { ':id': item.id } } },
          ]
        : []),
      versionedUpdateItem('item', {
        key: itemKey(item.kyk_id, item.id),
        expectedVersion: change.expectedVersion,
        set: { name, name_key: renamed.name_key, update_date: change.date, update_user_id: change.userId, gsi1sk: listing.gsi1sk, gsi2sk: listing.gsi2sk },
        // Still in its folder's listing (not trashed meanwhile) and still in the same folder.
        condition: 'gsi1pk = :listed AND parent_id = :parent',
        values: { ':listed': listing.gsi1pk, ':parent': item.parent_id },
      }),
      // The name's search grams: the old ones out, the new ones in (drive-search-keys.ts); a change
      // the search form does not see (case, width) keeps them.
      ...(searchForm(item.name) === searchForm(name) ? [] : [...gramDeletes(item), ...gramPuts(renamed)]),
    ]);
  } catch (error) {
    if (error instanceof TransactionFailed && error.failed('item')) throw new ItemChangedError();
    if (error instanceof TransactionFailed && error.failed('nameClaim')) throw new NameTakenError(await claimedId(claim));
    if (error instanceof TransactionFailed && error.failed('oldClaim')) throw new ItemChangedError();
    throw error;
  }
  return renamed;
}

/**
 * Moves an entry into another folder over the version read: one write however much a folder holds
 * (entries know only their parent). In one transaction: the name claimed in the new folder and given
 * back in the old, the entry re-filed in the new folder's listing (still where it was read, not
 * trashed), and every folder on the new folder's path checked unchanged and live, so two crossing
 * moves cannot make a cycle and nothing lands in a folder trashed meanwhile. Throws NameTakenError,
 * ItemChangedError (the entry), or PathChangedError (the destination's path).
 */
export async function moveItem(item: ItemRecord, target: { parentId: string; chain: FolderState[] }, change: { expectedVersion: number; checks?: LabelledItem[] }): Promise<ItemRecord> {
  const moved: ItemRecord = { ...item, parent_id: target.parentId, row_version: change.expectedVersion + 1 };
  const claim = nameClaimKey(item.kyk_id, target.parentId, item.type, item.name_key);
  const listing = listingKeys(moved);
  const pathChecks: LabelledItem[] = target.chain.map((folder, index) => ({
    label: `path${index}`,
    ConditionCheck: {
      TableName: table(),
      Key: itemKey(item.kyk_id, folder.id),
      ConditionExpression: '#type = :folder AND parent_id = :parent AND attribute_not_exists(trashed_date) AND attribute_not_exists(purging)',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':folder': 'folder', ':parent': folder.parent_id },
    },
  }));
  try {
    await transactWrite([
      { label: 'nameClaim', Put: { TableName: table(), Item: { ...claim, type: 'name-claim', item_id: item.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { label: 'oldClaim', Delete: { TableName: table(), Key: nameClaimKey(item.kyk_id, item.parent_id, item.type, item.name_key), ConditionExpression: 'item_id = :id', ExpressionAttributeValues: { ':id': item.id } } },
      versionedUpdateItem('item', {
        key: itemKey(item.kyk_id, item.id),
        expectedVersion: change.expectedVersion,
        set: { parent_id: target.parentId, ...listing },
        condition: 'gsi1pk = :listed AND parent_id = :parent',
        values: { ':listed': listingKeys(item).gsi1pk, ':parent': item.parent_id },
      }),
      ...pathChecks,
      ...(change.checks ?? []),
    ]);
  } catch (error) {
    if (error instanceof TransactionFailed && (error.failed('item') || error.failed('oldClaim'))) throw new ItemChangedError();
    if (error instanceof TransactionFailed && pathChecks.some((check) => error.failed(check.label))) throw new PathChangedError();
    if (error instanceof TransactionFailed && error.failed('nameClaim')) throw new NameTakenError(await claimedId(claim));
    throw error;
  }
  return moved;
}

export class PathChangedError extends Error {}

/**
 * The name keys claimed in a folder that begin with a prefix (a name key), by key condition on
 * the folder's claims: the numbered names "name (n).ext" already taken, for "keep both".
 */
export async function claimedNamesStartingWith(kykId: string, folderId: string, type: ItemType, prefix: string): Promise<string[]> {
  const start = nameClaimKey(kykId, folderId, type, prefix);
  const names: string[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': start.pk, ':prefix': start.sk },
      ProjectionExpression: 'sk',
      ConsistentRead: true,
      ExclusiveStartKey: startKey,
    }));
    names.push(...(page.Items ?? []).map((claim) => String(claim.sk).slice(`NAME#${rank(type)}#`.length)));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return names;
}

/**
 * Sets a folder's own permission settings, or removes them (`undefined`: it follows the folders
 * above again), over the version read; the folder must still be a folder out of the trash. Not a
 * change of its contents: the update date (and the listing by date) stays. In the same transaction
 * the contract's list of folders with settings is kept and its settings version moved on
 * (folder-settings.ts), so a move or trash that read the list before is refused. -201 on a lost race.
 */
export async function saveFolderAcl(folder: Pick<ItemRecord, 'kyk_id' | 'id'>, acl: FolderAcl | undefined, expectedVersion: number): Promise<{ row_version: number }> {
  try {
    await transactWrite([
      versionedUpdateItem('item', {
        key: itemKey(folder.kyk_id, folder.id),
        expectedVersion,
        ...(acl ? { set: { acl } } : { remove: ['acl'] }),
        condition: '#type = :folder AND attribute_not_exists(trashed_date) AND attribute_not_exists(purging)',
        names: { '#type': 'type' },
        values: { ':folder': 'folder' },
      }),
      ...folderSettingsWrites(folder.kyk_id, folder.id, acl),
    ]);
  } catch (error) {
    if (error instanceof TransactionFailed && error.failed('item')) throw new DomainError('editedByAnotherUser');
    throw error;
  }
  return { row_version: expectedVersion + 1 };
}
