import type { DriveLevel } from '#shared/routes/define.ts';
import type { FolderRef } from '#shared/schemas/drive.ts';
import { DomainError } from '#lib/errors.ts';
import { folderPath, folderPaths, getItem, getItems, isAbandoned, isLivePath, isTrashed, MAX_FOLDER_DEPTH, ROOT_ID, type FolderState, type ItemRecord } from '#data/drive-items.ts';
import { levelUnder, mayAddUnder, type DriveViewer } from './folder-access.ts';

/** The answer for an entry the viewer does not reach (gone, trashed, closed to them, or another contract's): -3, as an unknown id. */
export const itemNotFound = (): DomainError => new DomainError('address', {}, {}, 'notice.itemNotFound');

/** An entry as the viewer reaches it: with the level they have on it (folder-access.ts). */
export type ReachedItem = ItemRecord & { level: DriveLevel };

/** The folders an entry sits under, and for a folder the folder itself: what its level depends on. */
export const governing = (item: Pick<ItemRecord, 'type' | 'acl'>, chain: readonly { acl?: ItemRecord['acl'] }[]) => (item.type === 'folder' ? [...chain, { acl: item.acl }] : chain);

/**
 * The entry if the viewer can reach it through the drive: it exists, is not in the trash, no folder
 * above it is (a trashed folder cannot be opened, nor anything inside it), and the folder
 * permissions leave the viewer at least view. One point read, then the folders above it, one batch
 * read per level (their permission settings come with them).
 */
export async function reachableItem(viewer: DriveViewer, id: string): Promise<ReachedItem | undefined> {
  const item = await getItem(viewer.kykId, id);
  if (!item || isTrashed(item) || isAbandoned(item)) return undefined;
  const path = await folderPath(viewer.kykId, item.parent_id, { consistent: true });
  if (!isLivePath(path)) return undefined;
  const level = levelUnder(governing(item, path.chain), viewer);
  return level >= 1 ? { ...item, level } : undefined;
}

export interface WritableFolder {
  id: string;
  /** The folders from the top down to this one (empty for the root). */
  chain: FolderState[];
  /** Whether a folder may go in (files always may): folders nest at most MAX_FOLDER_DEPTH deep. */
  holdsFolders: boolean;
  /** The viewer's level inside it (at least 2: they may add entries). */
  level: DriveLevel;
}

/**
 * A folder the viewer may add entries to: the root, or a reachable folder; with its path. Undefined
 * when it is not there for the viewer; -101 when they may only read it.
 */
export async function writableFolder(viewer: DriveViewer, id: string): Promise<WritableFolder | undefined> {
  const [path, item] = id === ROOT_ID
    ? [{ chain: [], broken: false }, undefined]
    : await Promise.all([folderPath(viewer.kykId, id, { consistent: true }), getItem(viewer.kykId, id)]);
  if (id !== ROOT_ID && (!isLivePath(path) || path.chain.at(-1)?.id !== id || item?.type !== 'folder')) return undefined;
  const level = levelUnder(path.chain, viewer);
  if (level < 1) return undefined;
  if (!mayAddUnder(level)) throw new DomainError('permissionError');
  return { id, chain: path.chain, holdsFolders: path.chain.length < MAX_FOLDER_DEPTH, level };
}

const refs = (chain: FolderState[]): FolderRef[] => chain.map(({ id, name }) => ({ id, name }));

/**
 * Of the given entries, those the viewer can reach, each with its path from the root (for "open its
 * place"): one batch read of the entries, then one per level of the folders above them. Entries
 * gone, in the trash, under a trashed folder or closed to the viewer are left out.
 */
export async function reachableWithPaths(viewer: DriveViewer, ids: string[]): Promise<Map<string, { item: ReachedItem; path: FolderRef[] }>> {
  const items = (await getItems(viewer.kykId, ids)).filter((item) => !isTrashed(item) && !isAbandoned(item));
  const paths = await folderPaths(viewer.kykId, items.map((item) => item.parent_id));
  const reachable = new Map<string, { item: ReachedItem; path: FolderRef[] }>();
  for (const item of items) {
    const path = paths.get(item.parent_id)!;
    if (!isLivePath(path)) continue;
    const level = levelUnder(governing(item, path.chain), viewer);
    if (level >= 1) reachable.set(item.id, { item: { ...item, level }, path: refs(path.chain) });
  }
  return reachable;
}

/** The viewer's level on entries listed in one folder whose path (and own level) is known: a child folder may narrow it. */
export const childLevel = (parentLevel: DriveLevel, child: Pick<ItemRecord, 'type' | 'acl'>, viewer: DriveViewer): DriveLevel =>
  child.type === 'folder' && child.acl ? (Math.min(parentLevel, levelUnder([{ acl: child.acl }], viewer)) as DriveLevel) : parentLevel;

/** The viewer's level on a trashed entry where it was (its original place, as far as it still exists). */
export async function levelWhereItWas(viewer: DriveViewer, item: ItemRecord): Promise<DriveLevel> {
  const path = await folderPath(viewer.kykId, item.parent_id, { consistent: true });
  return levelUnder(governing(item, path.chain), viewer);
}
