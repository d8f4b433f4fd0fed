/** The trash page's pure parts: where an entry was, and where it goes back to. */

interface Placed {
  original_path: { id: string; name: string }[];
  original_place: 'present' | 'trashed' | 'missing';
}

/**
 * The place an entry was deleted from, as text: "Drive / Invoices / March". When a folder on the way
 * was deleted for good, the server reads the path upwards from the entry's folder and stops there:
 * the part above is unknown, shown as "…" ("Drive / … / March", or "Drive / …" when the entry's own
 * folder is gone).
 */
export function locationText(entry: Placed, rootName: string): string {
  const names = entry.original_path.map((folder) => folder.name);
  return (entry.original_place === 'missing' ? [rootName, '…', ...names] : [rootName, ...names]).join(' / ');
}

/** Restoring without choosing a place needs the original place to be there, out of the trash. */
export const restorableInPlace = (entry: Placed): boolean => entry.original_place === 'present';

/** The folder an entry goes back to when restored in place ('root' at the top). */
export const originalFolderId = (entry: Placed): string => entry.original_path.at(-1)?.id ?? 'root';

