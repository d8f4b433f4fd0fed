import type { Operation } from '#lib/api-handler.ts';
import { discardUpload } from '#lib/object-storage.ts';
import { getItem } from '#data/drive-items.ts';
import { releaseUpload } from '#data/pending-uploads.ts';
import { releaseVersionUpload } from '#data/file-versions.ts';
import { itemNotFound } from '#domain/drive/reach.ts';

/**
 * The transfers panel's Cancel: the uploader withdraws their upload in progress at once instead of
 * leaving it "uploading" until the sweep releases it a day later. A new file's entry goes with its
 * name claim, reservation and count; new bytes of an existing file leave it as it was. The same
 * conditional release as the sweep's, so a confirmation that wins the race keeps the file (the
 * answer says nothing was pending); bytes that arrive after the release are deleted by the storage
 * event. Only one's own upload: anything else is missing (-3).
 */

export const cancelUpload: Operation<'com_drive/file_upload_cancel'> = async ({ caller, input, log }) => {
  const item = await getItem(caller.kykId, input.id);
  if (!item) throw itemNotFound();
  if (item.status === 'pending' && item.regist_user_id === caller.userId && (await releaseUpload(item))) {
    if (item.s3_key) await discardUpload(item.s3_key, item.upload_id).catch((error: unknown) => log.error('cancelled upload not discarded from S3', { error, kyk: caller.kykId, item: item.id }));
    return { released: true };
  }
  const pending = item.pending_version;
  if (item.status === 'ready' && pending?.user_id === caller.userId && (await releaseVersionUpload(item))) {
    await discardUpload(pending.s3_key, pending.upload_id).catch((error: unknown) => log.error('cancelled version upload not discarded from S3', { error, kyk: caller.kykId, item: item.id }));
    return { released: true };
  }
  // Too late: the bytes arrived and the caller's file (or version) is there.
  if (item.regist_user_id === caller.userId || item.update_user_id === caller.userId) return { released: false };
  throw itemNotFound();
};
