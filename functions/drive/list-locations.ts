import type { Operation } from '#lib/api-handler.ts';
import { folderPage, folderPlace } from './list-folder.ts';

/**
 * SPEC.md §7 "location selection" (docs/drive.md "Location selection"): one page of a folder's
 * subfolders, by name, for the save-location dialog's tree. Folders sort first in their parent's
 * partition, so the page is one key-condition query that stops before the files; subfolders closed
 * to the caller are left out (reach.ts), and a folder not reached (gone, trashed, closed, another
 * contract's) answers -3 as an unknown id.
 */
export const listLocations: Operation<'com_drive/location_sel'> = async ({ caller, input }) => {
  const page = await folderPage(caller, input.folder_id, {
    sortItem: 'name', ascending: true, pageSize: input.page_size, cursor: input.cursor, foldersOnly: true,
  });
  return {
    ...folderPlace(input.folder_id, page),
    folders: page.items.map((folder) => ({ id: folder.id, name: folder.name, level: folder.level, ...(folder.acl ? { restricted: true } : {}) })),
    next_cursor: page.nextCursor,
  };
};
