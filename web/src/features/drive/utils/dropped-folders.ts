import type { DroppedFile, DroppedTree } from './dropped-files.ts';

/** The calls the folder step needs (the drive's API; a test passes its own). */
export interface FolderCalls {
  /** Makes a folder: its id, or 'exists' when a folder holds the name; throws an Error whose message the user reads. */
  create: (parentId: string, name: string) => Promise<{ id: string } | 'exists'>;
  /** The id of the folder of this name (ignoring case) in a parent, if there is one. */
  find: (parentId: string, name: string) => Promise<string | undefined>;
  /** The reason given when the name is taken but no folder of it is found (a file, or gone meanwhile). */
  takenMessage: string;
}

export interface PlacedFile {
  file: File;
  folderId: string;
  /** Folder names below the drop target, for the transfers panel's "To …". */
  folders: string[];
}

export interface DroppedPlan {
  /** Files dropped as they are: they go into the drop target (after the duplicate check). */
  top: File[];
  /** Files inside dropped folders, each with the id of its folder in the drive. */
  nested: PlacedFile[];
  /** Folders that could not be made (their files are left out), with the reason. */
  failed: { path: string[]; message: string }[];
}

/**
 * Makes a dropped tree's folders in the drive, parents before children, and places every file.
 * A folder whose name a folder already holds is merged into that one (as Box does; the drive
 * allows one folder of a name), so dropping an updated folder again adds to it.
 */
export async function placeDroppedTree(tree: DroppedTree, targetId: string, calls: FolderCalls): Promise<DroppedPlan> {
  const ids = new Map<string, string>([['', targetId]]);
  const failed: DroppedPlan['failed'] = [];
  const keyOf = (path: readonly string[]) => path.join('/');
  for (const path of tree.folders) {
    const parentId = ids.get(keyOf(path.slice(0, -1)));
    // Below a folder that failed: nothing to make (the failure is reported once, for the top one).
    if (parentId === undefined) continue;
    const name = path[path.length - 1]!;
    try {
      const made = await calls.create(parentId, name);
      const id = made === 'exists' ? await calls.find(parentId, name) : made.id;
      if (id) ids.set(keyOf(path), id);
      // Taken, but not by a folder it can find (gone meanwhile): the user is told, nothing is guessed.
      else failed.push({ path, message: calls.takenMessage });
    } catch (error) {
      failed.push({ path, message: error instanceof Error ? error.message : String(error) });
    }
  }
  const top: File[] = [];
  const nested: PlacedFile[] = [];
  for (const entry of tree.files) {
    if (entry.folders.length === 0) top.push(entry.file);
    else {
      const folderId = ids.get(keyOf(entry.folders));
      if (folderId) nested.push({ file: entry.file, folderId, folders: entry.folders });
    }
  }
  return { top, nested, failed };
}

/**
 * The tree of a folder chosen through the picker (`<input webkitdirectory>`): each file's
 * `webkitRelativePath` ("Reports/2026/march.txt") names the chosen folder and those below it, so
 * the chosen folder is made in the drive like a dropped one. As for drops, dot files and folders
 * (.DS_Store, .git) are left out. The picker lists files only: folders come from their paths (an
 * empty folder is not in the list).
 */
export function pickedFolderTree(files: readonly File[]): DroppedTree {
  const folders = new Map<string, string[]>();
  const placed: DroppedFile[] = [];
  for (const file of files) {
    const segments = (file.webkitRelativePath || file.name).split('/').filter((segment) => segment !== '');
    if (segments.some((segment) => segment.startsWith('.'))) continue;
    const path = segments.slice(0, -1);
    for (let depth = 1; depth <= path.length; depth++) {
      const parents = path.slice(0, depth);
      folders.set(parents.join('/'), parents);
    }
    placed.push({ file, folders: path });
  }
  // Parents before children: a shorter path sorts first, siblings by name.
  const ordered = [...folders.values()].sort((a, b) => a.length - b.length || a.join('/').localeCompare(b.join('/')));
  return { files: placed, folders: ordered };
}
