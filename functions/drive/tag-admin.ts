import { randomUUID } from 'node:crypto';
import { TAG_NAME_MAX } from '#shared/drive-limits.ts';
import type { CommonTagInfo } from '#shared/schemas/tag-admin.ts';
import { auditActor, type Operation } from '#lib/api-handler.ts';
import { auditPut } from '#lib/audit.ts';
import { nowIso } from '#lib/data/table.ts';
import { DomainError } from '#lib/errors.ts';
import { startTagDetach, DETACH_INLINE } from '#domain/drive/tag-detach-job.ts';
import {
  deleteCommonTag, detachTag, getTags, insertTag, listCommonTagsPage, listTaggedItems, renameCommonTag, tagNameKey, TagChangedError, TagNameTakenError,
  type TagRecord,
} from '#data/tags.ts';

/**
 * Tags administration (docs/drive.md "Tags administration"): the contract's common tags, listed,
 * created, renamed and deleted by administrators (the route's access). Names are at most 40
 * characters (-990000270002) and unique in the contract ignoring case (-990000270003). Every change
 * is audited in its own transaction (target `tag`).
 */
const toInfo = (tag: TagRecord): CommonTagInfo => ({
  id: tag.id, name: tag.name, regist_date: tag.regist_date, regist_user_id: tag.regist_user_id,
  update_date: tag.update_date ?? null, update_user_id: tag.update_user_id ?? null,
});
const auditView = (tag: TagRecord) => ({ name: tag.name });
const tagGone = (): DomainError => new DomainError('address', {}, {}, 'notice.recordNotFound');
const duplicate = (): DomainError => new DomainError('tagCommonDuplicate', {}, { name: 'code.tagCommonDuplicate' });

async function commonTag(kykId: string, id: string): Promise<TagRecord> {
  const [tag] = await getTags(kykId, [id]);
  if (!tag || tag.scope !== 'common') throw tagGone();
  return tag;
}

export const listCommonTags: Operation<'com/tag_info_list'> = async ({ caller, input }) => {
  const page = await listCommonTagsPage(caller.kykId, { prefix: input.prefix, pageSize: input.page_size, ...(input.cursor ? { cursor: input.cursor } : {}) });
  if (!page) throw new DomainError('input', {}, { cursor: 'validation.invalidValue' });
  return { tags: page.tags.map(toInfo), next_cursor: page.next };
};

export const saveCommonTag: Operation<'com/tag_info_save_btn'> = async (context) => {
  const { caller, input } = context;
  if ([...input.name].length > TAG_NAME_MAX) throw new DomainError('tagTooLong', {}, { name: 'code.tagTooLong' });
  const actor = auditActor(context);
  if (input.id === undefined) {
    const tag: TagRecord = {
      kyk_id: caller.kykId, id: randomUUID(), name: input.name, name_key: tagNameKey(input.name), scope: 'common',
      regist_date: nowIso(), regist_user_id: caller.userId,
    };
    try {
      await insertTag(tag, [auditPut(actor, { action: 'tag.create', targetType: 'tag', targetId: tag.id, before: null, after: auditView(tag) })]);
    } catch (error) {
      if (error instanceof TagNameTakenError) throw duplicate();
      throw error;
    }
    return { tag: toInfo(tag) };
  }
  const tag = await commonTag(caller.kykId, input.id);
  if (tag.name === input.name) return { tag: toInfo(tag) };
  try {
    const renamed = await renameCommonTag(tag, input.name, { userId: caller.userId, date: nowIso() }, [
      auditPut(actor, { action: 'tag.rename', targetType: 'tag', targetId: tag.id, before: auditView(tag), after: { name: input.name } }),
    ]);
    return { tag: toInfo(renamed) };
  } catch (error) {
    if (error instanceof TagNameTakenError) throw duplicate();
    // Renamed or deleted by someone else since it was read.
    if (error instanceof TagChangedError) throw new DomainError('editedByAnotherUser');
    throw error;
  }
};

/**
 * Deletes a common tag: the tag and its name go at once (nobody can attach it any more: attaching
 * checks the tag in its transaction), then the tag is taken off the files and folders carrying it,
 * the first DETACH_INLINE within the call and the rest by a background job (kind `tag_detach`).
 */
export const deleteCommonTagOperation: Operation<'com/tag_info_del_btn'> = async (context) => {
  const { caller, input, language } = context;
  const tag = await commonTag(caller.kykId, input.id);
  try {
    await deleteCommonTag(tag, [auditPut(auditActor(context), { action: 'tag.delete', targetType: 'tag', targetId: tag.id, before: auditView(tag), after: null })]);
  } catch (error) {
    if (error instanceof TagChangedError) throw new DomainError('editedByAnotherUser');
    throw error;
  }
  const page = (await listTaggedItems(caller.kykId, tag.id, { pageSize: DETACH_INLINE }))!;
  for (const itemId of page.itemIds) await detachTag(caller.kykId, tag.id, itemId);
  const jobId = page.nextCursor === null ? null : await startTagDetach(caller.kykId, caller.userId, language, tag.id);
  return { detached: page.itemIds.length, job_id: jobId };
};
