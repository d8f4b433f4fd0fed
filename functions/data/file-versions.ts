import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ScanStatus } from '#shared/schemas/drive.ts';
import { isLegalDocumentStyle, type DocumentSnapshot, type ScannerCheckResult } from '#shared/schemas/bookkeeping-fields.ts';
import { correctionPut, snapshotOf } from './corrections.ts';
import { lateScanPut } from './late-scans.ts';
import { attentionChange } from './attention.ts';
import { readingConfirmed, type Confirmation } from './read-fields.ts';
import { db } from '#lib/clients.ts';
import { batchWrite } from '#lib/data/batch.ts';
import { decodeCursor, encodeCursor, table, type Keys } from '#lib/data/table.ts';
import { queryAll } from '#lib/data/query.ts';
import { TransactionFailed, transactWrite, type LabelledItem } from '#lib/data/transact.ts';
import { contractKey, usageCounterAdd, type UsageChange } from './contracts.ts';
import { currentScanStatus, ItemChangedError, itemKey, listingKeys, storedBytes, type DocumentFields, type ItemRecord, type PendingVersion } from './drive-items.ts';
import { versionedUpdateItem } from '#lib/data/versioned.ts';
import { partnerChanges, recordPartnerNames } from './drive-search-keys.ts';
import {
  markerDelete, markerKey, markerPut, QuotaExceededError, reservationItem, TooManyPendingError, userCounterItem, type UploadLimits,
} from './pending-uploads.ts';
import { propertyUsageChanges } from './property-items.ts';

/**
 * A file's versions (docs/drive.md "Versions"). Access patterns (functions/lib/data/README.md):
 * - a file's versions, newest first: base table `T#<kyk>#ITEM#<file>` / `VER#<10-digit version>`,
 *   the file's own partition (they hang off the id, so they survive rename, move and the trash);
 * - one version by number: a point read of the same key.
 * Each version's bytes have their own object key (`t/<kyk>/<file>/v<n>`): the bucket keeps no
 * versions of its own (s3rver has none). The file item holds the current version (`version`,
 * `s3_key`, `size`), the bytes of the kept earlier ones (`history_bytes`, so deleting the file gives
 * the usage back in one transaction) and at most one upload of new bytes (`pending_version`), which
 * reserves its bytes like a new file's upload and is confirmed by the storage event.
 */
export interface VersionRecord {
  kyk_id: string;
  item_id: string;
  version: number;
  size: number;
  s3_key: string;
  content_type: string | null;
  regist_user_id: string;
  regist_date: string;
  restored_from?: number;
  /** The malware scan's verdict on these bytes (functions/domain/drive/malware.ts). */
  scan_status?: ScanStatus;
  /** `details`: a correction of the document's details, over the bytes of the version before (absent: new bytes). */
  kind?: 'bytes' | 'details';
  /** A details version that confirmed values read from the bytes (functions/data/read-fields.ts). */
  confirmation?: true;
  /** The details record of a received file's acceptance (functions/drive/arrival-decisions.ts). */
  acceptance?: true;
  /** Why a bookkeeping document changed (docs/e-bookkeeping.md). */
  reason?: string;
  /** The document's details as this version recorded them. */
  fields?: DocumentSnapshot;
  /** SHA-256 of the bytes, hex: computed when the bytes of a bookkeeping document arrive. */
  sha256?: string;
  /** The scanner-storage checks on these bytes. */
  scanner_check?: ScannerCheckResult;
}

const VERSION_DIGITS = 10;
export const versionKey = (kykId: string, itemId: string, version: number): Keys => ({
  pk: itemKey(kykId, itemId).pk,
  sk: `VER#${String(version).padStart(VERSION_DIGITS, '0')}`,
});

export const versionPut = (record: VersionRecord): LabelledItem => ({
  label: 'versionRecord',
  Put: { TableName: table(), Item: { ...versionKey(record.kyk_id, record.item_id, record.version), type: 'file-version', ...record } },
});

/** The first version's record, for the confirmation of a new file's upload (pending-uploads.ts). */
export const firstVersionRecord = (s3Key: string, size: number, version: number) => (item: ItemRecord, now: string): LabelledItem[] => [
  versionPut({
    kyk_id: item.kyk_id, item_id: item.id, version, size, s3_key: s3Key, content_type: item.content_type, regist_user_id: item.regist_user_id, regist_date: now,
    kind: 'bytes', fields: snapshotOf({ ...item, version, size }),
  }),
  // A scan registered after its input deadline joins the contract's list of late scans (docs/e-bookkeeping.md), and "Needs attention".
  ...(item.input_late ? [lateScanPut(item)] : []),
  ...attentionChange(undefined, { ...item, version }),
];

/** The version number the next upload or restore of a file takes. */
export const nextVersionOf = (item: Pick<ItemRecord, 'version' | 'version_seq'>): number => Math.max(item.version_seq ?? 0, item.version) + 1;

/**
 * An upload of new bytes lapses after this long without progress (docs/drive.md "Versions"): from
 * then on it no longer blocks anyone's update, and the sweep releases it. Its registration, every
 * `file_upload_parts` call and its `file_upload_complete` renew it (S3 tells nothing of single parts).
 */
export const VERSION_UPLOAD_IDLE_SECONDS = 15 * 60;

/** Whether an upload of new bytes is under way (not yet abandoned). */
export const hasLivePendingVersion = (item: Pick<ItemRecord, 'pending_version'>, now = Math.floor(Date.now() / 1000)): boolean =>
  item.pending_version !== undefined && item.pending_version.expires_at > now;

export async function getVersion(kykId: string, itemId: string, version: number): Promise<VersionRecord | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: versionKey(kykId, itemId, version), ConsistentRead: true }));
  return Item as VersionRecord | undefined;
}

/**
 * One page of a file's versions, newest first, by key condition on the file's partition. The cursor
 * holds the last version number only; the partition always comes from the caller's tenant and file.
 */
export async function listVersions(kykId: string, itemId: string, options: { pageSize: number; cursor?: string }): Promise<{ versions: VersionRecord[]; nextCursor: string | null } | undefined> {
  let startKey: Record<string, unknown> | undefined;
  if (options.cursor) {
    const decoded = decodeCursor(options.cursor);
    if (!decoded || typeof decoded.v !== 'number' || !Number.isInteger(decoded.v) || decoded.v < 1) return undefined;
    startKey = versionKey(kykId, itemId, decoded.v);
  }
  const { pk } = itemKey(kykId, itemId);
  const { Items = [], LastEvaluatedKey } = await db().send(new QueryCommand({
    TableName: table(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :ver)',
    ExpressionAttributeValues: { ':pk': pk, ':ver': 'VER#' },
    ScanIndexForward: false,
    Limit: options.pageSize,
    ExclusiveStartKey: startKey,
    ConsistentRead: true,
  }));
  const versions = Items as VersionRecord[];
  return { versions, nextCursor: LastEvaluatedKey && versions.length > 0 ? encodeCursor({ v: versions.at(-1)!.version }) : null };
}

/** Every version record of a file (keys and object keys only), for deleting it for good. */
export async function allVersions(kykId: string, itemId: string): Promise<Pick<VersionRecord, 'version' | 's3_key'>[]> {
  return (await queryAll({ ...versionsQuery(kykId, itemId), ProjectionExpression: 'version, s3_key' })) as unknown as Pick<VersionRecord, 'version' | 's3_key'>[];
}

const versionsQuery = (kykId: string, itemId: string) => ({
  TableName: table(),
  KeyConditionExpression: 'pk = :pk AND begins_with(sk, :ver)',
  ExpressionAttributeValues: { ':pk': itemKey(kykId, itemId).pk, ':ver': 'VER#' },
});

/** Removes the version records of a file deleted for good (its usage went with the file). */
export async function deleteVersionRecords(kykId: string, itemId: string, versions: number[]): Promise<void> {
  await batchWrite(versions.map((version) => ({ DeleteRequest: { Key: versionKey(kykId, itemId, version) } })));
}

/**
 * What a file deleted for good gives back, for its deletion's transaction: every kept version's
 * bytes, and an upload of new bytes still under way its reservation, count and marker. One update
 * of the contract item (a transaction may touch an item once).
 */
export function fileDeletionRelease(
  item: Pick<ItemRecord, 'kyk_id' | 'id' | 'size' | 'history_bytes' | 'history_count' | 'pending_version'>, counters: UsageChange = {},
): LabelledItem[] {
  const stored = storedBytes(item);
  const pending = item.pending_version;
  const declared = pending?.declared_size ?? 0;
  // The data-usage counters (functions/data/contracts.ts): the caller's, and the kept versions going.
  const { clause, values } = usageCounterAdd({ ...counters, version_count: -(item.history_count ?? 0), version_bytes: -(item.history_bytes ?? 0) });
  return [
    {
      label: 'usage',
      Update: {
        TableName: table(), Key: contractKey(item.kyk_id),
        UpdateExpression: `SET usage_bytes = usage_bytes - :stored, committed_bytes = committed_bytes - :committed${pending ? ', reserved_bytes = reserved_bytes - :declared, pending_uploads = pending_uploads - :one' : ''}${clause}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':stored': stored, ':committed': stored + declared, ...(pending ? { ':declared': declared, ':one': 1 } : {}), ...values },
      },
    },
    ...(pending ? [userCounterItem(item.kyk_id, pending.user_id, -1), ...markerDelete({ kyk_id: item.kyk_id, id: item.id, expires_at: pending.expires_at })] : []),
  ];
}

/** What an abandoned upload of new bytes holds, given back (the sweep). */
function pendingVersionRelease(item: Pick<ItemRecord, 'kyk_id' | 'id' | 'pending_version'>): LabelledItem[] {
  const pending = item.pending_version!;
  return [
    reservationItem({ kykId: item.kyk_id, bytes: -pending.declared_size, uploads: -1 }),
    userCounterItem(item.kyk_id, pending.user_id, -1),
    ...markerDelete({ kyk_id: item.kyk_id, id: item.id, expires_at: pending.expires_at }),
  ];
}

/**
 * Starts an upload of new bytes for a ready file: the pending version on the file (over the
 * row_version read, the file live), the contract's reservation (quota and cap), the uploader's
 * count and the expiry marker, in one transaction, exactly as a new file's registration. An
 * earlier pending version of the same file (the uploader's own retry, or an abandoned one) is
 * superseded and gives back what it held. Throws ItemChangedError, QuotaExceededError,
 * TooManyPendingError.
 */
export async function registerVersionUpload(item: ItemRecord, pending: PendingVersion, limits: UploadLimits): Promise<ItemRecord> {
  const old = item.pending_version;
  const sameUploader = old !== undefined && old.user_id === pending.user_id;
  const newMarker = markerKey({ kyk_id: item.kyk_id, id: item.id, expires_at: pending.expires_at });
  const oldMarkerSame = old !== undefined && markerKey({ kyk_id: item.kyk_id, id: item.id, expires_at: old.expires_at }).pk === newMarker.pk;
  const items: LabelledItem[] = [
    {
      label: 'item',
      Update: {
        TableName: table(), Key: itemKey(item.kyk_id, item.id),
        UpdateExpression: 'SET pending_version = :pending, version_seq = :seq, row_version = :next',
        ConditionExpression: 'row_version = :rv AND #status = :ready AND attribute_not_exists(trashed_date) AND attribute_not_exists(purging)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':pending': pending, ':seq': pending.version, ':next': item.row_version + 1, ':rv': item.row_version, ':ready': 'ready' },
      },
    },
    reservationItem({ kykId: item.kyk_id, bytes: pending.declared_size - (old?.declared_size ?? 0), uploads: old ? 0 : 1, limits }),
    ...(sameUploader ? [] : [userCounterItem(item.kyk_id, pending.user_id, 1, limits.perUser)]),
    ...(old && !sameUploader ? [userCounterItem(item.kyk_id, old.user_id, -1)] : []),
    ...(old && !oldMarkerSame ? markerDelete({ kyk_id: item.kyk_id, id: item.id, expires_at: old.expires_at }).map((marker) => ({ ...marker, label: 'oldMarker' })) : []),
    markerPut({ kyk_id: item.kyk_id, id: item.id, expires_at: pending.expires_at }),
  ];
  try {
    await transactWrite(items);
  } catch (error) {
    if (error instanceof TransactionFailed) {
      if (error.failed('item')) throw new ItemChangedError();
      if (error.failed('uploaderCap')) throw new TooManyPendingError();
      if (error.failed('reservation')) throw new QuotaExceededError();
    }
    throw error;
  }
  return { ...item, pending_version: pending, version_seq: pending.version, row_version: item.row_version + 1 };
}

/** Records the multipart upload a pending version waits for. */
export async function setPendingVersionUploadId(item: ItemRecord, uploadId: string): Promise<void> {
  await transactWrite([{
    label: 'item',
    Update: {
      TableName: table(), Key: itemKey(item.kyk_id, item.id),
      UpdateExpression: 'SET pending_version.upload_id = :upload',
      ConditionExpression: 'pending_version.s3_key = :key',
      ExpressionAttributeValues: { ':upload': uploadId, ':key': item.pending_version!.s3_key },
    },
  }]);
}

/**
 * Keeps an upload of new bytes waiting until `expiresAt` (its uploader is still at it): the pending
 * version's expiry and its marker in the expiry queue move together, in one transaction, conditional
 * on the pending version being the one read. Not a change of the file (no row_version). True when
 * the upload is still waiting afterwards (a renewal racing this one counts); false when it was
 * confirmed, withdrawn, released or superseded meanwhile.
 */
export async function renewVersionUpload(item: ItemRecord, expiresAt: number): Promise<boolean> {
  const pending = item.pending_version;
  if (!pending) return false;
  const oldMarker = markerKey({ kyk_id: item.kyk_id, id: item.id, expires_at: pending.expires_at });
  const sameMarker = oldMarker.pk === markerKey({ kyk_id: item.kyk_id, id: item.id, expires_at: expiresAt }).pk;
  try {
    await transactWrite([
      {
        label: 'item',
        Update: {
          TableName: table(), Key: itemKey(item.kyk_id, item.id),
          UpdateExpression: 'SET pending_version.expires_at = :exp',
          ConditionExpression: 'pending_version.s3_key = :key AND pending_version.expires_at = :old',
          ExpressionAttributeValues: { ':exp': expiresAt, ':key': pending.s3_key, ':old': pending.expires_at },
        },
      },
      // The marker moves with the expiry (within the same hour it is the same item, rewritten).
      ...(sameMarker ? [] : markerDelete({ kyk_id: item.kyk_id, id: item.id, expires_at: pending.expires_at }).map((marker) => ({ ...marker, label: 'oldMarker' }))),
      markerPut({ kyk_id: item.kyk_id, id: item.id, expires_at: expiresAt }),
    ]);
    return true;
  } catch (error) {
    if (!(error instanceof TransactionFailed)) throw error;
    // Parallel part requests renew side by side: the upload is kept when one of them did it.
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: itemKey(item.kyk_id, item.id), ConsistentRead: true }));
    const now = (Item as ItemRecord | undefined)?.pending_version;
    return now?.s3_key === pending.s3_key && now.expires_at > Math.floor(Date.now() / 1000);
  }
}

export interface ConfirmedVersion {
  item: ItemRecord;
}

/**
 * Confirms new bytes of a file (the storage event): they become the current version, its record
 * is written and the reservation settles, in one transaction; the version they follow is kept
 * (its bytes move to `history_bytes`: every replace keeps the earlier bytes), and for `replace` the
 * new registration's file fields are set. Conditional on the file waiting for exactly this object and size, live, and
 * unchanged since read, so a repeated event counts nothing twice. Undefined when not waiting.
 */
export async function confirmVersionUpload(kykId: string, id: string, s3Key: string, size: number): Promise<ConfirmedVersion | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: itemKey(kykId, id), ConsistentRead: true }));
  const item = Item as ItemRecord | undefined;
  const pending = item?.pending_version;
  if (!item || !pending || pending.s3_key !== s3Key || pending.declared_size !== size || item.trashed_date || item.purging) return undefined;
  // A lapsed upload's bytes arriving after a restore (which took the next number) would go back in time.
  if (pending.version <= item.version) return undefined;
  const now = new Date().toISOString();
  const kept = item.size ?? 0;
  const fields = Object.entries(pending.fields ?? {}).filter(([, value]) => value !== undefined);
  const confirmed: ItemRecord = {
    ...item, ...Object.fromEntries(fields), version: pending.version, s3_key: s3Key, size, content_type: pending.content_type, update_date: now, update_user_id: pending.user_id,
    history_bytes: (item.history_bytes ?? 0) + kept, history_count: (item.history_count ?? 0) + 1, row_version: item.row_version + 1,
  };
  delete confirmed.pending_version;
  const counters = usageCounterAdd({ version_count: 1, version_bytes: kept });
  // New fields (`replace`) move the file in the partner index (drive-search-keys.ts).
  await recordPartnerNames(confirmed);
  try {
    await transactWrite([
      {
        label: 'item',
        Update: {
          TableName: table(), Key: itemKey(kykId, id),
          UpdateExpression: `SET version = :version, s3_key = :key, size = :size, content_type = :ct, update_date = :now, update_user_id = :user, gsi2sk = :gsi2sk, history_bytes = if_not_exists(history_bytes, :zero) + :kept, history_count = if_not_exists(history_count, :zero) + :one, row_version = :next${fields.map(([name]) => `, ${name} = :f_${name}`).join('')} REMOVE pending_version`,
          ConditionExpression: 'pending_version.s3_key = :key AND row_version = :rv AND attribute_not_exists(trashed_date) AND attribute_not_exists(purging)',
          ExpressionAttributeValues: {
            ':version': pending.version, ':key': s3Key, ':size': size, ':ct': pending.content_type, ':now': now, ':user': pending.user_id,
            ':gsi2sk': listingKeys(confirmed).gsi2sk, ':zero': 0, ':kept': kept, ':one': 1, ':next': item.row_version + 1, ':rv': item.row_version,
            ...Object.fromEntries(fields.map(([name, value]) => [`:f_${name}`, value])),
          },
        },
      },
      versionPut({
        kyk_id: kykId, item_id: id, version: pending.version, size, s3_key: s3Key, content_type: pending.content_type, regist_user_id: pending.user_id, regist_date: now,
        kind: 'bytes', fields: snapshotOf(confirmed), ...(pending.reason ? { reason: pending.reason } : {}),
      }),
      // New bytes of a bookkeeping document: a correction, recorded with its reason and what it was before.
      ...(pending.reason || isLegalDocumentStyle(item.document_style)
        ? [correctionPut({ kind: 'correction', item: confirmed, userId: pending.user_id, date: now, reason: pending.reason ?? null, before: snapshotOf(item), after: snapshotOf(confirmed) })]
        : []),
      {
        label: 'usage',
        Update: {
          TableName: table(), Key: contractKey(kykId),
          UpdateExpression: `SET usage_bytes = if_not_exists(usage_bytes, :zero) + :used, reserved_bytes = reserved_bytes - :declared, committed_bytes = committed_bytes + :committed, pending_uploads = pending_uploads - :one${counters.clause}`,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':used': size, ':declared': pending.declared_size, ':committed': size - pending.declared_size, ':one': 1, ':zero': 0, ...counters.values },
        },
      },
      userCounterItem(kykId, pending.user_id, -1),
      ...markerDelete({ kyk_id: kykId, id, expires_at: pending.expires_at }),
      ...partnerChanges(item, confirmed),
    ]);
  } catch (error) {
    if (error instanceof TransactionFailed) return undefined;
    throw error;
  }
  return { item: confirmed };
}

/**
 * Releases an abandoned upload of new bytes (the sweep): the pending version leaves the file and
 * gives back what it held, in one transaction, conditional on it being the one read.
 */
export async function releaseVersionUpload(item: ItemRecord): Promise<boolean> {
  const pending = item.pending_version;
  if (!pending) return false;
  try {
    await transactWrite([
      {
        label: 'item',
        Update: {
          TableName: table(), Key: itemKey(item.kyk_id, item.id),
          UpdateExpression: 'REMOVE pending_version',
          ConditionExpression: 'pending_version.s3_key = :key AND pending_version.expires_at = :exp',
          ExpressionAttributeValues: { ':key': pending.s3_key, ':exp': pending.expires_at },
        },
      },
      ...pendingVersionRelease(item),
    ]);
    return true;
  } catch (error) {
    if (error instanceof TransactionFailed) return false;
    throw error;
  }
}

/**
 * Makes a copy of an earlier version's bytes (already stored under `s3Key`) the newest version:
 * the file's current version is kept, the copy's bytes are added to the usage on condition of the
 * quota, over the row_version read, in one transaction. Throws ItemChangedError,
 * QuotaExceededError.
 */
export async function restoreVersion(
  item: ItemRecord, from: VersionRecord,
  change: { version: number; s3Key: string; userId: string; date: string; expectedVersion: number; quota?: number; now: number; reason?: string },
): Promise<ItemRecord> {
  const restored: ItemRecord = {
    ...item, version: change.version, version_seq: change.version, s3_key: change.s3Key, size: from.size, content_type: from.content_type,
    update_date: change.date, update_user_id: change.userId, history_bytes: (item.history_bytes ?? 0) + (item.size ?? 0), history_count: (item.history_count ?? 0) + 1,
    row_version: change.expectedVersion + 1,
  };
  const counters = usageCounterAdd({ version_count: 1, version_bytes: item.size ?? 0 });
  const quotaCondition = change.quota === undefined
    ? 'attribute_not_exists(quota_bytes)'
    : 'quota_bytes = :quota AND (attribute_not_exists(committed_bytes) OR committed_bytes <= :room)';
  try {
    await transactWrite([
      {
        label: 'item',
        Update: {
          TableName: table(), Key: itemKey(item.kyk_id, item.id),
          UpdateExpression: 'SET version = :version, version_seq = :version, s3_key = :key, size = :size, content_type = :ct, update_date = :now, update_user_id = :user, gsi2sk = :gsi2sk, history_bytes = if_not_exists(history_bytes, :zero) + :kept, history_count = if_not_exists(history_count, :zero) + :one, row_version = :next',
          // An upload of new bytes still under way would land below the restored version: it goes first.
          ConditionExpression: 'row_version = :rv AND #status = :ready AND attribute_not_exists(trashed_date) AND attribute_not_exists(purging) AND (attribute_not_exists(pending_version) OR pending_version.expires_at <= :epoch)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':version': change.version, ':key': change.s3Key, ':size': from.size, ':ct': from.content_type, ':now': change.date, ':user': change.userId,
            ':gsi2sk': listingKeys(restored).gsi2sk, ':zero': 0, ':kept': item.size ?? 0, ':next': change.expectedVersion + 1, ':rv': change.expectedVersion,
            ':ready': 'ready', ':epoch': change.now, ':one': 1,
          },
        },
      },
      versionPut({
        kyk_id: item.kyk_id, item_id: item.id, version: change.version, size: from.size, s3_key: change.s3Key, content_type: from.content_type,
        regist_user_id: change.userId, regist_date: change.date, restored_from: from.version,
        kind: 'bytes', fields: snapshotOf(restored), ...(from.sha256 ? { sha256: from.sha256 } : {}), ...(change.reason ? { reason: change.reason } : {}),
      }),
      ...(change.reason
        ? [correctionPut({ kind: 'correction', item: restored, userId: change.userId, date: change.date, reason: change.reason, before: snapshotOf(item), after: snapshotOf(restored, from.sha256) })]
        : []),
      {
        label: 'usage',
        Update: {
          TableName: table(), Key: contractKey(item.kyk_id),
          UpdateExpression: `SET usage_bytes = if_not_exists(usage_bytes, :zero) + :bytes, committed_bytes = if_not_exists(committed_bytes, :zero) + :bytes${counters.clause}`,
          ConditionExpression: `attribute_exists(pk) AND ${quotaCondition}`,
          ExpressionAttributeValues: { ':bytes': from.size, ':zero': 0, ...counters.values, ...(change.quota === undefined ? {} : { ':quota': change.quota, ':room': change.quota - from.size }) },
        },
      },
    ]);
  } catch (error) {
    if (error instanceof TransactionFailed && error.failed('item')) throw new ItemChangedError();
    if (error instanceof TransactionFailed && error.failed('usage')) throw new QuotaExceededError();
    throw error;
  }
  return restored;
}


/**
 * Records the malware scan's verdict on a version's bytes: on its version record, and on the file
 * with the version it is for (the file shows it while that version is current: `currentScanStatus`).
 * A verdict on an older version never replaces one on a newer. Repeated deliveries write the same
 * values; a file or version gone meanwhile is left alone. Not a change by a user: no `row_version`.
 */
export async function recordScanStatus(kykId: string, itemId: string, version: number, status: ScanStatus): Promise<{ item: boolean; version: boolean }> {
  const conditional = async (work: Promise<unknown>): Promise<boolean> => {
    try {
      await work;
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  };
  const [item, record] = await Promise.all([
    conditional(db().send(new UpdateCommand({
      TableName: table(), Key: itemKey(kykId, itemId),
      UpdateExpression: 'SET scan_status = :status, scan_version = :version',
      ConditionExpression: "attribute_exists(pk) AND #type = :file AND (attribute_not_exists(scan_version) OR scan_version <= :version)",
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':status': status, ':version': version, ':file': 'file' },
    }))),
    conditional(db().send(new UpdateCommand({
      TableName: table(), Key: versionKey(kykId, itemId, version),
      UpdateExpression: 'SET scan_status = :status',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':status': status },
    }))),
  ]);
  return { item, version: record };
}

/**
 * A correction of a bookkeeping document's details (docs/e-bookkeeping.md "Corrections"): a new
 * version over the same bytes (no usage: it stores nothing new), the changed fields on the file and
 * the correction record, in one transaction over the version read. The scan verdict, preview and
 * scanner checks belong to the bytes, so they move on to the new version number. A general file's
 * details change in place (`versioned: false`): no version, no record.
 */
export async function correctDetails(
  item: ItemRecord,
  change: {
    set: DocumentFields; clear: (keyof DocumentFields)[]; userId: string; date: string; reason: string | null; versioned: boolean; expectedVersion: number;
    /** Values taken from the reading of the bytes into empty fields: a confirmation of the details, recorded with their sources. */
    confirmation?: Confirmation;
    /** A received file accepted: its source's style applied (functions/drive/arrival-decisions.ts). */
    acceptance?: true;
  },
): Promise<ItemRecord> {
  const corrected: ItemRecord = { ...item, ...change.set, update_date: change.date, update_user_id: change.userId, row_version: change.expectedVersion + 1 };
  for (const field of change.clear) delete corrected[field];
  // Whoever saves the details has looked at them: read fields no longer wait for confirmation.
  const remove: string[] = [...change.clear, ...(item.fields_read_version !== undefined ? ['fields_read_version'] : [])];
  delete corrected.fields_read_version;
  const set: Record<string, unknown> = { ...change.set, update_date: change.date, update_user_id: change.userId };
  if (change.versioned) {
    const version = nextVersionOf(item);
    Object.assign(corrected, { version, version_seq: version });
    Object.assign(set, { version, version_seq: version });
    if (currentScanStatus(item)) Object.assign(set, { scan_version: version });
    if (item.preview?.version === item.version) set.preview = { ...item.preview, version };
    if (item.scanner_check_version === item.version) set.scanner_check_version = version;
    Object.assign(corrected, { scan_version: set.scan_version ?? item.scan_version, preview: set.preview ?? item.preview, scanner_check_version: set.scanner_check_version ?? item.scanner_check_version });
  }
  Object.assign(set, listingKeys(corrected));
  const previous = change.versioned ? await getVersion(item.kyk_id, item.id, item.version) : undefined;
  // New date, amount or partners move the file in the partner index (drive-search-keys.ts).
  await recordPartnerNames(corrected);
  try {
    await transactWrite([
      ...partnerChanges(item, corrected),
      // New property values: the counters move, and a value removed meanwhile refuses (docs/property-items.md).
      ...propertyUsageChanges(item.kyk_id, item.property_links, corrected.property_links, true),
      versionedUpdateItem('item', {
        key: itemKey(item.kyk_id, item.id), expectedVersion: change.expectedVersion, set, remove,
        condition: '#status = :ready AND attribute_not_exists(trashed_date) AND attribute_not_exists(purging)',
        names: { '#status': 'status' }, values: { ':ready': 'ready' },
      }),
      // A corrected receipt date (late or no longer) or style moves the file in or out of "Needs attention".
      ...attentionChange(item, corrected),
      ...(change.versioned
        ? [
            versionPut({
              kyk_id: item.kyk_id, item_id: item.id, version: corrected.version, size: item.size ?? 0, s3_key: item.s3_key!, content_type: item.content_type,
              regist_user_id: change.userId, regist_date: change.date, kind: 'details', ...(change.confirmation ? { confirmation: true as const } : {}), ...(change.acceptance ? { acceptance: true as const } : {}), fields: snapshotOf(corrected, previous?.sha256),
              ...(previous?.sha256 ? { sha256: previous.sha256 } : {}), ...(previous?.scan_status ? { scan_status: previous.scan_status } : {}),
              ...(previous?.scanner_check ? { scanner_check: previous.scanner_check } : {}), ...(change.reason ? { reason: change.reason } : {}),
            }),
            // A receipt date corrected so that the scan turns out late: it joins the late list.
            ...(change.set.input_late && !item.input_late ? [lateScanPut(corrected)] : []),
            correctionPut({
              kind: change.confirmation ? 'confirmation' : change.acceptance ? 'acceptance' : 'correction', item: corrected, userId: change.userId, date: change.date, reason: change.reason,
              before: snapshotOf(item, previous?.sha256), after: snapshotOf(corrected, previous?.sha256), ...(change.confirmation ? { sources: change.confirmation.sources } : {}),
            }),
          ]
        : []),
      ...(change.confirmation ? [readingConfirmed(item, change.confirmation, change.userId, change.date)] : []),
    ]);
  } catch (error) {
    // A reading replaced meanwhile came with new bytes: the file changed too.
    if (error instanceof TransactionFailed && (error.failed('item') || error.failed('readingConfirmed') || Object.keys(error.reasons).some((label) => label.startsWith('propertyUse')))) throw new ItemChangedError();
    throw error;
  }
  return corrected;
}

/**
 * Records what the storage event found in a bookkeeping document's bytes: their SHA-256 and, for
 * scanner storage, the scanner checks, on the version and (checks) on the file for that version.
 * Not a user's change (no row_version); repeated deliveries write the same values.
 */
export async function recordBookkeepingChecks(
  kykId: string, itemId: string, version: number, found: { sha256?: string; scannerCheck?: ScannerCheckResult },
  /** The file as its bytes were confirmed: the checks' result moves it in or out of "Needs attention" in the same transaction. */
  file?: ItemRecord,
): Promise<void> {
  const sets = [...(found.sha256 ? ['sha256 = :sha'] : []), ...(found.scannerCheck ? ['scanner_check = :check'] : [])];
  if (!sets.length) return;
  const values = { ...(found.sha256 ? { ':sha': found.sha256 } : {}), ...(found.scannerCheck ? { ':check': found.scannerCheck } : {}) };
  await db().send(new UpdateCommand({
    TableName: table(), Key: versionKey(kykId, itemId, version),
    UpdateExpression: `SET ${sets.join(', ')}`, ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: values,
  })).catch((error: unknown) => { if (!(error instanceof ConditionalCheckFailedException)) throw error; });
  if (!found.scannerCheck) return;
  const checked = file ? attentionChange(file, { ...file, version, scanner_check: found.scannerCheck, scanner_check_version: version }) : [];
  await transactWrite([
    {
      label: 'item',
      Update: {
        TableName: table(), Key: itemKey(kykId, itemId),
        UpdateExpression: 'SET scanner_check = :check, scanner_check_version = :version',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(scanner_check_version) OR scanner_check_version <= :version)',
        ExpressionAttributeValues: { ':check': found.scannerCheck, ':version': version },
      },
    },
    ...checked,
  ]).catch((error: unknown) => { if (!(error instanceof TransactionFailed && error.failed('item'))) throw error; });
}

/** Every version record of a file, oldest first (the tax-office export: a document has a handful). */
export async function versionRecords(kykId: string, itemId: string): Promise<VersionRecord[]> {
  return (await queryAll(versionsQuery(kykId, itemId))) as unknown as VersionRecord[];
}
