import { randomUUID } from 'node:crypto';
import { nowIso } from '#lib/data/table.ts';
import { DomainError } from '#lib/errors.ts';
import type { Operation } from '#lib/api-handler.ts';
import { writableFolder } from '#domain/drive/reach.ts';
import { viewerOf } from '#domain/drive/folder-access.ts';
import { insertItem, MAX_FOLDER_DEPTH, nameKey, NameTakenError, ParentMissingError, toDriveItem, type ItemRecord } from '#data/drive-items.ts';

/** Folder names are unique within their parent (case-insensitive): a duplicate answers -990000090007. */
export const createFolder: Operation<'com_drive/folder_reg_btn'> = async ({ caller, input }) => {
  const parent = await writableFolder(viewerOf(caller), input.parent_id);
  if (!parent) throw new DomainError('address', {}, {}, 'notice.itemNotFound');
  if (!parent.holdsFolders) throw new DomainError('updateFailure', { max: MAX_FOLDER_DEPTH }, {}, 'notice.folderTooDeep');

  const name = input.name;
  const now = nowIso();
  const record: ItemRecord = {
    kyk_id: caller.kykId,
    id: randomUUID(),
    parent_id: input.parent_id,
    type: 'folder',
    name,
    name_key: nameKey(name),
    size: null,
    declared_size: null,
    version: 1,
    status: 'ready',
    content_type: null,
    s3_key: null,
    row_version: 1,
    regist_date: now,
    regist_user_id: caller.userId,
    update_date: now,
    update_user_id: caller.userId,
  };
  try {
    await insertItem(record);
  } catch (error) {
    if (error instanceof NameTakenError) throw new DomainError('folderNameDuplicate', {}, { name: 'code.folderNameDuplicate' });
    if (error instanceof ParentMissingError) throw new DomainError('address', {}, {}, 'notice.itemNotFound');
    throw error;
  }
  return { item: toDriveItem(record) };
};
