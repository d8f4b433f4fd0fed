import type { DriveTag } from '#shared/schemas/drive.ts';
import type { Operation } from '#lib/api-handler.ts';
import { getTags, tagIdsOf, type TagRecord } from '#data/tags.ts';
import { sees } from './tags.ts';

const byScopeThenName = (a: TagRecord, b: TagRecord): number =>
  a.scope === b.scope ? a.name_key.localeCompare(b.name_key) : a.scope === 'common' ? -1 : 1;

/**
 * The tags the caller sees on each of up to 100 entries: one key-condition query of each entry's
 * partition, then one batch read of the tags they name (shared by all entries). The entries come
 * from a listing the caller just read, so their reach is not walked again; an id of another
 * contract or one that is gone answers no tags (every key begins with the caller's contract).
 */
export const listItemsTags: Operation<'com_drive/items_tags'> = async ({ caller, input }) => {
  const ids = [...new Set(input.ids)];
  const linked = await Promise.all(ids.map(async (id) => [id, await tagIdsOf(caller.kykId, id)] as const));
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
