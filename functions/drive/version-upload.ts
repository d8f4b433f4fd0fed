import { config } from '#lib/config.ts';
import { getContract } from '#data/contracts.ts';
import { epochSeconds } from '#lib/data/table.ts';
import { DomainError } from '#lib/errors.ts';
import type { Caller } from '#lib/api-handler.ts';
import { ItemChangedError, toDriveItem, type DocumentFields, type ItemRecord, type PendingVersion } from '#data/drive-items.ts';
import { hasLivePendingVersion, nextVersionOf, registerVersionUpload, setPendingVersionUploadId, VERSION_UPLOAD_IDLE_SECONDS } from '#data/file-versions.ts';
import { QuotaExceededError, readUsage, TooManyPendingError, type UploadLimits } from '#data/pending-uploads.ts';
import { MULTIPART_PART_BYTES, MULTIPART_THRESHOLD_BYTES } from '#shared/drive-limits.ts';
import type { FileRegisterResponse } from '#shared/schemas/drive.ts';
import { discardUpload, objectKey, presignMultipartUpload, presignUpload } from '#lib/object-storage.ts';
import { logger } from '#lib/logger.ts';

/** The contract's limits for an upload, with the quota checked against what is committed already. */
export async function uploadLimits(kykId: string, size: number): Promise<UploadLimits> {
  const contract = await getContract(kykId);
  const limits: UploadLimits = { quota: contract?.quota_bytes, perUser: config.uploadPendingPerUser, perContract: config.uploadPendingPerContract };
  if (limits.quota !== undefined && (contract?.committed_bytes ?? contract?.usage_bytes ?? 0) + size > limits.quota) throw new DomainError('serverCapacityExceeded');
  return limits;
}

/**
 * Starts an upload of new bytes for a ready file (docs/drive.md "Versions"): they get the next
 * version number and their own object key, and the file stays readable as it is until the storage
 * event confirms them; the current version is kept. `fields` (`replace`) are set on the file with them.
 * Another user's upload of new bytes still under way answers -202; one's own is superseded (a retry),
 * and so is anyone's that lapsed (15 minutes without progress): its multipart upload is aborted.
 */
export async function startVersionUpload(
  options: { caller: Caller; item: ItemRecord; size: number; contentType: string; fields?: DocumentFields; limits: UploadLimits; reason?: string },
): Promise<FileRegisterResponse> {
  const { caller, item, size, contentType, fields, limits, reason } = options;
  if (hasLivePendingVersion(item) && item.pending_version!.user_id !== caller.userId) throw new DomainError('updateFailure', {}, {}, 'notice.fileUploading');
  const version = nextVersionOf(item);
  const pending: PendingVersion = {
    version, s3_key: objectKey(caller.kykId, item.id, version), declared_size: size, content_type: contentType,
    user_id: caller.userId, expires_at: epochSeconds() + VERSION_UPLOAD_IDLE_SECONDS,
    ...(fields ? { fields } : {}),
    ...(reason ? { reason } : {}),
  };
  let updated: ItemRecord;
  try {
    updated = await registerVersionUpload(item, pending, limits);
  } catch (error) {
    if (error instanceof ItemChangedError) throw new DomainError('editedByAnotherUser');
    if (error instanceof TooManyPendingError) throw new DomainError('updateFailure', {}, {}, 'notice.tooManyPendingUploads');
    if (error instanceof QuotaExceededError) {
      const usage = await readUsage(caller.kykId);
      if (usage && usage.pending_uploads >= limits.perContract) throw new DomainError('updateFailure', {}, {}, 'notice.tooManyPendingUploads');
      throw new DomainError('serverCapacityExceeded');
    }
    throw error;
  }
  // The upload this one superseded takes no more bytes (what it held went back in the transaction).
  const superseded = item.pending_version;
  if (superseded && superseded.s3_key !== pending.s3_key) {
    await discardUpload(superseded.s3_key, superseded.upload_id).catch((error: unknown) => logger.error('superseded version upload not discarded from S3', { error, kyk: caller.kykId, item: item.id }));
  }
  if (size > MULTIPART_THRESHOLD_BYTES) {
    const multipart = await presignMultipartUpload(pending.s3_key, size, contentType, MULTIPART_PART_BYTES);
    await setPendingVersionUploadId(updated, multipart.uploadId);
    return {
      item: toDriveItem(updated),
      upload: { method: 'MULTIPART', upload_id: multipart.uploadId, part_size: MULTIPART_PART_BYTES, parts: multipart.parts, expires_at: multipart.expiresAt },
      upload_version: version,
    };
  }
  const upload = await presignUpload(pending.s3_key, size, contentType);
  return { item: toDriveItem(updated), upload: { method: 'PUT', url: upload.url, headers: upload.headers, expires_at: upload.expiresAt }, upload_version: version };
}
