import type { FolderRef } from '#shared/schemas/drive.ts';
import { folderPath, folderPaths, getItem, getItems, isAbandoned, isLivePath, isTrashed, MAX_FOLDER_DEPTH, ROOT_ID, type FolderState, type ItemRecord } from '#data/drive-items.ts';

/**
 * The entry if a caller can reach it through the drive: it exists, is not in the trash, and no
 * folder above it is (a trashed folder cannot be opened, nor anything inside it). One point read,
 * then the folders above it, one batch read per level.
 */
export async function reachableItem(kykId: string, id: string): Promise<ItemRecord | undefined> {
  const item = await getItem(kykId, id);
  if (!item || isTrashed(item) || isAbandoned(item)) return undefined;
  return isLivePath(await folderPath(kykId, item.parent_id, { consistent: true })) ? item : undefined;
}

export interface WritableFolder {
  id: string;
  /** The folders from the top down to this one (empty for the root). */
  chain: FolderState[];
  /** Whether a folder may go in (files always may): folders nest at most MAX_FOLDER_DEPTH deep. */
  holdsFolders: boolean;
}

/** A folder entries may go into: the root, or a reachable folder; with its path. */
export async function writableFolder(kykId: string, id: string): Promise<WritableFolder | undefined> {
  if (id === ROOT_ID) return { id, chain: [], holdsFolders: true };
  const [path, item] = await Promise.all([folderPath(kykId, id, { consistent: true }), getItem(kykId, id)]);
  if (!isLivePath(path) || path.chain.at(-1)?.id !== id || item?.type !== 'folder') return undefined;
  return { id, chain: path.chain, holdsFolders: path.chain.length < MAX_FOLDER_DEPTH };
}

const refs = (chain: FolderState[]): FolderRef[] => chain.map(({ id, name }) => ({ id, name }));

/**
 * Of the given entries, those a caller can reach, each with its path from the root (for "open its
 * place"): one batch read of the entries, then one per level of the folders above them. Entries
 * gone, in the trash or under a trashed folder are left out.
 */
export async function reachableWithPaths(kykId: string, ids: string[]): Promise<Map<string, { item: ItemRecord; path: FolderRef[] }>> {
  const items = (await getItems(kykId, ids)).filter((item) => !isTrashed(item) && !isAbandoned(item));
  const paths = await folderPaths(kykId, items.map((item) => item.parent_id));
  const reachable = new Map<string, { item: ItemRecord; path: FolderRef[] }>();
  for (const item of items) {
    const path = paths.get(item.parent_id)!;
    if (isLivePath(path)) reachable.set(item.id, { item, path: refs(path.chain) });
  }
  return reachable;
}
