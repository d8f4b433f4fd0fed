/** Where a listed entry is (favourites, recent files, the tag filter, the details panel), and how to open it. */

interface Placed {
  id: string;
  type: 'folder' | 'file';
  parent_id: string;
  /** The folders from the root down to the entry's folder (the root itself not included). */
  path: { id: string; name: string }[];
}

/** The entry's folder as text: "Drive / Invoices / March" ("Drive" alone at the top). */
export function placeText(entry: Pick<Placed, 'path'>, rootName: string): string {
  return [rootName, ...entry.path.map((folder) => folder.name)].join(' / ');
}

const storageHref = (folderId: string, selectId?: string): string => {
  const params = new URLSearchParams();
  if (folderId !== 'root') params.set('folder', folderId);
  if (selectId) params.set('select', selectId);
  const query = params.toString();
  return query ? `/storage?${query}` : '/storage';
};

/**
 * Opening an entry from a list, as Box and Google Drive do: a folder opens in the drive; a file
 * opens its folder with the file selected ("show file location"), never a download on a click.
 */
export function openHref(entry: Pick<Placed, 'id' | 'type' | 'parent_id'>): string {
  return entry.type === 'folder' ? storageHref(entry.id) : storageHref(entry.parent_id, entry.id);
}

/** The folder an entry is in, as a link target ("Open location"). */
export const containingFolderHref = (entry: Pick<Placed, 'parent_id'>): string => storageHref(entry.parent_id);
