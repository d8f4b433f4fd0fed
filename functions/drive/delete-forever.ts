import { DomainError } from '#lib/errors.ts';
import type { Operation } from '#lib/api-handler.ts';
import { eachEntry } from '#domain/drive/bulk.ts';
import { deleteForever } from '#domain/drive/purge.ts';
import { withAccessLog } from '#domain/drive/access-log.ts';
import { ItemChangedError } from '#data/drive-items.ts';
import { getCommonSettings } from '#data/common-settings.ts';
import { againOnSettingsRace, itemNotFound, reach } from '#domain/drive/reach.ts';
import { viewerOf } from '#domain/drive/folder-access.ts';
import { isBookkeepingChange, refuseEarlyPurge } from '#domain/drive/bookkeeping.ts';

/** How long a call works on a large folder before leaving the rest to the scheduled purge. */
export const INLINE_PURGE_MS = 5_000;

/**
 * Deletes trashed entries for good (drive level 3): every stored byte removed and the usage given
 * back. A folder leaves the trash at once; a large one finishes in the background. Who may: reach.ts
 * `purge` (update where it was, by the trash rule; never a folder holding one closed to the caller).
 */
export const deleteDriveItemsForever: Operation<'com_drive/force_delete_btn'> = async ({ caller, input, language, log }) => {
  const deadline = Date.now() + INLINE_PURGE_MS;
  return withAccessLog({ caller, log }, 'delete', (accessed) => eachEntry(input.items, language, async (entry) => {
    await againOnSettingsRace(async () => {
      const reached = await reach(viewerOf(caller), entry.id, 'purge');
      if (!reached) throw itemNotFound();
      const item = reached.entry;
      if (item.row_version !== entry.row_version) throw new DomainError('editedByAnotherUser');
      // A bookkeeping document: never before its retention ends (nor 7 years from its date, whatever
      // it stored); after it, by an administrator, recorded.
      if (item.type === 'file') refuseEarlyPurge(item, (await getCommonSettings(caller.kykId)).settings);
      if (item.type === 'file' && isBookkeepingChange(item) && !caller.rights.admin) throw new DomainError('permissionError');
      try {
        await deleteForever(item, entry.row_version, deadline, log, { by: caller.userId, checks: reached.checks, path: { chain: reached.path, broken: reached.pathBroken } });
        accessed.add(item);
      } catch (error) {
        if (error instanceof ItemChangedError) throw new DomainError('editedByAnotherUser');
        throw error;
      }
    });
  }));
};
