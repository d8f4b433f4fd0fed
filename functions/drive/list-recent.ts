import type { Operation } from '#lib/api-handler.ts';
import { reachableWithPaths } from '#domain/drive/reach.ts';
import { viewerOf } from '#domain/drive/folder-access.ts';
import { toDriveItem } from '#data/drive-items.ts';
import { listRecent } from '#data/recent-files.ts';

/** The files the caller opened, downloaded or changed, newest first, each with its place (at most 100). */
export const listRecentFiles: Operation<'com_drive/recent_list'> = async ({ caller }) => {
  const entries = await listRecent(caller.kykId, caller.userId);
  const reachable = await reachableWithPaths(viewerOf(caller), entries.map((entry) => entry.item_id));
  return {
    items: entries.flatMap((entry) => {
      const found = reachable.get(entry.item_id);
      return found && found.item.status === 'ready' ? [{ ...toDriveItem(found.item), path: found.path, used_date: entry.used, action: entry.action }] : [];
    }),
  };
};
