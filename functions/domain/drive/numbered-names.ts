import { ITEM_NAME_MAX } from '#shared/validation.ts';
import { claimedNamesStartingWith, nameKey, type ItemType } from '#data/drive-items.ts';

/**
 * Numbered names, "name (n).ext", the way Windows and Google Drive name a second entry of one name:
 * a registration's "keep both" and a copy into its source's own folder. The number goes before a
 * file's extension; a folder's name is numbered whole ("v1.2 (1)").
 */

/** "name.ext" as its stem and extension (a leading dot is part of the stem: ".env" has none); a folder has none. */
function splitName(name: string, type: ItemType): { stem: string; ext: string } {
  const dot = type === 'file' ? name.lastIndexOf('.') : -1;
  return dot > 0 ? { stem: name.slice(0, dot), ext: name.slice(dot) } : { stem: name, ext: '' };
}

/** "name (n).ext", the stem shortened when the whole would pass the name limit. */
export function numberedName(name: string, n: number, type: ItemType = 'file'): string {
  const { stem, ext } = splitName(name, type);
  const suffix = ` (${n})`;
  return `${stem.slice(0, Math.max(1, ITEM_NAME_MAX - suffix.length - ext.length)).trimEnd()}${suffix}${ext}`;
}

/**
 * The smallest n of "name (n).ext" not claimed in the folder, from one query of the folder's name
 * claims (a key condition on their prefix). Only a hint: the conditional write of the name decides,
 * and a caller that loses it asks again.
 */
export async function freeNumber(kykId: string, folderId: string, name: string, type: ItemType = 'file'): Promise<number> {
  const first = numberedName(name, 1, type);
  // "stem (" of the numbered names: every one already claimed is read at once.
  const prefix = first.slice(0, first.length - splitName(name, type).ext.length - '1)'.length);
  const taken = new Set(await claimedNamesStartingWith(kykId, folderId, type, nameKey(prefix)));
  let n = 1;
  while (taken.has(nameKey(numberedName(name, n, type)))) n++;
  return n;
}

/** How many times a numbered name is looked for again after another entry took the one found. */
export const NUMBERED_NAME_ATTEMPTS = 5;
