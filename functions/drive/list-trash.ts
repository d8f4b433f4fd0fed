import type { TrashEntry } from '#shared/schemas/drive.ts';
import { DomainError } from '#lib/errors.ts';
import type { Operation } from '#lib/api-handler.ts';
import { folderStates, ROOT_ID, toDriveItem, type ItemRecord } from '#data/drive-items.ts';
import { listTrash } from '#data/drive-trash.ts';

/**
 * One page of the trash, newest deletion first, each entry with the place it was deleted from.
 * Level 3 (and administrators) see the whole contract's trash; others what they deleted. The
 * places of a page are read in one batch (the distinct folders above its entries).
 */
export const listTrashPage: Operation<'com_drive/recycle_list'> = async ({ caller, input }) => {
  const whole = caller.rights.drive >= 3;
  const page = await listTrash(caller.kykId, { ...(whole ? {} : { deletedBy: caller.userId }), pageSize: input.page_size, cursor: input.cursor });
  if (!page) throw new DomainError('input', {}, { cursor: 'validation.invalidValue' });
  const folderIds = [...new Set(page.items.flatMap((item) => item.ancestors.filter((id) => id !== ROOT_ID)))];
  const folders = new Map((await folderStates(caller.kykId, folderIds)).map((folder) => [folder.id, folder]));
  return { items: page.items.map((item) => trashEntry(item, folders)), scope: whole ? 'contract' : 'own', next_cursor: page.nextCursor };
};

function trashEntry(item: ItemRecord, folders: Map<string, { id: string; name: string; trashed: boolean }>): TrashEntry {
  const above = item.ancestors.filter((id) => id !== ROOT_ID);
  const path = above.flatMap((id) => (folders.has(id) ? [{ id, name: folders.get(id)!.name }] : []));
  const original_place = path.length < above.length ? 'missing' : above.some((id) => folders.get(id)!.trashed) ? 'trashed' : 'present';
  return { ...toDriveItem(item), trashed_date: item.trashed_date!, trashed_user_id: item.trashed_user_id!, original_path: path, original_place };
}
