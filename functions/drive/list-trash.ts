import type { TrashEntry } from '#shared/schemas/drive.ts';
import { DomainError } from '#lib/errors.ts';
import type { Operation } from '#lib/api-handler.ts';
import { isLegalDocumentStyle } from '#shared/schemas/bookkeeping-fields.ts';
import { toDriveItem, type FolderPath, type ItemRecord } from '#data/drive-items.ts';
import { listTrash } from '#data/drive-trash.ts';
import { getCommonSettings } from '#data/common-settings.ts';
import { japanDay, keptUntil, type PurgeSettings } from '#domain/drive/bookkeeping.ts';
import { viewerOf } from '#domain/drive/folder-access.ts';
import { visibleInTrash } from '#domain/drive/reach.ts';

/**
 * One page of the trash, newest deletion first, each entry with the place it was deleted from.
 * Level 3 (and administrators) read the whole contract's trash; others what they deleted. The
 * places of a page are read together, one batch read per level of the folders above its entries.
 * Folder permissions apply by the trash rule (reach.ts `trashLevel`): the settings of the place it
 * was while that place reads to the root, otherwise those recorded when it was trashed.
 * A file still under retention carries the last day it is kept (`retained_until`), decided as every
 * purge decides it (bookkeeping.ts `keptUntil`): from the stored entry and the contract's settings,
 * read once for the page and only when it holds a bookkeeping document.
 */
export const listTrashPage: Operation<'com_drive/recycle_list'> = async ({ caller, input }) => {
  const whole = caller.rights.drive >= 3;
  const page = await listTrash(caller.kykId, { ...(whole ? {} : { deletedBy: caller.userId }), pageSize: input.page_size, cursor: input.cursor });
  if (!page) throw new DomainError('input', {}, { cursor: 'validation.invalidValue' });
  const visible = await visibleInTrash(viewerOf(caller), page.items);
  const settings = visible.some(({ item }) => mayBeRetained(item)) ? (await getCommonSettings(caller.kykId)).settings : undefined;
  const today = japanDay();
  return { items: visible.map(({ item, path }) => trashEntry(item, path, settings, today)), scope: whole ? 'contract' : 'own', next_cursor: page.nextCursor };
};

const mayBeRetained = (item: ItemRecord): boolean => item.type === 'file' && (isLegalDocumentStyle(item.document_style) || item.retention_until !== undefined);

function trashEntry(item: ItemRecord, path: FolderPath, settings: PurgeSettings | undefined, today: string): TrashEntry {
  const original_place = path.broken ? 'missing' : path.chain.some((folder) => folder.trashed) ? 'trashed' : 'present';
  const until = settings && mayBeRetained(item) ? keptUntil(item, settings) : undefined;
  return {
    ...toDriveItem(item), trashed_date: item.trashed_date!, trashed_user_id: item.trashed_user_id!,
    original_path: path.chain.map(({ id, name }) => ({ id, name })), original_place,
    ...(until !== undefined && until >= today ? { retained_until: until } : {}),
  };
}
