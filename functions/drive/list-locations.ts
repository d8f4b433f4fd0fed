import { DomainError } from '#lib/errors.ts';
import type { Operation } from '#lib/api-handler.ts';
import { viewerOf } from '#domain/drive/folder-access.ts';
import { itemNotFound, reachablePage } from '#domain/drive/reach.ts';
import { ROOT_NAME } from './list-folder.ts';

/**
 * SPEC.md §7 "location selection" (docs/drive.md "Location selection"): one page of a folder's
 * subfolders, by name, for the save-location dialog's tree. Folders sort first in their parent's
 * partition, so the page is one key-condition query that stops before the files; subfolders closed
 * to the caller are left out (reach.ts), and a folder not reached (gone, trashed, closed, another
 * contract's) answers -3 as an unknown id.
 */
export const listLocations: Operation<'com_drive/location_sel'> = async ({ caller, input }) => {
  const page = await reachablePage(viewerOf(caller), input.folder_id, {
    sortItem: 'name', ascending: true, pageSize: input.page_size, cursor: input.cursor, foldersOnly: true,
  });
  if (!page) throw itemNotFound();
  if (page === 'badCursor') throw new DomainError('input', {}, { cursor: 'validation.invalidValue' });
  return {
    folder: { id: input.folder_id, name: page.folder?.name ?? ROOT_NAME },
    path: page.path.map(({ id, name }) => ({ id, name })),
    level: page.level,
    folders: page.items.map((folder) => ({ id: folder.id, name: folder.name, level: folder.level, ...(folder.acl ? { restricted: true } : {}) })),
    next_cursor: page.nextCursor,
  };
};
