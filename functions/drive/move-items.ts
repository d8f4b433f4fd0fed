import { DomainError } from '#lib/errors.ts';
import type { Operation } from '#lib/api-handler.ts';
import { eachEntry } from '#domain/drive/bulk.ts';
import { againOnSettingsRace, reach, reachableItem, writableFolder, itemNotFound } from '#domain/drive/reach.ts';
import { viewerOf } from '#domain/drive/folder-access.ts';
import { nestsDeeperThan } from '#domain/drive/subtree.ts';
import { noteRecent } from '#domain/drive/recent.ts';
import { withAccessLog } from '#domain/drive/access-log.ts';
import { ItemChangedError, MAX_FOLDER_DEPTH, moveItem, NameTakenError, PathChangedError } from '#data/drive-items.ts';

const destinationGone = () => new DomainError('address', {}, {}, 'notice.destinationMissing');
const tooDeep = () => new DomainError('updateFailure', { max: MAX_FOLDER_DEPTH }, {}, 'notice.folderTooDeep');

/**
 * Moves the selected entries into one folder (docs/drive.md "Move"). Entries know only their
 * parent, so a folder of any size moves in one transaction: no job, no half-moved state. Per entry:
 * who may is reach.ts `move` (a folder holding one closed to the caller is refused whole, -101); a
 * folder into itself or below itself is refused (-4 on folder_id), and one whose subtree would then
 * nest deeper than folders may (-202); a name held at the destination answers 990000090002 (folder)
 * / 990000090008 (file), a change in between -201, an entry gone -3.
 */
export const moveDriveItems: Operation<'com_drive/move_btn'> = async ({ caller, input, language, log }) => {
  const destination = await writableFolder(viewerOf(caller), input.folder_id);
  if (!destination) throw destinationGone();
  return withAccessLog({ caller, log }, 'move', (accessed) => eachEntry(input.items, language, async (entry) =>
    againOnSettingsRace(async () => {
      const reached = await reach(viewerOf(caller), entry.id, 'move');
      if (!reached) throw itemNotFound();
      const item = reached.entry;
      if (item.row_version !== entry.row_version) throw new DomainError('editedByAnotherUser');
      if (item.type === 'folder') {
        if (item.id === destination.id || destination.chain.some((folder) => folder.id === item.id)) throw new DomainError('input', {}, { folder_id: 'notice.moveIntoItself' });
        if (!destination.holdsFolders) throw tooDeep();
      }
      if (item.parent_id === destination.id) return item.row_version;
      // The folder lands at the destination's depth + 1: what it holds must still fit under the bound.
      if (item.type === 'folder' && (await nestsDeeperThan(caller.kykId, item.id, MAX_FOLDER_DEPTH - destination.chain.length - 1))) throw tooDeep();
      try {
        const moved = await moveItem(item, { parentId: destination.id, chain: destination.chain }, { expectedVersion: entry.row_version, checks: reached.checks });
        await noteRecent(moved, caller.userId, 'change', log);
        accessed.add(moved, `/${destination.chain.map((folder) => folder.name).join('/')}`);
        return moved.row_version;
      } catch (error) {
        if (error instanceof NameTakenError) throw new DomainError(item.type === 'folder' ? 'folderExistsAtDestination' : 'fileExistsAtDestination');
        if (error instanceof ItemChangedError) throw (await reachableItem(viewerOf(caller), entry.id)) ? new DomainError('editedByAnotherUser') : itemNotFound();
        if (error instanceof PathChangedError) throw (await writableFolder(viewerOf(caller), destination.id)) ? new DomainError('editedByAnotherUser') : destinationGone();
        throw error;
      }
    })));
};
