import { config } from '#lib/config.ts';
import { epochSeconds } from '#lib/data/table.ts';
import type { Operation } from '#lib/api-handler.ts';
import { isAbandoned } from '#data/drive-items.ts';
import { extendUpload } from '#data/pending-uploads.ts';
import { renewVersionUpload, VERSION_UPLOAD_IDLE_SECONDS } from '#data/file-versions.ts';
import { MULTIPART_PART_BYTES } from '#shared/drive-limits.ts';
import { viewerOf } from '#domain/drive/folder-access.ts';
import { itemNotFound, reach } from '#domain/drive/reach.ts';
import { listUploadedParts } from '#lib/object-storage.ts';

const isoOf = (epoch: number) => new Date(epoch * 1000).toISOString();

/**
 * The parts S3 holds of the caller's multipart upload in progress, so a transfer resumed after a
 * reload sends only the rest (docs/drive.md "Resuming an upload"). The upload is its uploader's
 * alone: for anyone else, for a lapsed or finished upload, or another upload id, it does not exist
 * (-3, revealing nothing). The call is a sign of life: a new file's pending entry lives another
 * `uploadPendingHours` from now, new bytes of a file another 15 minutes, each with its sweep marker.
 */
export const uploadPartsList: Operation<'com_drive/file_upload_parts_list'> = async ({ caller, input }) => {
  const item = (await reach(viewerOf(caller), input.id, 'upload'))?.entry;
  if (item?.type !== 'file' || !item.s3_key) throw itemNotFound();
  const now = epochSeconds();
  const pendingVersion = item.status === 'ready' ? item.pending_version : undefined;
  if (pendingVersion) {
    if (pendingVersion.user_id !== caller.userId || pendingVersion.upload_id !== input.upload_id || pendingVersion.expires_at <= now) throw itemNotFound();
    const expiresAt = now + VERSION_UPLOAD_IDLE_SECONDS;
    if (!(await renewVersionUpload(item, expiresAt))) throw itemNotFound();
    const parts = await listUploadedParts(pendingVersion.s3_key, input.upload_id);
    if (!parts) throw itemNotFound();
    return { parts, part_size: MULTIPART_PART_BYTES, size: pendingVersion.declared_size, expires_at: isoOf(expiresAt) };
  }
  if (item.status !== 'pending' || item.regist_user_id !== caller.userId || item.upload_id !== input.upload_id || isAbandoned(item, now)) throw itemNotFound();
  if (item.declared_size === null || item.declared_size === undefined || item.expires_at === undefined) throw itemNotFound();
  const expiresAt = Math.max(item.expires_at, now + config.uploadPendingHours * 3600);
  if (!(await extendUpload({ ...item, expires_at: item.expires_at }, expiresAt))) throw itemNotFound();
  const parts = await listUploadedParts(item.s3_key, input.upload_id);
  if (!parts) throw itemNotFound();
  return { parts, part_size: MULTIPART_PART_BYTES, size: item.declared_size, expires_at: isoOf(expiresAt) };
};
