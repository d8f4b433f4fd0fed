import { listChildren, type ItemRecord } from '#data/drive-items.ts';

/** Entries read per page of a folder while walking a subtree. */
export const WALK_PAGE = 100;

/**
 * The children of a folder a copy or a ZIP takes, page by page, by key condition on the folder's
 * listing: what is in the trash is not listed, and files still uploading are left out.
 */
export async function* childPages(kykId: string, folderId: string): AsyncGenerator<ItemRecord[]> {
  let cursor: string | undefined;
  do {
    const page = await listChildren(kykId, folderId, { sortItem: 'name', ascending: true, pageSize: WALK_PAGE, ...(cursor ? { cursor } : {}) });
    if (!page) return;
    const taken = page.items.filter((item) => item.type === 'folder' || item.status === 'ready');
    if (taken.length > 0) yield taken;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

/**
 * Everything below the given folders, page by page, depth first (childPages: the trash and uploads
 * still under way left out). A consumer that stops early stops the walk.
 */
export async function* subtreePages(kykId: string, folderIds: string[]): AsyncGenerator<ItemRecord[]> {
  const folders = [...folderIds];
  while (folders.length > 0) {
    for await (const page of childPages(kykId, folders.pop()!)) {
      folders.push(...page.filter((child) => child.type === 'folder').map((child) => child.id));
      yield page;
    }
  }
}

export interface SubtreeSize {
  /** Entries, the selected ones included. */
  count: number;
  bytes: number;
  files: number;
  /** The walk stopped at `limit` entries: the counts are lower bounds. */
  cut: boolean;
}

/** Counts the selected entries and everything below them, stopping once `limit` entries are seen. */
export async function measureSubtree(kykId: string, selected: ItemRecord[], limit = Infinity): Promise<SubtreeSize> {
  const size: SubtreeSize = { count: 0, bytes: 0, files: 0, cut: false };
  const add = (item: ItemRecord) => {
    size.count += 1;
    if (item.type === 'file') {
      size.files += 1;
      size.bytes += item.size ?? 0;
    }
  };
  for (const item of selected) add(item);
  if (size.count > limit) return { ...size, cut: true };
  for await (const page of subtreePages(kykId, selected.filter((item) => item.type === 'folder').map((item) => item.id))) {
    for (const child of page) add(child);
    if (size.count > limit) return { ...size, cut: true };
  }
  return size;
}

/** Folders listed at once while measuring a subtree's height. */
const HEIGHT_PARALLEL = 16;

/**
 * Whether folders nest more than `maxHeight` levels below the given folder (finding 9: a move or a
 * copy must not build paths deeper than folders may nest). Reads the folders-only listing level by
 * level and stops at the first level past the bound, so a deep tree costs at most `maxHeight + 1`
 * levels of listings, however wide.
 */
export async function nestsDeeperThan(kykId: string, folderId: string, maxHeight: number): Promise<boolean> {
  let level = [folderId];
  for (let height = 1; level.length > 0; height++) {
    const next: string[] = [];
    for (let index = 0; index < level.length; index += HEIGHT_PARALLEL) {
      const batches = await Promise.all(level.slice(index, index + HEIGHT_PARALLEL).map((id) => subfolderIds(kykId, id)));
      next.push(...batches.flat());
    }
    if (next.length > 0 && height > maxHeight) return true;
    level = next;
  }
  return false;
}

async function subfolderIds(kykId: string, folderId: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await listChildren(kykId, folderId, { sortItem: 'name', ascending: true, pageSize: 1000, foldersOnly: true, ...(cursor ? { cursor } : {}) });
    if (!page) return ids;
    ids.push(...page.items.map((item) => item.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return ids;
}

/** Entries a folder's trash looks through for bookkeeping documents before it asks for a reason anyway. */
export const BOOKKEEPING_LOOK_LIMIT = 2_000;

/**
 * The bookkeeping documents below a folder (finding 6: trashing the folder deletes them, which needs
 * a reason). Walks the listing up to `limit` entries; `cut`: it stopped there, so there may be more
 * (and the reason is asked for all the same).
 */
export async function bookkeepingDocumentsBelow(kykId: string, folderId: string, isDocument: (item: ItemRecord) => boolean, limit = BOOKKEEPING_LOOK_LIMIT): Promise<{ count: number; cut: boolean }> {
  let seen = 0;
  let count = 0;
  for await (const page of subtreePages(kykId, [folderId])) {
    seen += page.length;
    count += page.filter((child) => child.type === 'file' && isDocument(child)).length;
    if (seen >= limit) return { count, cut: true };
  }
  return { count, cut: false };
}
