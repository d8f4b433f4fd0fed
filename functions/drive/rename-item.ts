import { nowIso } from '#lib/data/table.ts';
import { DomainError } from '#lib/errors.ts';
import type { Operation } from '#lib/api-handler.ts';
import { mayChangeItem } from '#domain/access.ts';
import { reachableItem, itemNotFound } from '#domain/drive/reach.ts';
import { viewerOf } from '#domain/drive/folder-access.ts';
import { noteRecent } from '#domain/drive/recent.ts';
import { recordAccess } from '#domain/drive/access-log.ts';
import { ItemChangedError, NameTakenError, renameItem, toDriveItem } from '#data/drive-items.ts';


/**
 * Renames a file or folder over the version the caller saw. The name rules are the creation's
 * (shared/validation.ts `itemName`); a name held by another entry of the folder answers
 * -990000090007, a change or trashing in between -201, an entry gone or in the trash -3.
 * Versions, tags and the place stay: the entry keeps its id.
 */
export const renameDriveItem: Operation<'com_drive/rename_btn'> = async ({ caller, input, log }) => {
  const item = await reachableItem(viewerOf(caller), input.id);
  if (!item) throw itemNotFound();
  if (!mayChangeItem(caller.rights, caller.userId, item)) throw new DomainError('permissionError');
  if (item.row_version !== input.row_version) throw new DomainError('editedByAnotherUser');
  if (item.name === input.name) return { item: toDriveItem(item) };
  try {
    const renamed = await renameItem(item, input.name, { userId: caller.userId, date: nowIso(), expectedVersion: input.row_version });
    await noteRecent(renamed, caller.userId, 'change', log);
    await recordAccess({ caller, log }, 'rename', renamed, item.name);
    return { item: toDriveItem(renamed) };
  } catch (error) {
    if (error instanceof NameTakenError && error.existingId !== item.id) throw new DomainError('folderNameDuplicate', {}, { name: 'code.folderNameDuplicate' });
    if (error instanceof ItemChangedError || error instanceof NameTakenError) {
      throw (await reachableItem(viewerOf(caller), input.id)) ? new DomainError('editedByAnotherUser') : itemNotFound();
    }
    throw error;
  }
};
