import type { FolderRef } from '#shared/schemas/drive.ts';
import { folderStates, getItem, getItems, isAbandoned, isTrashed, ROOT_ID, type ItemRecord } from '#data/drive-items.ts';

/**
 * The entry if a caller can reach it through the drive: it exists, is not in the trash, and no
 * folder above it is (a trashed folder cannot be opened, nor anything inside it). One point read,
 * and one batch read of the folders above when there are any.
 */
export async function reachableItem(kykId: string, id: string): Promise<ItemRecord | undefined> {
  const item = await getItem(kykId, id);
  if (!item || isTrashed(item) || isAbandoned(item)) return undefined;
  return (await ancestorsLive(kykId, item.ancestors)) ? item : undefined;
}

/** Whether every folder on a path from the root is still there and out of the trash. */
export async function ancestorsLive(kykId: string, ancestors: string[]): Promise<boolean> {
  const above = ancestors.filter((id) => id !== ROOT_ID);
  if (above.length === 0) return true;
  const states = await folderStates(kykId, above, { consistent: true });
  return states.length === above.length && states.every((state) => !state.trashed);
}

/** A folder entries may go into: the root, or a reachable folder; `ancestors` is what its children carry. */
export async function writableFolder(kykId: string, id: string): Promise<{ id: string; ancestors: string[] } | undefined> {
  if (id === ROOT_ID) return { id, ancestors: [ROOT_ID] };
  const folder = await reachableItem(kykId, id);
  return folder?.type === 'folder' ? { id, ancestors: [...folder.ancestors, folder.id] } : undefined;
}

/**
 * Of the given entries, those a caller can reach, each with its path from the root (for "open its
 * place"): one batch read of the entries and one of the distinct folders above them. Entries gone,
 * in the trash or under a trashed folder are left out.
 */
export async function reachableWithPaths(kykId: string, ids: string[]): Promise<Map<string, { item: ItemRecord; path: FolderRef[] }>> {
  const items = (await getItems(kykId, ids)).filter((item) => !isTrashed(item) && !isAbandoned(item));
  const above = [...new Set(items.flatMap((item) => item.ancestors.filter((id) => id !== ROOT_ID)))];
  const folders = new Map((await folderStates(kykId, above)).map((folder) => [folder.id, folder]));
  const reachable = new Map<string, { item: ItemRecord; path: FolderRef[] }>();
  for (const item of items) {
    const chain = item.ancestors.filter((id) => id !== ROOT_ID).map((id) => folders.get(id));
    if (chain.some((folder) => !folder || folder.trashed)) continue;
    reachable.set(item.id, { item, path: chain.map((folder) => ({ id: folder!.id, name: folder!.name })) });
  }
  return reachable;
}
