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
  const folders: string[] = [];
  for (const item of selected) {
    add(item);
    if (item.type === 'folder') folders.push(item.id);
  }
  while (folders.length > 0) {
    if (size.count > limit) return { ...size, cut: true };
    const folderId = folders.pop()!;
    for await (const page of childPages(kykId, folderId)) {
      for (const child of page) {
        add(child);
        if (child.type === 'folder') folders.push(child.id);
      }
      if (size.count > limit) return { ...size, cut: true };
    }
  }
  return size;
}
