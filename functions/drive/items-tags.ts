import type { DriveTag } from '#shared/schemas/drive.ts';
import type { Operation } from '#lib/api-handler.ts';
import { getTags, tagIdsOf, type TagRecord } from '#data/tags.ts';
import { viewerOf } from '#domain/drive/folder-access.ts';
import { reachableWithPaths } from '#domain/drive/reach.ts';
import { sees } from './tags.ts';

const byScopeThenName = (a: TagRecord, b: TagRecord): number =>
  a.scope === b.scope ? a.name_key.localeCompare(b.name_key) : a.scope === 'common' ? -1 : 1;

/**
 * The tags the caller sees on each of up to 100 entries: the entries' reach (one batch read, then
 * their folders' paths: entries of one page share them), one key-condition query of each reachable
 * entry's partition, then one batch read of the tags they name (shared by all entries). An id of
 * another contract, one that is gone, trashed or closed to the caller by folder permissions answers
 * no tags (an id kept from before a permission change tells nothing).
 */
export const listItemsTags: Operation<'com_drive/items_tags'> = async ({ caller, input }) => {
  const ids = [...new Set(input.ids)];
  const reachable = await reachableWithPaths(viewerOf(caller), ids);
  const linked = await Promise.all(ids.map(async (id) => [id, reachable.has(id) ? await tagIdsOf(caller.kykId, id) : []] as const));
  const tags = await getTags(caller.kykId, [...new Set(linked.flatMap(([, tagIds]) => tagIds))]);
  const visible = new Map(tags.filter((tag) => sees(caller, tag)).map((tag) => [tag.id, tag]));
  const answer: Record<string, DriveTag[]> = {};
  for (const [id, tagIds] of linked) {
    answer[id] = tagIds
      .flatMap((tagId) => visible.get(tagId) ?? [])
      .sort(byScopeThenName)
      .map((tag) => ({ id: tag.id, name: tag.name, scope: tag.scope }));
  }
  return { tags: answer };
};
