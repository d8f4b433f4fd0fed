import { DomainError } from '#lib/errors.ts';
import type { Operation } from '#lib/api-handler.ts';
import { folderPath, getItem, isLivePath, isTrashed, listChildren, ROOT_ID, toDriveItem } from '#data/drive-items.ts';
import { levelUnder, viewerOf } from '#domain/drive/folder-access.ts';
import { childLevel, governing, itemNotFound } from '#domain/drive/reach.ts';


export const ROOT_NAME = '';

/**
 * One page of a folder (folders first), with the breadcrumb path from the root, and the caller's
 * level inside it and on each entry (folder permissions). A folder closed to the caller is missing;
 * its subfolders closed to the caller are left out of the page (the page may then hold fewer
 * entries: it still costs one query, and the cursor goes on from the last entry read).
 */
export const listFolder: Operation<'com_drive/drive_info'> = async ({ caller, input }) => {
  const folder = input.folder_id === ROOT_ID ? undefined : await getItem(caller.kykId, input.folder_id);
  // A trashed folder cannot be opened, nor one inside it.
  if (input.folder_id !== ROOT_ID && (folder?.type !== 'folder' || isTrashed(folder))) throw itemNotFound();
  const [page, path] = await Promise.all([
    listChildren(caller.kykId, input.folder_id, {
      sortItem: input.sort_item,
      ascending: input.sort_flg === 1,
      pageSize: input.page_size,
      cursor: input.cursor,
      foldersOnly: input.folders_only === 1,
    }),
    folder ? folderPath(caller.kykId, folder.parent_id, { consistent: true }) : undefined,
  ]);
  if (path && !isLivePath(path)) throw itemNotFound();
  const viewer = viewerOf(caller);
  const level = levelUnder(folder ? governing(folder, path!.chain) : [], viewer);
  if (level < 1) throw itemNotFound();
  if (!page) throw new DomainError('input', {}, { cursor: 'validation.invalidValue' });
  const items = page.items.map((item) => ({ item, level: childLevel(level, item, viewer) })).filter((entry) => entry.level >= 1);
  return {
    folder: { id: input.folder_id, name: folder?.name ?? ROOT_NAME },
    path: (path?.chain ?? []).map(({ id, name }) => ({ id, name })),
    level,
    items: items.map((entry) => ({ ...toDriveItem(entry.item), level: entry.level })),
    next_cursor: page.nextCursor,
  };
};
