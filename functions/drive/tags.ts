import { randomUUID } from 'node:crypto';
import { TAG_NAME_MAX } from '#shared/drive-limits.ts';
import type { DriveTag } from '#shared/schemas/drive.ts';
import { nowIso } from '#lib/data/table.ts';
import { TransactionFailed } from '#lib/data/transact.ts';
import { DomainError } from '#lib/errors.ts';
import type { Caller, Operation } from '#lib/api-handler.ts';
import { reachableItem, reachableWithPaths, itemNotFound } from '#domain/drive/reach.ts';
import { viewerOf } from '#domain/drive/folder-access.ts';
import { recordAccess } from '#domain/drive/access-log.ts';
import { toDriveItem } from '#data/drive-items.ts';
import {
  changeItemTags, getTags, insertTag, listTaggedItems, listTags, TAGS_PER_ITEM, tagIdsOf, tagNameKey, TagNameTakenError, type TagRecord,
} from '#data/tags.ts';

const LIST_LIMIT = 100;
const toTag = (tag: TagRecord): DriveTag => ({ id: tag.id, name: tag.name, scope: tag.scope });
/** Common tags are everyone's; a private tag only its owner's. */
export const sees = (caller: Caller, tag: TagRecord): boolean => tag.scope === 'common' || tag.owner_user_id === caller.userId;

/** Tags by name prefix: common ones, then the caller's private ones (a key-condition page each). */
export const searchTags: Operation<'com_drive/tag_search'> = async ({ caller, input }) => {
  const [common, own] = await Promise.all([
    input.scope === 'private' ? [] : listTags(caller.kykId, 'common', { prefix: input.prefix, limit: LIST_LIMIT }),
    input.scope === 'common' ? [] : listTags(caller.kykId, 'private', { ownerId: caller.userId, prefix: input.prefix, limit: LIST_LIMIT }),
  ]);
  return { tags: [...common, ...own].map(toTag) };
};

/**
 * Creates a tag: a common one by administrators only (-990000270001), a private one by anyone.
 * Names are at most 40 characters (-990000270002) and unique in their scope, ignoring case
 * (-990000270003 common, -990000270004 private).
 */
export const createTag: Operation<'com_drive/tag_create_btn'> = async ({ caller, input }) => {
  if (input.scope === 'common' && !caller.rights.admin) throw new DomainError('tagCommonNotAllowed');
  if ([...input.name].length > TAG_NAME_MAX) throw new DomainError('tagTooLong', {}, { name: 'code.tagTooLong' });
  const tag: TagRecord = {
    kyk_id: caller.kykId, id: randomUUID(), name: input.name, name_key: tagNameKey(input.name), scope: input.scope,
    ...(input.scope === 'private' ? { owner_user_id: caller.userId } : {}), regist_date: nowIso(), regist_user_id: caller.userId,
  };
  try {
    await insertTag(tag);
  } catch (error) {
    if (error instanceof TagNameTakenError) {
      const code = input.scope === 'common' ? 'tagCommonDuplicate' : 'tagPrivateDuplicate';
      throw new DomainError(code, {}, { name: `code.${code}` });
    }
    throw error;
  }
  return { tag: toTag(tag) };
};

/** The tags on an entry that the caller sees. */
async function visibleTagsOf(caller: Caller, itemId: string): Promise<TagRecord[]> {
  const tags = await getTags(caller.kykId, await tagIdsOf(caller.kykId, itemId));
  return tags.filter((tag) => sees(caller, tag)).sort((a, b) => (a.scope === b.scope ? a.name_key.localeCompare(b.name_key) : a.scope === 'common' ? -1 : 1));
}

export const getItemTags: Operation<'com_drive/item_tags'> = async ({ caller, input }) => {
  if (!(await reachableItem(viewerOf(caller), input.id))) throw itemNotFound();
  return { tags: (await visibleTagsOf(caller, input.id)).map(toTag) };
};

/**
 * Sets the tags of an entry to the given ones, of those the caller sees: others' private tags are
 * never touched. Changing which common tags an entry has is for administrators (-990000270001); a
 * tag that is not there (or not the caller's) or more than 20 tags on the entry answers
 * -990000270005, and so does a tag deleted or an entry trashed while the change is written.
 */
export const saveItemTags: Operation<'com_drive/item_tags_save_btn'> = async ({ caller, input, log }) => {
  const item = await reachableItem(viewerOf(caller), input.id);
  if (!item) throw itemNotFound();
  const wanted = [...new Set(input.tag_ids)];
  const [current, wantedTags, allIds] = await Promise.all([visibleTagsOf(caller, input.id), getTags(caller.kykId, wanted), tagIdsOf(caller.kykId, input.id)]);
  if (wantedTags.length !== wanted.length || wantedTags.some((tag) => !sees(caller, tag))) throw new DomainError('tagAttachFailed');
  const currentIds = new Set(current.map((tag) => tag.id));
  const add = wantedTags.filter((tag) => !currentIds.has(tag.id));
  const remove = current.filter((tag) => !wanted.includes(tag.id));
  if (!caller.rights.admin && [...add, ...remove].some((tag) => tag.scope === 'common')) throw new DomainError('tagCommonNotAllowed');
  if (allIds.length + add.length - remove.length > TAGS_PER_ITEM) throw new DomainError('tagAttachFailed');
  if (add.length || remove.length) {
    try {
      await changeItemTags(caller.kykId, input.id, { add: add.map((tag) => tag.id), remove: remove.map((tag) => tag.id), date: nowIso() });
      await recordAccess({ caller, log }, 'tags', item, wantedTags.map((tag) => tag.name).join(', '));
    } catch (error) {
      if (error instanceof TransactionFailed && error.failed()) throw new DomainError('tagAttachFailed');
      throw error;
    }
  }
  return { tags: (await visibleTagsOf(caller, input.id)).map(toTag) };
};

/** The entries carrying a tag the caller sees, newest tagging first, each with its place. */
export const listTaggedEntries: Operation<'com_drive/tag_items'> = async ({ caller, input }) => {
  const [tag] = await getTags(caller.kykId, [input.tag_id]);
  if (!tag || !sees(caller, tag)) throw itemNotFound();
  const page = await listTaggedItems(caller.kykId, tag.id, { pageSize: input.page_size, cursor: input.cursor });
  if (!page) throw new DomainError('input', {}, { cursor: 'validation.invalidValue' });
  const reachable = await reachableWithPaths(viewerOf(caller), page.itemIds);
  return {
    tag: toTag(tag),
    items: page.itemIds.flatMap((id) => {
      const found = reachable.get(id);
      return found ? [{ ...toDriveItem(found.item), path: found.path }] : [];
    }),
    next_cursor: page.nextCursor,
  };
};
