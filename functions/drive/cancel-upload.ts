import type { Caller, Operation } from '#lib/api-handler.ts';
import { discardUpload } from '#lib/object-storage.ts';
import { type ItemRecord } from '#data/drive-items.ts';
import { releaseUpload } from '#data/pending-uploads.ts';
import { releaseVersionUpload } from '#data/file-versions.ts';
import { viewerOf } from '#domain/drive/folder-access.ts';
import { itemNotFound, reach } from '#domain/drive/reach.ts';

/**
 * The transfers panel's Cancel: the uploader withdraws their upload in progress at once instead of
 * leaving it "uploading" until the sweep releases it. A new file's entry goes with its name claim,
 * reservation and count; new bytes of an existing file leave it as it was. The same conditional
 * release as the sweep's, so a confirmation that wins the race keeps the file (the answer says
 * nothing was pending); bytes that arrive after the release are deleted by the storage event.
 * A new file's upload is its uploader's alone (anything else is missing, -3); another user's new
 * bytes waiting on a file are withdrawn by whoever may change the file (docs/drive.md "Versions"):
 * they would otherwise block its every update until they lapse.
 */

export const cancelUpload: Operation<'com_drive/file_upload_cancel'> = async ({ caller, input, log }) => {
  const item = (await reach(viewerOf(caller), input.id, 'upload'))?.entry;
  if (!item) throw itemNotFound();
  if (item.status === 'pending' && item.regist_user_id === caller.userId && (await releaseUpload(item))) {
    if (item.s3_key) await discardUpload(item.s3_key, item.upload_id).catch((error: unknown) => log.error('cancelled upload not discarded from S3', { error, kyk: caller.kykId, item: item.id }));
    return { released: true };
  }
  if (item.status === 'ready' && item.pending_version && item.pending_version.user_id !== caller.userId) {
    const file = await changeableFile(caller, item.id);
    const pending = file.pending_version;
    if (pending && (await releaseVersionUpload(file))) {
      await discardUpload(pending.s3_key, pending.upload_id).catch((error: unknown) => log.error('withdrawn version upload not discarded from S3', { error, kyk: caller.kykId, item: item.id }));
      return { released: true };
    }
    // Too late: the bytes arrived (or their uploader withdrew them).
    return { released: false };
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

/** The file as the caller reaches it, when they may change it (-3 when they do not reach it, -101 when they only read it). */
async function changeableFile(caller: Caller, id: string): Promise<ItemRecord> {
  const file = (await reach(viewerOf(caller), id, 'change'))?.entry;
  if (file?.type !== 'file') throw itemNotFound();
  return file;
}
