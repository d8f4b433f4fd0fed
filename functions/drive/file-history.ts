import { epochSeconds, nowIso } from '#lib/data/table.ts';
import { DomainError } from '#lib/errors.ts';
import type { Operation } from '#lib/api-handler.ts';
import { getContract } from '#data/contracts.ts';
import { mayChangeItem } from '#domain/access.ts';
import { reachableItem, type ReachedItem, itemNotFound } from '#domain/drive/reach.ts';
import { viewerOf, type DriveViewer } from '#domain/drive/folder-access.ts';
import { refuseIfThreat, refuseVersionIfThreat } from '#domain/drive/malware.ts';
import { noteRecent } from '#domain/drive/recent.ts';
import { extendLocks, isBookkeepingChange, requireReason } from '#domain/drive/bookkeeping.ts';
import { currentScanStatus, ItemChangedError, toDriveItem, type ItemRecord } from '#data/drive-items.ts';
import { getVersion, hasLivePendingVersion, listVersions, nextVersionOf, restoreVersion, type VersionRecord } from '#data/file-versions.ts';
import { QuotaExceededError } from '#data/pending-uploads.ts';
import { getUsers } from '#data/user-directory.ts';
import { copyObject, deleteObjects, objectKey, presignDownload } from '#lib/object-storage.ts';

const versionGone = () => new DomainError('address', {}, {}, 'notice.versionNotFound');

/** A ready file the caller reaches (not in the trash, nor under a trashed folder). */
async function reachableFile(viewer: DriveViewer, id: string): Promise<ReachedItem> {
  const item = await reachableItem(viewer, id);
  if (item?.type !== 'file' || item.status !== 'ready') throw itemNotFound();
  return item;
}

const toVersion = (record: VersionRecord, item: ItemRecord, names: Map<string, string>) => {
  const scanStatus = record.scan_status ?? (record.version === item.version ? currentScanStatus(item) : undefined);
  return {
  version: record.version,
  size: record.size,
  content_type: record.content_type,
  regist_user_id: record.regist_user_id,
  ...(names.has(record.regist_user_id) ? { regist_user_nm: names.get(record.regist_user_id)! } : {}),
  regist_date: record.regist_date,
  current: record.version === item.version,
  ...(record.restored_from !== undefined ? { restored_from: record.restored_from } : {}),
  ...(scanStatus ? { scan_status: scanStatus } : {}),
  kind: record.kind ?? 'bytes',
  ...(record.reason ? { reason: record.reason } : {}),
  ...(record.fields ? { fields: record.fields } : {}),
  ...(record.sha256 ? { sha256: record.sha256 } : {}),
  ...(record.scanner_check ? { scanner_check: record.scanner_check } : {}),
  };
};

/**
 * A file's versions, newest first (view level: whoever may read the file), each with the name of who
 * made it as the user list has it now (one batch read for the page; a deleted user keeps only the id).
 */
export const listFileHistory: Operation<'com_drive/file_history'> = async ({ caller, input }) => {
  const item = await reachableFile(viewerOf(caller), input.id);
  const page = await listVersions(caller.kykId, item.id, { pageSize: input.page_size, ...(input.cursor ? { cursor: input.cursor } : {}) });
  if (!page) throw new DomainError('input', {}, { cursor: 'validation.invalidValue' });
  const users = await getUsers(caller.kykId, [...new Set(page.versions.map((record) => record.regist_user_id))]);
  const names = new Map(users.map((user) => [user.user_id, user.user_nm]));
  return { item: toDriveItem(item), versions: page.versions.map((record) => toVersion(record, item, names)), next_cursor: page.nextCursor };
};

/** A presigned GET of one version, under the file's name (view level). */
export const downloadFileVersion: Operation<'com_drive/file_history_download'> = async ({ caller, input, log }) => {
  const item = await reachableFile(viewerOf(caller), input.id);
  const record = await getVersion(caller.kykId, item.id, input.version);
  if (!record) throw versionGone();
  if (record.version === item.version) refuseIfThreat(item);
  refuseVersionIfThreat(item.name, record);
  const { url, expiresAt } = await presignDownload(record.s3_key, item.name, record.content_type ?? 'application/octet-stream');
  await noteRecent(item, caller.userId, 'download', log);
  return { url, file_name: item.name, size: record.size, expires_at: expiresAt };
};

/**
 * Restores an earlier version as the newest: its bytes are copied (by S3) to a new version, the
 * current one is kept, and the copy counts in the usage (990000090001 past the quota, and nothing
 * changes). Needs the right to change the file; another change in between answers -201.
 */
export const restoreFileVersion: Operation<'com_drive/file_history_restore_btn'> = async ({ caller, input, log }) => {
  const item = await reachableFile(viewerOf(caller), input.id);
  if (!mayChangeItem(caller.rights, caller.userId, item)) throw new DomainError('permissionError');
  if (item.row_version !== input.row_version) throw new DomainError('editedByAnotherUser');
  if (input.version === item.version) throw new DomainError('updateFailure', {}, {}, 'notice.versionAlreadyCurrent');
  if (hasLivePendingVersion(item)) throw new DomainError('updateFailure', {}, {}, 'notice.fileUploading');
  // Bringing back earlier bytes of a bookkeeping document is a correction like any other: with its reason.
  const reason = isBookkeepingChange(item) ? requireReason(input.reason) : undefined;
  const from = await getVersion(caller.kykId, item.id, input.version);
  if (!from) throw versionGone();
  refuseVersionIfThreat(item.name, from);
  const contract = await getContract(caller.kykId);
  const quota = contract?.quota_bytes;
  if (quota !== undefined && (contract?.committed_bytes ?? contract?.usage_bytes ?? 0) + from.size > quota) throw new DomainError('serverCapacityExceeded');

  const version = nextVersionOf(item);
  const key = objectKey(caller.kykId, item.id, version);
  await copyObject(from.s3_key, key);
  try {
    const restored = await restoreVersion(item, from, {
      version, s3Key: key, userId: caller.userId, date: nowIso(), expectedVersion: input.row_version, now: epochSeconds(), ...(quota !== undefined ? { quota } : {}), ...(reason ? { reason } : {}),
    });
    await noteRecent(restored, caller.userId, 'change', log);
    // The copy is new bytes in the bucket: locked as the document's others are (its storage event skips copies).
    if (restored.retention_until) await extendLocks([key], restored.retention_until);
    return { item: toDriveItem(restored) };
  } catch (error) {
    // Nothing was recorded: the copy must not stay behind uncounted.
    await deleteObjects([key]).catch((cleanup: unknown) => log.error('copy of a version not removed', { error: cleanup, kyk: caller.kykId, item: item.id }));
    if (error instanceof QuotaExceededError) throw new DomainError('serverCapacityExceeded');
    if (error instanceof ItemChangedError) throw (await reachableItem(viewerOf(caller), item.id)) ? new DomainError('editedByAnotherUser') : itemNotFound();
    throw error;
  }
};
