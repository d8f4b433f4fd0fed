/**
 * What the desktop dropped: files with their path inside any dropped folder, read through the
 * File and Directory Entries API (the only way a browser hands over a dropped folder's contents).
 */
export interface DroppedFile {
  file: File;
  /** Folder names from the drop target down to the file's folder; empty for a file dropped as is. */
  folders: string[];
}

export interface DroppedTree {
  files: DroppedFile[];
  /** Every dropped folder path, parents before children (empty folders included: they are created too). */
  folders: string[][];
}

/** The entry types the walk needs (lib.dom's FileSystemEntry family, narrowed to what is used). */
interface Entry {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
}
interface FileEntry extends Entry {
  file(success: (file: File) => void, failure?: (error: unknown) => void): void;
}
interface DirectoryEntry extends Entry {
  createReader(): { readEntries(success: (entries: Entry[]) => void, failure?: (error: unknown) => void): void };
}

const readFile = (entry: FileEntry) => new Promise<File>((resolve, reject) => entry.file(resolve, reject));

/** A directory reader answers in batches (Chromium: 100 at a time) until it answers none. */
async function readAll(entry: DirectoryEntry): Promise<Entry[]> {
  const reader = entry.createReader();
  const all: Entry[] = [];
  for (;;) {
    const batch = await new Promise<Entry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

/**
 * The entries of a drop, taken while the event is live (the item list empties when the handler
 * returns); walked afterwards with `walkDropped`. Falls back to the plain file list where the
 * browser gives no entries.
 */
export type DroppedEntries = Entry[] | File[];

export function droppedEntries(transfer: DataTransfer): DroppedEntries {
  const items = Array.from(transfer.items ?? []).filter((item) => item.kind === 'file');
  const entries = items.map((item) => (item as DataTransferItem & { webkitGetAsEntry?: () => Entry | null }).webkitGetAsEntry?.() ?? null);
  if (entries.length > 0 && entries.every((entry) => entry !== null)) return entries as Entry[];
  return Array.from(transfer.files);
}

/** Walks dropped entries into files with folder paths; dot files (.DS_Store and the like) are left out. */
export async function walkDropped(dropped: Entry[] | File[]): Promise<DroppedTree> {
  const tree: DroppedTree = { files: [], folders: [] };
  const visit = async (entry: Entry, folders: string[]) => {
    if (entry.name.startsWith('.')) return;
    if (entry.isDirectory) {
      const path = [...folders, entry.name];
      tree.folders.push(path);
      for (const child of await readAll(entry as DirectoryEntry)) await visit(child, path);
    } else if (entry.isFile) {
      tree.files.push({ file: await readFile(entry as FileEntry), folders });
    }
  };
  for (const item of dropped) {
    if (item instanceof File) tree.files.push({ file: item, folders: [] });
    else await visit(item, []);
  }
  return tree;
}

/** Whether a drag carries files from the desktop (not a text selection or a row of the page). */
export const carriesFiles = (transfer: DataTransfer | null): boolean => Boolean(transfer && Array.from(transfer.types).includes('Files'));
