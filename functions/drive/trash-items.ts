import { nowIso } from '#lib/data/table.ts';
import { DomainError } from '#lib/errors.ts';
import type { Operation } from '#lib/api-handler.ts';
import { mayChangeItem } from '#domain/access.ts';
import { eachEntry } from '#domain/drive/bulk.ts';
import { reachableItem } from '#domain/drive/reach.ts';
import { viewerOf } from '#domain/drive/folder-access.ts';
import { withAccessLog } from '#domain/drive/access-log.ts';
import { ItemChangedError, type ItemRecord } from '#data/drive-items.ts';
import { correctionPut, snapshotOf } from '#data/corrections.ts';
import { isBookkeepingChange, requireReason } from '#domain/drive/bookkeeping.ts';
import { childrenOf, trashItem, UploadInProgressError } from '#data/drive-trash.ts';

/**
 * Moves the selected entries to the trash (docs/drive.md "Trash"). Per entry: gone or already in
 * the trash answers 990000090004 (folder) / 990000090005 (file); changed since the caller saw it
 * -201; still uploading -203. At the active level (2) only what the caller registered, and a
 * folder only while it is empty: trashing a folder takes everything inside with it. A bookkeeping
 * document needs the call's `reason` (-4 on `reason` without it): its deletion is logical and recorded.
 */
export const trashDriveItems: Operation<'com_drive/delete_btn'> = async ({ caller, input, language, log }) =>
  withAccessLog({ caller, log }, 'trash', (accessed) => eachEntry(input.items, language, async (entry) => {
    const missing = () => new DomainError(entry.type === 'folder' ? 'folderToDeleteMissing' : 'fileToDeleteMissing');
    const item = await reachableItem(viewerOf(caller), entry.id);
    if (!item) throw missing();
    if (!mayChangeItem(caller.rights, caller.userId, item)) throw new DomainError('permissionError');
    if (item.type === 'folder' && caller.rights.drive < 3 && (await childrenOf(caller.kykId, item.id, 1)).length > 0) throw new DomainError('permissionError');
    if (item.row_version !== entry.row_version) throw new DomainError('editedByAnotherUser');
    // A bookkeeping document is deleted logically: it stays in the trash with every version, and the
    // deletion goes into its correction history with the mandatory reason (docs/e-bookkeeping.md).
    const bookkeeping = item.type === 'file' && isBookkeepingChange(item);
    const reason = bookkeeping ? requireReason(input.reason) : undefined;
    const date = nowIso();
    try {
      await trashItem(item, {
        userId: caller.userId, date, expectedVersion: entry.row_version,
        ...(reason ? { reason, record: (trashed: ItemRecord) => [correctionPut({ kind: 'deletion', item: trashed, userId: caller.userId, date, reason, before: snapshotOf(item), after: null })] } : {}),
      });
      accessed.add(item);
    } catch (error) {
      if (error instanceof UploadInProgressError) throw new DomainError('deleteFailure');
      if (error instanceof ItemChangedError) throw (await reachableItem(viewerOf(caller), entry.id)) ? new DomainError('editedByAnotherUser') : missing();
      throw error;
    }
  }));
