import type { DriveLevel } from '#shared/routes/define.ts';
import type { FolderRef } from '#shared/schemas/drive.ts';
import { DomainError } from '#lib/errors.ts';
import { TransactionFailed, type LabelledItem } from '#lib/data/transact.ts';
import {
  folderPath, folderPaths, getItem, getItems, isAbandoned, isLivePath, isTrashed, listChildren, MAX_FOLDER_DEPTH, ROOT_ID,
  type ChildrenPage, type FolderAcl, type FolderPath, type FolderState, type ItemRecord, type SortItem,
} from '#data/drive-items.ts';
import { childrenOf } from '#data/drive-trash.ts';
import { listFolderSettings, settingsUnchanged } from '#data/folder-settings.ts';
import { mayChangeItem } from '#domain/access.ts';
import { aclCeiling, levelUnder, mayAddUnder, type DriveViewer } from './folder-access.ts';
import { mayIssueLinks, type LinkIssuing } from './share-right.ts';

/**
 * The one reach rule of the drive (docs/drive.md "Who reaches what"): whether a caller may take an
 * action on an entry, decided from the entry, its path, its subtree where the action needs it, and
 * for the trash the settings recorded when the entry was trashed. Every drive, share, job, preview
 * and e-bookkeeping operation asks here; none reads entries for a caller on its own (an ESLint rule
 * keeps the item reads of functions/data/drive-items.ts out of the operations).
 */
export type ReachAction =
  /** Listed, its details, tags, favourites: level 1. */
  | 'see'
  /** Its bytes (download, preview, ZIP, copy, a share link's download): level 1. */
  | 'read'
  /** Rename, details, tags, a new version, folder settings: level 3, or 2 on what one registered oneself. */
  | 'change'
  /** Move or trash: as change, and a folder only while empty at level 2, and only without a folder closed to the caller below it. */
  | 'move'
  | 'delete'
  /** A document's correction history: level 1 where it is, or for a trashed one where it was (trash rule). */
  | 'history'
  /** A trashed entry: see it, put it back, delete it for good (the trash rule, and for a folder its subtree). */
  | 'see-trashed'
  | 'restore'
  | 'purge'
  /** An upload in progress (its parts, completion, cancel): the entry as it is for whoever sent bytes to it; for others as `see`. */
  | 'upload';

/** The answer for an entry the viewer does not reach (gone, trashed, closed to them, or another contract's): -3, as an unknown id. */
export const itemNotFound = (): DomainError => new DomainError('address', {}, {}, 'notice.itemNotFound');

/** The refusal of an action on a folder whose subtree holds a folder closed to the caller: the same whether that folder is visible or hidden. */
export const holdsRestricted = (): DomainError => new DomainError('permissionError', {}, {}, 'notice.folderHoldsRestricted');

/** An entry as the viewer reaches it: with the level they have on it (folder-access.ts). */
export type ReachedItem = ItemRecord & { level: DriveLevel };

export interface Reach {
  entry: ReachedItem;
  /** The folders above it, from the top down (the root not included), as read now. */
  path: FolderState[];
  /** A folder above it is gone, or the walk hit its bound: the path does not read to the root. */
  pathBroken: boolean;
  /** What the action's transaction must check (the settings version its subtree check read). */
  checks: LabelledItem[];
}

/** The folders an entry sits under, and for a folder the folder itself: what its level depends on. */
export const governing = (item: Pick<ItemRecord, 'type' | 'acl'>, chain: readonly { acl?: FolderAcl | undefined }[]) => (item.type === 'folder' ? [...chain, { acl: item.acl }] : chain);

/** The access model's item rule (functions/domain/access.ts) on the level the folders leave. */
const mayChange = (viewer: DriveViewer, item: ItemRecord, level: DriveLevel): boolean => mayChangeItem(viewer.rights, viewer.userId, { ...item, level });

/**
 * The viewer's level on a trashed entry (finding: the trash must keep its folder's settings): the
 * current settings of its original path while that path reads to the root; otherwise the settings
 * recorded when it was trashed; with neither, administrators only. Administrators are never narrowed.
 */
export function trashLevel(viewer: DriveViewer, item: Pick<ItemRecord, 'type' | 'acl' | 'trash_acls'>, path: FolderPath): DriveLevel {
  if (viewer.rights.admin) return viewer.rights.drive;
  if (!path.broken) return levelUnder(governing(item, path.chain), viewer);
  if (item.trash_acls) return levelUnder(governing(item, item.trash_acls.map((acl) => ({ acl }))), viewer);
  return 0;
}

/** The settings that govern a trashed entry, as trashLevel reads them (undefined: administrators only): what a folder's purge hands down. */
export const settingsInTrash = (item: Pick<ItemRecord, 'trash_acls'>, path: FolderPath): FolderAcl[] | undefined =>
  (!path.broken ? recordedSettings(path.chain) : item.trash_acls);

/** Whether the viewer sees a trashed entry: its level there, and the contract's trash (level 3) or their own deletion. */
export const seesInTrash = (viewer: DriveViewer, item: Pick<ItemRecord, 'trashed_user_id'>, level: DriveLevel): boolean =>
  level >= 1 && (viewer.rights.admin || viewer.rights.drive >= 3 || item.trashed_user_id === viewer.userId);

/** What is recorded on an entry going to the trash: the settings of the folders above it that have any. */
export const recordedSettings = (path: readonly FolderState[]): FolderAcl[] => path.flatMap((folder) => (folder.acl ? [folder.acl] : []));

/**
 * Finding 1: a folder whose subtree holds a folder whose settings leave the caller below update
 * cannot be moved, trashed, restored or deleted for good. Read from the contract's sparse list of
 * folders with settings and their paths (never a walk of the subtree); the version read goes into
 * the action's transaction, so a save racing it cancels it. Administrators are not narrowed.
 */
async function subtreeChecks(viewer: DriveViewer, folderId: string): Promise<LabelledItem[]> {
  if (viewer.rights.admin) return [];
  const list = await listFolderSettings(viewer.kykId);
  // A contract from before the list (until `tenant reindex` files it): nothing can be proven, so nothing goes.
  if (!list.complete) throw holdsRestricted();
  const closed = list.folders.filter((folder) => folder.folder_id !== folderId && aclCeiling(folder.acl, viewer) < 3);
  if (closed.length > 0) {
    const paths = await folderPaths(viewer.kykId, closed.map((folder) => folder.folder_id), { consistent: true });
    for (const { chain } of paths.values()) {
      const at = chain.findIndex((folder) => folder.id === folderId);
      // Below this folder, and not cut off from it by a folder of its own in the trash (that one went apart).
      if (at >= 0 && chain.slice(at + 1).every((folder) => !folder.trashed)) throw holdsRestricted();
    }
  }
  return [settingsUnchanged(viewer.kykId, list.version)];
}

/** A transaction cancelled because folder settings were saved after the subtree check read them. */
const isSettingsRace = (error: unknown): boolean => error instanceof TransactionFailed && error.failed('settingsVersion');

/** How many times an action whose transaction checks the settings version is tried before -201. */
const SETTINGS_ATTEMPTS = 3;

/**
 * Runs an action that reads `reach` and writes with its `checks`: a folder settings save racing it
 * cancels its transaction, and it runs again from the reach (the subtree checked anew), at most
 * SETTINGS_ATTEMPTS times; then -201, as any other lost race.
 */
export async function againOnSettingsRace<T>(act: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await act();
    } catch (error) {
      if (!isSettingsRace(error)) throw error;
      if (attempt >= SETTINGS_ATTEMPTS) throw new DomainError('editedByAnotherUser');
    }
  }
}

/**
 * The entry if the viewer may take the action on it; undefined when it is not there for them (gone,
 * in the trash, under a trashed folder, closed to them); -101 when they see it but may not.
 */
export async function reach(viewer: DriveViewer, id: string, action: ReachAction): Promise<Reach | undefined> {
  const item = await getItem(viewer.kykId, id);
  // An upload in progress is its uploader's (pending, or lapsed for the sweep); anyone else sees it only as the drive shows it.
  if (action === 'upload' && item && isUploader(viewer, item)) return { entry: { ...item, level: viewer.rights.drive }, path: [], pathBroken: false, checks: [] };
  if (!item || isAbandoned(item)) return undefined;
  const path = await folderPath(viewer.kykId, item.parent_id, { consistent: true });
  if (action === 'see-trashed' || action === 'restore' || action === 'purge') return reachTrashed(viewer, item, path, action);
  if (action === 'history' && (isTrashed(item) || !isLivePath(path))) return reachHistory(viewer, item, path);
  if (isTrashed(item) || !isLivePath(path)) return undefined;
  const level = levelUnder(governing(item, path.chain), viewer);
  if (level < 1) return undefined;
  const reached: Reach = { entry: { ...item, level }, path: path.chain, pathBroken: path.broken, checks: [] };
  if (action === 'see' || action === 'read' || action === 'history' || action === 'upload') return reached;
  if (!mayChange(viewer, item, level)) throw new DomainError('permissionError');
  if (action === 'change' || item.type !== 'folder') return reached;
  // A folder takes what is inside along: at level 2 only while empty, and never past a folder closed to the caller.
  if (Math.min(viewer.rights.drive, level) < 3 && (await childrenOf(viewer.kykId, item.id, 1)).length > 0) throw new DomainError('permissionError');
  return { ...reached, checks: await subtreeChecks(viewer, item.id) };
}

/** Who took part in an entry's upload: registered it, sent its last version, or has bytes waiting on it (others go through `change`). */
const isUploader = (viewer: DriveViewer, item: ItemRecord): boolean =>
  item.regist_user_id === viewer.userId || item.update_user_id === viewer.userId || item.pending_version?.user_id === viewer.userId;

/** An entry as the trash shows it to the viewer (trash rule), or undefined. */
function asInTrash(viewer: DriveViewer, item: ItemRecord, path: FolderPath): Reach | undefined {
  const level = trashLevel(viewer, item, path);
  return seesInTrash(viewer, item, level) ? { entry: { ...item, level }, path: path.chain, pathBroken: path.broken, checks: [] } : undefined;
}

async function reachTrashed(viewer: DriveViewer, item: ItemRecord, path: FolderPath, action: 'see-trashed' | 'restore' | 'purge'): Promise<Reach | undefined> {
  if (item.trashed_date === undefined || item.purging) return undefined;
  const reached = asInTrash(viewer, item, path);
  if (!reached || action === 'see-trashed') return reached;
  const level = reached.entry.level;
  if (action === 'purge' ? Math.min(viewer.rights.drive, level) < 3 : !mayChange(viewer, item, level)) throw new DomainError('permissionError');
  return item.type === 'folder' ? { ...reached, checks: await subtreeChecks(viewer, item.id) } : reached;
}

/** A document's history where it is not live: as the trash shows it (the entry, or the folder above it that went to the trash). */
const reachHistory = (viewer: DriveViewer, item: ItemRecord, path: FolderPath): Reach | undefined => (item.purging ? undefined : asInTrash(viewer, item, path));

/**
 * The share action: may the viewer issue a link for an entry they reach (and does a link they issued
 * keep working)? Their level on it after folder settings, against the contract's issuing level
 * (share-right.ts; administrators whenever links are on).
 */
export const mayShare = (entry: ReachedItem, viewer: DriveViewer, settings: LinkIssuing): boolean => mayIssueLinks(entry.level, viewer.rights, settings);

/** The entry if the viewer can see it through the drive (`reach(..., 'see')`). */
export async function reachableItem(viewer: DriveViewer, id: string): Promise<ReachedItem | undefined> {
  return (await reach(viewer, id, 'see'))?.entry;
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

/**
 * Entries that hold names in a folder the viewer may add to (its name claims name them): what a
 * registration or the duplicate check weighs a new name against. Files there share the folder's
 * level; a folder closed to the viewer may be among them (a name taken by a hidden entry is one of
 * the allowed disclosures, docs/drive.md).
 */
export async function nameHoldersIn(viewer: DriveViewer, folder: Pick<WritableFolder, 'id'>, ids: string[]): Promise<ItemRecord[]> {
  return (await getItems(viewer.kykId, ids)).filter((item) => item.parent_id === folder.id);
}

const refs = (chain: FolderState[]): FolderRef[] => chain.map(({ id, name }) => ({ id, name }));

/**
 * Of the given entries, those the viewer can see, each with its path from the root (for "open its
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

/** Entries by id for an administrator's list (folder settings never narrow administrators), wherever they are: none for anyone else. */
export async function entriesForAdministrator(viewer: DriveViewer, ids: string[]): Promise<ItemRecord[]> {
  return viewer.rights.admin ? getItems(viewer.kykId, ids) : [];
}

/** Of trashed entries listed together (the trash, the search's deleted documents), those the viewer sees, with their level and original path. */
export async function visibleInTrash(viewer: DriveViewer, items: ItemRecord[]): Promise<{ item: ReachedItem; path: FolderPath }[]> {
  const paths = await folderPaths(viewer.kykId, items.map((item) => item.parent_id));
  return items.flatMap((item) => {
    const path = paths.get(item.parent_id)!;
    const level = trashLevel(viewer, item, path);
    return seesInTrash(viewer, item, level) ? [{ item: { ...item, level }, path }] : [];
  });
}

/** The viewer's level on entries listed in one folder whose path (and own level) is known: a child folder may narrow it. */
export const childLevel = (parentLevel: DriveLevel, child: Pick<ItemRecord, 'type' | 'acl'>, viewer: DriveViewer): DriveLevel =>
  child.type === 'folder' && child.acl ? (Math.min(parentLevel, levelUnder([{ acl: child.acl }], viewer)) as DriveLevel) : parentLevel;

export interface ReachablePage {
  folder: ItemRecord | undefined;
  path: FolderState[];
  level: DriveLevel;
  items: ReachedItem[];
  nextCursor: string | null;
}

/**
 * One page of a folder the viewer sees (the root, or a live folder at level 1 or more), with its
 * path and their level inside it; subfolders closed to them are left out. Undefined when the folder
 * is not there for them; `'badCursor'` for a cursor that is not one of this folder's.
 */
export async function reachablePage(
  viewer: DriveViewer,
  folderId: string,
  options: { sortItem: SortItem; ascending: boolean; pageSize: number; cursor?: string | undefined; foldersOnly?: boolean },
): Promise<ReachablePage | 'badCursor' | undefined> {
  const folder = folderId === ROOT_ID ? undefined : await getItem(viewer.kykId, folderId);
  if (folderId !== ROOT_ID && (folder?.type !== 'folder' || isTrashed(folder))) return undefined;
  const [page, path] = await Promise.all([
    listChildren(viewer.kykId, folderId, { sortItem: options.sortItem, ascending: options.ascending, pageSize: options.pageSize, ...(options.cursor ? { cursor: options.cursor } : {}), ...(options.foldersOnly ? { foldersOnly: true } : {}) }),
    folder ? folderPath(viewer.kykId, folder.parent_id, { consistent: true }) : undefined,
  ]);
  if (path && !isLivePath(path)) return undefined;
  const level = levelUnder(folder ? governing(folder, path!.chain) : [], viewer);
  if (level < 1) return undefined;
  if (!page) return 'badCursor';
  return { folder, path: path?.chain ?? [], level, items: visibleChildren(page, level, viewer), nextCursor: page.nextCursor };
}

const visibleChildren = (page: ChildrenPage, level: DriveLevel, viewer: DriveViewer): ReachedItem[] =>
  page.items.map((item) => ({ ...item, level: childLevel(level, item, viewer) })).filter((item) => item.level >= 1);
