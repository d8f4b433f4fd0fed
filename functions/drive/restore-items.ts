import { DomainError } from '#lib/errors.ts';
import type { Operation } from '#lib/api-handler.ts';
import { mayChangeItem } from '#domain/access.ts';
import { eachEntry } from '#domain/drive/bulk.ts';
import { levelWhereItWas, writableFolder } from '#domain/drive/reach.ts';
import { viewerOf } from '#domain/drive/folder-access.ts';
import { withAccessLog } from '#domain/drive/access-log.ts';
import { folderPath, getItem, isLivePath, isTrashed, ItemChangedError, NameTakenError, ROOT_ID, type ItemRecord } from '#data/drive-items.ts';
import { restoreItem, TargetGoneError } from '#data/drive-trash.ts';
import { correctionPut, snapshotOf } from '#data/corrections.ts';
import { nowIso } from '#lib/data/table.ts';
import { isBookkeepingChange } from '#domain/drive/bookkeeping.ts';

/**
 * Restores trashed entries, each where it was or all into one new location, with the restore codes
 * of SPEC.md §8 as docs/drive.md "Codes" maps them: the name taken where it was -990000310001
 * (folder) / -990000310002 (file); the original place gone -990000310003 or in the trash
 * -990000310004; the name taken in the new location -990000310005; the new location gone or in the
 * trash -990000310006; a new location that cannot hold the entry -990000310007.
 */
export const restoreDriveItems: Operation<'com_drive/restore_btn'> = async ({ caller, input, language, log }) => {
  const newLocation = input.folder_id === undefined ? undefined : await writableFolder(viewerOf(caller), input.folder_id);
  return withAccessLog({ caller, log }, 'restore', (accessed) => eachEntry(input.items, language, async (entry) => {
    const item = await getItem(caller.kykId, entry.id);
    if (!item || item.trashed_date === undefined || item.purging) throw new DomainError('address', {}, {}, 'notice.itemNotFound');
    // Folder permissions as where it was: a change there is what a restore is.
    const level = await levelWhereItWas(viewerOf(caller), item);
    if (level < 1 && item.trashed_user_id !== caller.userId) throw new DomainError('address', {}, {}, 'notice.itemNotFound');
    if (!mayChangeItem(caller.rights, caller.userId, { ...item, level })) throw new DomainError('permissionError');
    if (item.row_version !== entry.row_version) throw new DomainError('editedByAnotherUser');

    let target: string;
    if (input.folder_id !== undefined) {
      if (!newLocation) throw new DomainError('restoreNewLocationMissing');
      // A folder goes in only where folders may still nest (a trashed folder's own subtree is unreachable anyway).
      if (item.type === 'folder' && (!newLocation.holdsFolders || newLocation.chain.some((folder) => folder.id === item.id))) throw new DomainError('restoreNewLocationError');
      target = newLocation.id;
    } else {
      target = item.parent_id;
      await originalPlaceUsable(caller.kykId, item);
    }
    try {
      // A bookkeeping document coming back from its logical deletion: recorded in its history too.
      const date = nowIso();
      await restoreItem(item, { parentId: target }, {
        expectedVersion: entry.row_version,
        ...(item.type === 'file' && isBookkeepingChange(item)
          ? { record: (restored: ItemRecord) => [correctionPut({ kind: 'restore', item: restored, userId: caller.userId, date, reason: null, before: null, after: snapshotOf(restored) })] }
          : {}),
      });
      accessed.add(item);
    } catch (error) {
      if (error instanceof NameTakenError) {
        throw new DomainError(input.folder_id !== undefined ? 'restoreSameNameInNewLocation' : item.type === 'folder' ? 'restoreFolderExists' : 'restoreFileExists');
      }
      if (error instanceof TargetGoneError) {
        if (input.folder_id !== undefined) throw new DomainError('restoreNewLocationMissing');
        await originalPlaceUsable(caller.kykId, item);
        throw new DomainError('restoreLocationError');
      }
      if (error instanceof ItemChangedError) {
        const now = await getItem(caller.kykId, entry.id);
        throw now?.trashed_date !== undefined && !now.purging ? new DomainError('editedByAnotherUser') : new DomainError('address', {}, {}, 'notice.itemNotFound');
      }
      throw error;
    }
  }));
};

/** The place an entry was deleted from must still exist (-990000310003) and be out of the trash (-990000310004). */
async function originalPlaceUsable(kykId: string, item: ItemRecord): Promise<void> {
  if (item.parent_id === ROOT_ID) return;
  const parent = await getItem(kykId, item.parent_id);
  if (!parent || parent.purging) throw new DomainError('restoreLocationMissing');
  if (isTrashed(parent) || !isLivePath(await folderPath(kykId, parent.parent_id, { consistent: true }))) throw new DomainError('restoreLocationError');
}
