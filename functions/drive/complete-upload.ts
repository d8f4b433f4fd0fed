import { epochSeconds } from '#lib/data/table.ts';
import { DomainError, InputError } from '#lib/errors.ts';
import { viewerOf } from '#domain/drive/folder-access.ts';
import { reach } from '#domain/drive/reach.ts';
import type { Operation, OperationContext } from '#lib/api-handler.ts';
import { idempotent } from '#lib/idempotency.ts';
import { isAbandoned, toDriveItem } from '#data/drive-items.ts';
import { renewVersionUpload, VERSION_UPLOAD_IDLE_SECONDS } from '#data/file-versions.ts';
import { completeMultipartUpload } from '#lib/object-storage.ts';

/** S3's answers to parts that don't make up the upload: the caller's list is wrong, not the server. */
const rejectedPartErrors = new Set(['InvalidPart', 'InvalidPartOrder', 'EntityTooSmall', 'NoSuchUpload']);

/**
 * Joins the parts of a multipart upload. The entry stays pending until the storage event
 * confirms the joined object, exactly as after a single PUT. Once per Idempotency-Key: the upload's
 * retry loop sends its completion again after a lost answer, when S3 has already joined the parts.
 */
export const completeUpload: Operation<'com_drive/file_upload_complete'> = (context) => idempotent(context, () => complete(context));

async function complete({ caller, input }: OperationContext<'com_drive/file_upload_complete'>) {
  const item = (await reach(viewerOf(caller), input.id, 'upload'))?.entry;
  if (item?.type !== 'file' || !item.s3_key) throw new DomainError('address', {}, {}, 'notice.itemNotFound');
  // New bytes of a ready file (a new version): the same rules, on the pending version.
  const pendingVersion = item.status === 'ready' ? item.pending_version : undefined;
  if (pendingVersion) {
    if (pendingVersion.user_id !== caller.userId) throw new DomainError('permissionError');
    if (pendingVersion.expires_at <= epochSeconds()) throw new DomainError('address', {}, {}, 'notice.itemNotFound');
    if (pendingVersion.upload_id !== input.upload_id) throw new InputError({ upload_id: 'validation.invalidValue' });
    // Renewed first: the storage event that confirms the joined bytes must find the version still waiting.
    if (!(await renewVersionUpload(item, epochSeconds() + VERSION_UPLOAD_IDLE_SECONDS))) throw new DomainError('address', {}, {}, 'notice.itemNotFound');
    await joinParts(pendingVersion.s3_key, input.upload_id, input.parts);
    return { item: toDriveItem(item) };
  }
  // A transfer in progress is its uploader's alone, whatever the caller's drive level.
  if (item.regist_user_id !== caller.userId) throw new DomainError('permissionError');
  // An abandoned upload (its time ran out) takes nothing more: the sweep releases it and aborts its multipart upload.
  if (isAbandoned(item)) throw new DomainError('address', {}, {}, 'notice.itemNotFound');
  if (item.status !== 'pending' || item.upload_id !== input.upload_id) throw new InputError({ upload_id: 'validation.invalidValue' });
  await joinParts(item.s3_key, input.upload_id, input.parts);
  return { item: toDriveItem(item) };
}

async function joinParts(key: string, uploadId: string, parts: { part_number: number; etag: string }[]): Promise<void> {
  try {
    await completeMultipartUpload(key, uploadId, parts);
  } catch (error) {
    if (error instanceof Error && rejectedPartErrors.has(error.name)) throw new InputError({ parts: 'validation.invalidValue' });
    throw error;
  }
}
