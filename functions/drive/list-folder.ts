import { DomainError } from '#lib/errors.ts';
import type { Operation } from '#lib/api-handler.ts';
import { toDriveItem } from '#data/drive-items.ts';
import { viewerOf } from '#domain/drive/folder-access.ts';
import { itemNotFound, reachablePage } from '#domain/drive/reach.ts';


export const ROOT_NAME = '';

type PageOptions = Parameters<typeof reachablePage>[2];
type FolderPage = Exclude<Awaited<ReturnType<typeof reachablePage>>, undefined | null | 'badCursor'>;

/** One page of a folder the caller reaches (reach.ts), else -3 as an unknown id; a forged cursor is -4. */
export async function folderPage(caller: Parameters<typeof viewerOf>[0], folderId: string, options: PageOptions): Promise<FolderPage> {
  const page = await reachablePage(viewerOf(caller), folderId, options);
  if (!page) throw itemNotFound();
  if (page === 'badCursor') throw new DomainError('input', {}, { cursor: 'validation.invalidValue' });
  return page;
}

/** The folder, its breadcrumb path and the caller's level inside it, as the listings answer them. */
export const folderPlace = (folderId: string, page: FolderPage) => ({
  folder: { id: folderId, name: page.folder?.name ?? ROOT_NAME },
  path: page.path.map(({ id, name }) => ({ id, name })),
  level: page.level,
});

/**
 * One page of a folder (folders first), with the breadcrumb path from the root, and the caller's
 * level inside it and on each entry (folder permissions). A folder closed to the caller is missing;
 * its subfolders closed to the caller are left out of the page (the page may then hold fewer
 * entries: it still costs one query, and the cursor goes on from the last entry read).
 */
export const listFolder: Operation<'com_drive/drive_info'> = async ({ caller, input }) => {
  // A trashed folder cannot be opened, nor one inside it; one closed to the caller is not there.
  const page = await folderPage(caller, input.folder_id, {
    sortItem: input.sort_item, ascending: input.sort_flg === 1, pageSize: input.page_size, cursor: input.cursor, foldersOnly: input.folders_only === 1,
  });
  return {
    ...folderPlace(input.folder_id, page),
    items: page.items.map((item) => ({ ...toDriveItem(item), level: item.level })),
    next_cursor: page.nextCursor,
  };
};
