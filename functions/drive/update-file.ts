import { DomainError } from '#lib/errors.ts';
import type { Operation } from '#lib/api-handler.ts';
import { mayChangeItem } from '#domain/access.ts';
import { reachableItem } from '#domain/drive/reach.ts';
import { viewerOf } from '#domain/drive/folder-access.ts';
import { startVersionUpload, uploadLimits } from './version-upload.ts';
import { isBookkeepingChange, requireReason } from '#domain/drive/bookkeeping.ts';

/**
 * New bytes for one existing file (SPEC.md §5: an update takes exactly one file): they become its
 * newest version and the current one is kept as an old version, whatever the document style; for a
 * bookkeeping document with the correction's mandatory reason (docs/e-bookkeeping.md).
 */
export const updateFile: Operation<'com_drive/file_upd_btn'> = async ({ caller, input }) => {
  const item = await reachableItem(viewerOf(caller), input.id);
  if (item?.type !== 'file') throw new DomainError('address', {}, {}, 'notice.itemNotFound');
  if (!mayChangeItem(caller.rights, caller.userId, item)) throw new DomainError('permissionError');
  if (item.status !== 'ready') throw new DomainError('updateFailure', {}, {}, 'notice.fileUploading');
  // New bytes of a bookkeeping document are a correction: the reason goes into its history with them.
  const reason = isBookkeepingChange(item) ? requireReason(input.reason) : undefined;
  const limits = await uploadLimits(caller.kykId, input.size);
  return startVersionUpload({ caller, item, size: input.size, contentType: input.content_type ?? 'application/octet-stream', limits, ...(reason ? { reason } : {}) });
};
