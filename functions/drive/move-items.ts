import { DomainError } from '#lib/errors.ts';
import type { Operation } from '#lib/api-handler.ts';
import { mayChangeItem } from '#domain/access.ts';
import { eachEntry } from '#domain/drive/bulk.ts';
import { reachableItem, writableFolder, itemNotFound } from '#domain/drive/reach.ts';
import { viewerOf } from '#domain/drive/folder-access.ts';
import { noteRecent } from '#domain/drive/recent.ts';
import { withAccessLog } from '#domain/drive/access-log.ts';
import { ItemChangedError, MAX_FOLDER_DEPTH, moveItem, NameTakenError, PathChangedError } from '#data/drive-items.ts';
import { childrenOf } from '#data/drive-trash.ts';

const destinationGone = () => new DomainError('address', {}, {}, 'notice.destinationMissing');

/**
 * Moves the selected entries into one folder (docs/drive.md "Move"). Entries know only their
 * parent, so a folder of any size moves in one transaction: no job, no half-moved state. Per entry:
 * a folder into itself or below itself is refused (-4 on folder_id), a name held at the destination
 * answers 990000090002 (folder) / 990000090008 (file), a change in between -201, an entry gone -3.
 */
export const moveDriveItems: Operation<'com_drive/move_btn'> = async ({ caller, input, language, log }) => {
  const destination = await writableFolder(viewerOf(caller), input.folder_id);
  if (!destination) throw destinationGone();
  return withAccessLog({ caller, log }, 'move', (accessed) => eachEntry(input.items, language, async (entry) => {
    const item = await reachableItem(viewerOf(caller), entry.id);
    if (!item) throw itemNotFound();
    if (!mayChangeItem(caller.rights, caller.userId, item)) throw new DomainError('permissionError');
    if (item.row_version !== entry.row_version) throw new DomainError('editedByAnotherUser');
    if (item.type === 'folder') {
      if (item.id === destination.id || destination.chain.some((folder) => folder.id === item.id)) throw new DomainError('input', {}, { folder_id: 'notice.moveIntoItself' });
      if (!destination.holdsFolders) throw new DomainError('updateFailure', { max: MAX_FOLDER_DEPTH }, {}, 'notice.folderTooDeep');
      // The active level moves a folder only while it is empty, as it trashes one: a folder takes what is inside along.
      if (caller.rights.drive < 3 && (await childrenOf(caller.kykId, item.id, 1)).length > 0) throw new DomainError('permissionError');
    }
    if (item.parent_id === destination.id) return;
    try {
      const moved = await moveItem(item, { parentId: destination.id, chain: destination.chain }, { expectedVersion: entry.row_version });
      await noteRecent(moved, caller.userId, 'change', log);
      accessed.add(moved, `/${destination.chain.map((folder) => folder.name).join('/')}`);
    } catch (error) {
      if (error instanceof NameTakenError) throw new DomainError(item.type === 'folder' ? 'folderExistsAtDestination' : 'fileExistsAtDestination');
      if (error instanceof ItemChangedError) throw (await reachableItem(viewerOf(caller), entry.id)) ? new DomainError('editedByAnotherUser') : itemNotFound();
      if (error instanceof PathChangedError) throw (await writableFolder(viewerOf(caller), destination.id)) ? new DomainError('editedByAnotherUser') : destinationGone();
      throw error;
    }
  }));
};
