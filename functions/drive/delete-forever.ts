import { DomainError } from '#lib/errors.ts';
import type { Operation } from '#lib/api-handler.ts';
import { eachEntry } from '#domain/drive/bulk.ts';
import { deleteForever } from '#domain/drive/purge.ts';
import { withAccessLog } from '#domain/drive/access-log.ts';
import { getItem, ItemChangedError } from '#data/drive-items.ts';
import { levelWhereItWas } from '#domain/drive/reach.ts';
import { viewerOf } from '#domain/drive/folder-access.ts';
import { isBookkeepingChange, refuseEarlyPurge } from '#domain/drive/bookkeeping.ts';

/** How long a call works on a large folder before leaving the rest to the scheduled purge. */
export const INLINE_PURGE_MS = 5_000;

/**
 * Deletes trashed entries for good (drive level 3): every stored byte removed and the usage given
 * back. A folder leaves the trash at once; a large one finishes in the background.
 */
export const deleteDriveItemsForever: Operation<'com_drive/force_delete_btn'> = async ({ caller, input, language, log }) => {
  const deadline = Date.now() + INLINE_PURGE_MS;
  return withAccessLog({ caller, log }, 'delete', (accessed) => eachEntry(input.items, language, async (entry) => {
    const item = await getItem(caller.kykId, entry.id);
    if (!item || item.trashed_date === undefined || item.purging) throw new DomainError('address', {}, {}, 'notice.itemNotFound');
    // Folder permissions as where it was: update there (the route already asks drive level 3).
    const level = await levelWhereItWas(viewerOf(caller), item);
    if (level < 1 && item.trashed_user_id !== caller.userId) throw new DomainError('address', {}, {}, 'notice.itemNotFound');
    if (level < 3) throw new DomainError('permissionError');
    if (item.row_version !== entry.row_version) throw new DomainError('editedByAnotherUser');
    // A bookkeeping document: never before its retention ends; after it, by an administrator, recorded.
    const bookkeeping = item.type === 'file' && isBookkeepingChange(item);
    if (bookkeeping) {
      refuseEarlyPurge(item);
      if (!caller.rights.admin) throw new DomainError('permissionError');
    }
    try {
      await deleteForever(item, entry.row_version, deadline, log, caller.userId);
      accessed.add(item);
    } catch (error) {
      if (error instanceof ItemChangedError) throw new DomainError('editedByAnotherUser');
      throw error;
    }
  }));
};
