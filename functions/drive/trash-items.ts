import { nowIso } from '#lib/data/table.ts';
import { DomainError } from '#lib/errors.ts';
import type { Operation } from '#lib/api-handler.ts';
import { eachEntry } from '#domain/drive/bulk.ts';
import { againOnSettingsRace, reach, recordedSettings, reachableItem } from '#domain/drive/reach.ts';
import { viewerOf } from '#domain/drive/folder-access.ts';
import { withAccessLog } from '#domain/drive/access-log.ts';
import { ItemChangedError, type ItemRecord } from '#data/drive-items.ts';
import { correctionPut, snapshotOf } from '#data/corrections.ts';
import { isBookkeepingChange, requireReason } from '#domain/drive/bookkeeping.ts';
import { trashItem, UploadInProgressError } from '#data/drive-trash.ts';
import { bookkeepingDocumentsBelow } from '#domain/drive/subtree.ts';
import { startFolderRecord } from '#domain/drive/folder-record-job.ts';

/**
 * Moves the selected entries to the trash (docs/drive.md "Trash"). Per entry: gone or already in
 * the trash answers 990000090004 (folder) / 990000090005 (file); changed since the caller saw it
 * -201; still uploading -203. Who may: reach.ts `delete` (level 2 only what it registered, a folder
 * only while empty; never a folder holding one closed to the caller). A bookkeeping document needs
 * the call's `reason` (-4 on `reason` without it): its deletion is logical and recorded. The
 * settings of the folders above go with the entry into the trash, where they keep governing it.
 */
export const trashDriveItems: Operation<'com_drive/delete_btn'> = async ({ caller, input, language, log }) =>
  withAccessLog({ caller, log }, 'trash', (accessed) => eachEntry(input.items, language, async (entry) => {
    const missing = () => new DomainError(entry.type === 'folder' ? 'folderToDeleteMissing' : 'fileToDeleteMissing');
    return againOnSettingsRace(async () => {
      const reached = await reach(viewerOf(caller), entry.id, 'delete');
      if (!reached) throw missing();
      const item = reached.entry;
      if (item.row_version !== entry.row_version) throw new DomainError('editedByAnotherUser');
      // A bookkeeping document is deleted logically: it stays in the trash with every version, and the
      // deletion goes into its correction history with the mandatory reason (docs/e-bookkeeping.md).
      const bookkeeping = item.type === 'file' && isBookkeepingChange(item);
      const reason = bookkeeping ? requireReason(input.reason) : item.type === 'folder' ? await folderReason(caller.kykId, item, input.reason) : undefined;
      const date = nowIso();
      try {
        const trashed = await trashItem(item, {
          userId: caller.userId, date, expectedVersion: entry.row_version, settings: recordedSettings(reached.path), checks: reached.checks,
          ...(reason && item.type === 'folder' ? { reason } : {}),
          ...(reason && bookkeeping ? { reason, record: (trashed: ItemRecord) => [correctionPut({ kind: 'deletion', item: trashed, userId: caller.userId, date, reason, before: snapshotOf(item), after: null })] } : {}),
        });
        // Each bookkeeping document below is deleted with it: recorded one by one by a job (finding 6).
        if (item.type === 'folder' && reason) await startFolderRecord(item, { userId: caller.userId, language }, { kind: 'deletion', date, reason });
        accessed.add(item);
        return trashed.row_version;
      } catch (error) {
        if (error instanceof UploadInProgressError) throw new DomainError('deleteFailure');
        if (error instanceof ItemChangedError) throw (await reachableItem(viewerOf(caller), entry.id)) ? new DomainError('editedByAnotherUser') : missing();
        throw error;
      }
    });
  }));

/**
 * A folder's reason (通達10-2): one whose subtree holds bookkeeping documents deletes them with it,
 * so without a reason it gets -4 on `reason`, saying how many (at least) it holds. The reason stays
 * on the folder in the trash and goes with each document its purge keeps.
 */
async function folderReason(kykId: string, folder: ItemRecord, reason: string | undefined): Promise<string | undefined> {
  if (reason) return reason;
  const documents = await bookkeepingDocumentsBelow(kykId, folder.id, (item) => isBookkeepingChange(item));
  if (documents.count > 0 || documents.cut) throw new DomainError('input', { count: documents.cut ? `${documents.count}+` : documents.count }, { reason: 'validation.folderBookkeepingReasonRequired' });
  return undefined;
}
