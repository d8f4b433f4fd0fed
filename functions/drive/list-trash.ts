import type { TrashEntry } from '#shared/schemas/drive.ts';
import { DomainError } from '#lib/errors.ts';
import type { Operation } from '#lib/api-handler.ts';
import { toDriveItem, type FolderPath, type ItemRecord } from '#data/drive-items.ts';
import { listTrash } from '#data/drive-trash.ts';
import { viewerOf } from '#domain/drive/folder-access.ts';
import { visibleInTrash } from '#domain/drive/reach.ts';

/**
 * One page of the trash, newest deletion first, each entry with the place it was deleted from.
 * Level 3 (and administrators) read the whole contract's trash; others what they deleted. The
 * places of a page are read together, one batch read per level of the folders above its entries.
 * Folder permissions apply by the trash rule (reach.ts `trashLevel`): the settings of the place it
 * was while that place reads to the root, otherwise those recorded when it was trashed.
 */
export const listTrashPage: Operation<'com_drive/recycle_list'> = async ({ caller, input }) => {
  const whole = caller.rights.drive >= 3;
  const page = await listTrash(caller.kykId, { ...(whole ? {} : { deletedBy: caller.userId }), pageSize: input.page_size, cursor: input.cursor });
  if (!page) throw new DomainError('input', {}, { cursor: 'validation.invalidValue' });
  const visible = await visibleInTrash(viewerOf(caller), page.items);
  return { items: visible.map(({ item, path }) => trashEntry(item, path)), scope: whole ? 'contract' : 'own', next_cursor: page.nextCursor };
};

function trashEntry(item: ItemRecord, path: FolderPath): TrashEntry {
  const original_place = path.broken ? 'missing' : path.chain.some((folder) => folder.trashed) ? 'trashed' : 'present';
  return {
    ...toDriveItem(item), trashed_date: item.trashed_date!, trashed_user_id: item.trashed_user_id!,
    original_path: path.chain.map(({ id, name }) => ({ id, name })), original_place,
  };
}
