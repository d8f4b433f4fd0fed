import { DomainError } from '#lib/errors.ts';
import type { Operation } from '#lib/api-handler.ts';
import { eachEntry } from '#domain/drive/bulk.ts';
import { againOnSettingsRace, reach, writableFolder, type Reach } from '#domain/drive/reach.ts';
import { viewerOf } from '#domain/drive/folder-access.ts';
import { withAccessLog } from '#domain/drive/access-log.ts';
import { ItemChangedError, NameTakenError, ROOT_ID, type ItemRecord } from '#data/drive-items.ts';
import { restoreItem, TargetGoneError } from '#data/drive-trash.ts';
import { correctionPut, snapshotOf } from '#data/corrections.ts';
import { nowIso } from '#lib/data/table.ts';
import { isBookkeepingChange } from '#domain/drive/bookkeeping.ts';
import { startFolderRecord } from '#domain/drive/folder-record-job.ts';

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
    return againOnSettingsRace(() => restoreOne(entry, accessed));
  }));

  /** Answers the entry's row_version once back. */
  async function restoreOne(entry: (typeof input.items)[number], accessed: Parameters<Parameters<typeof withAccessLog>[2]>[0]): Promise<number> {
    // The trash rule (reach.ts `restore`): a change where it was is what a restore is.
    const reached = await reach(viewerOf(caller), entry.id, 'restore');
    if (!reached) throw new DomainError('address', {}, {}, 'notice.itemNotFound');
    const item = reached.entry;
    if (item.row_version !== entry.row_version) throw new DomainError('editedByAnotherUser');

    let target: string;
    if (input.folder_id !== undefined) {
      if (!newLocation) throw new DomainError('restoreNewLocationMissing');
      // A folder goes in only where folders may still nest (a trashed folder's own subtree is unreachable anyway).
      if (item.type === 'folder' && (!newLocation.holdsFolders || newLocation.chain.some((folder) => folder.id === item.id))) throw new DomainError('restoreNewLocationError');
      target = newLocation.id;
    } else {
      target = item.parent_id;
      originalPlaceUsable(item, reached);
    }
    try {
      // A bookkeeping document coming back from its logical deletion: recorded in its history too.
      const date = nowIso();
      const restored = await restoreItem(item, { parentId: target }, {
        expectedVersion: entry.row_version, checks: reached.checks,
        ...(item.type === 'file' && isBookkeepingChange(item)
          ? { record: (restored: ItemRecord) => [correctionPut({ kind: 'restore', item: restored, userId: caller.userId, date, reason: null, before: null, after: snapshotOf(restored) })] }
          : {}),
      });
      // A folder deleted with a reason held bookkeeping documents: each one's restoration is recorded too (finding 6).
      if (item.type === 'folder' && item.deletion_reason) await startFolderRecord(item, { userId: caller.userId, language }, { kind: 'restore', date, reason: null });
      accessed.add(item);
      return restored.row_version;
    } catch (error) {
      if (error instanceof NameTakenError) {
        throw new DomainError(input.folder_id !== undefined ? 'restoreSameNameInNewLocation' : item.type === 'folder' ? 'restoreFolderExists' : 'restoreFileExists');
      }
      if (error instanceof TargetGoneError) {
        if (input.folder_id !== undefined) throw new DomainError('restoreNewLocationMissing');
        const now = await reach(viewerOf(caller), entry.id, 'see-trashed');
        if (now) originalPlaceUsable(item, now);
        throw new DomainError('restoreLocationError');
      }
      if (error instanceof ItemChangedError) {
        throw (await reach(viewerOf(caller), entry.id, 'see-trashed')) ? new DomainError('editedByAnotherUser') : new DomainError('address', {}, {}, 'notice.itemNotFound');
      }
      throw error;
    }
  }
};

/** The place an entry was deleted from (as reach read it) must still exist (-990000310003) and be out of the trash (-990000310004). */
function originalPlaceUsable(item: ItemRecord, reached: Reach): void {
  if (item.parent_id === ROOT_ID) return;
  const parent = reached.path.at(-1);
  if (parent?.id !== item.parent_id) throw new DomainError('restoreLocationMissing');
  if (reached.pathBroken || reached.path.some((folder) => folder.trashed)) throw new DomainError('restoreLocationError');
}
