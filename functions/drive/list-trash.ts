import type { TrashEntry } from '#shared/schemas/drive.ts';
import { DomainError } from '#lib/errors.ts';
import type { Operation } from '#lib/api-handler.ts';
import { folderPaths, toDriveItem, type FolderPath, type ItemRecord } from '#data/drive-items.ts';
import { listTrash } from '#data/drive-trash.ts';
import { levelUnder, viewerOf } from '#domain/drive/folder-access.ts';
import { governing } from '#domain/drive/reach.ts';

/**
 * One page of the trash, newest deletion first, each entry with the place it was deleted from.
 * Level 3 (and administrators) see the whole contract's trash; others what they deleted. The
 * places of a page are read together, one batch read per level of the folders above its entries.
 * Folder permissions apply as where the entry was: an entry from a folder closed to the caller is
 * left out, unless the caller deleted it themselves.
 */
export const listTrashPage: Operation<'com_drive/recycle_list'> = async ({ caller, input }) => {
  const whole = caller.rights.drive >= 3;
  const page = await listTrash(caller.kykId, { ...(whole ? {} : { deletedBy: caller.userId }), pageSize: input.page_size, cursor: input.cursor });
  if (!page) throw new DomainError('input', {}, { cursor: 'validation.invalidValue' });
  const paths = await folderPaths(caller.kykId, page.items.map((item) => item.parent_id));
  const viewer = viewerOf(caller);
  const open = (item: ItemRecord) => {
    const chain = paths.get(item.parent_id)!.chain;
    return item.trashed_user_id === caller.userId || levelUnder(governing(item, chain), viewer) >= 1;
  };
  return { items: page.items.filter(open).map((item) => trashEntry(item, paths.get(item.parent_id)!)), scope: whole ? 'contract' : 'own', next_cursor: page.nextCursor };
};

function trashEntry(item: ItemRecord, path: FolderPath): TrashEntry {
  const original_place = path.broken ? 'missing' : path.chain.some((folder) => folder.trashed) ? 'trashed' : 'present';
  return {
    ...toDriveItem(item), trashed_date: item.trashed_date!, trashed_user_id: item.trashed_user_id!,
    original_path: path.chain.map(({ id, name }) => ({ id, name })), original_place,
  };
}
