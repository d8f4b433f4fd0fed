import { MULTIPART_PART_BYTES } from '#shared/drive-limits.ts';
import { epochSeconds } from '#lib/data/table.ts';
import { DomainError, InputError } from '#lib/errors.ts';
import { viewerOf } from '#domain/drive/folder-access.ts';
import { reach } from '#domain/drive/reach.ts';
import type { Operation } from '#lib/api-handler.ts';
import { isAbandoned } from '#data/drive-items.ts';
import { extendUpload } from '#data/pending-uploads.ts';
import { config } from '#lib/config.ts';
import { renewVersionUpload, VERSION_UPLOAD_IDLE_SECONDS } from '#data/file-versions.ts';
import { presignParts } from '#lib/object-storage.ts';

/**
 * Re-signs parts of the caller's multipart upload in progress (the first URLs last 15 minutes). For
 * new bytes of a file the call is the upload's sign of life: it keeps the waiting version another 15
 * minutes (docs/drive.md "Versions"); for a new file it moves the pending entry's expiry a full
 * `uploadPendingHours` on (docs/drive.md "Resuming an upload").
 */
export const uploadParts: Operation<'com_drive/file_upload_parts'> = async ({ caller, input }) => {
  const item = (await reach(viewerOf(caller), input.id, 'upload'))?.entry;
  if (item?.type !== 'file' || !item.s3_key) throw new DomainError('address', {}, {}, 'notice.itemNotFound');
  // New bytes of a ready file (a new version): the same rules, on the pending version.
  const pendingVersion = item.status === 'ready' ? item.pending_version : undefined;
  if (pendingVersion) {
    if (pendingVersion.user_id !== caller.userId) throw new DomainError('permissionError');
    if (pendingVersion.expires_at <= epochSeconds()) throw new DomainError('address', {}, {}, 'notice.itemNotFound');
    if (pendingVersion.upload_id !== input.upload_id) throw new InputError({ upload_id: 'validation.invalidValue' });
    if (!(await renewVersionUpload(item, epochSeconds() + VERSION_UPLOAD_IDLE_SECONDS))) throw new DomainError('address', {}, {}, 'notice.itemNotFound');
    const { parts, expiresAt } = await presignParts(pendingVersion.s3_key, input.upload_id, pendingVersion.declared_size, MULTIPART_PART_BYTES, input.part_numbers);
    return { parts, expires_at: expiresAt };
  }
  // A transfer in progress is its uploader's alone, whatever the caller's drive level.
  if (item.regist_user_id !== caller.userId) throw new DomainError('permissionError');
  // An abandoned upload (its time ran out) takes nothing more: the sweep releases it and aborts its multipart upload.
  if (isAbandoned(item)) throw new DomainError('address', {}, {}, 'notice.itemNotFound');
  if (item.status !== 'pending' || item.upload_id !== input.upload_id || item.declared_size === null) {
    throw new InputError({ upload_id: 'validation.invalidValue' });
  }
  // A sign of life: the pending entry lives another `uploadPendingHours` from now, so the sweep never takes an upload that progresses.
  if (item.expires_at !== undefined && !(await extendUpload({ ...item, expires_at: item.expires_at }, epochSeconds() + config.uploadPendingHours * 3600))) {
    throw new DomainError('address', {}, {}, 'notice.itemNotFound');
  }
  const { parts, expiresAt } = await presignParts(item.s3_key, input.upload_id, item.declared_size, MULTIPART_PART_BYTES, input.part_numbers);
  return { parts, expires_at: expiresAt };
};
