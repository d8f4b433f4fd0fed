import { DomainError } from '#lib/errors.ts';
import type { Operation } from '#lib/api-handler.ts';
import type { CorrectionRecordView } from '#shared/schemas/bookkeeping.ts';
import { entriesForAdministrator, itemNotFound, reach } from '#domain/drive/reach.ts';
import { viewerOf } from '#domain/drive/folder-access.ts';
import { toDriveItem } from '#data/drive-items.ts';
import { correctionsOf, listCorrections, SYSTEM_USER } from '#data/corrections.ts';
import { listLateScans } from '#data/late-scans.ts';
import { getUsers } from '#data/user-directory.ts';

/** Japan's day `YYYY-MM-DD` as the UTC instants it spans: records are stamped in UTC. */
const japanDayStart = (day: string): string => new Date(Date.parse(`${day}T00:00:00+09:00`)).toISOString();
const japanDayEnd = (day: string): string => new Date(Date.parse(`${day}T00:00:00+09:00`) + 86_400_000 - 1).toISOString();

/** The records with the names of who made them (one batch read; a deleted user keeps their id). */
async function withNames(kykId: string, records: CorrectionRecordView[]) {
  const users = await getUsers(kykId, [...new Set(records.map((record) => record.user_id).filter((id) => id !== SYSTEM_USER))]);
  const names = new Map(users.map((user) => [user.user_id, user.user_nm]));
  return records.map((record) => ({ ...record, user_nm: names.get(record.user_id) ?? record.user_id }));
}

/**
 * The contract's correction and deletion history of bookkeeping documents (通達 10-2; administrators):
 * every record of a range of Japan days, newest first, filtered by person and kind.
 */
export const listCorrectionHistory: Operation<'com_drive/correction_history'> = async ({ caller, input }) => {
  const page = await listCorrections(caller.kykId, {
    from: japanDayStart(input.date_from), to: japanDayEnd(input.date_to), pageSize: input.page_size,
    ...(input.cursor ? { cursor: input.cursor } : {}), ...(input.user_id ? { userId: input.user_id } : {}), ...(input.kinds?.length ? { kinds: input.kinds } : {}),
  });
  if (!page) throw new DomainError('input', {}, { cursor: 'validation.invalidValue' });
  return { records: await withNames(caller.kykId, page.records), next_cursor: page.nextCursor };
};

/**
 * One document's history, for whoever reaches it (reach.ts `history`): where it is, or for a
 * document deleted logically, where it was by the trash rule (the contract's trash for level 3,
 * one's own deletions otherwise). Anyone else gets -3, as for an unknown id.
 */
export const getDocumentHistory: Operation<'com_drive/document_history'> = async ({ caller, input }) => {
  const item = (await reach(viewerOf(caller), input.id, 'history'))?.entry;
  if (item?.type !== 'file') throw itemNotFound();
  return { records: await withNames(caller.kykId, await correctionsOf(caller.kykId, item.id)) };
};

/** Scanner files registered after their input deadline (administrators), newest registration first. */
export const listLateScanFiles: Operation<'com_drive/scanner_late_list'> = async ({ caller, input }) => {
  const page = await listLateScans(caller.kykId, { pageSize: input.page_size, ...(input.cursor ? { cursor: input.cursor } : {}) });
  if (!page) throw new DomainError('input', {}, { cursor: 'validation.invalidValue' });
  // Administrators are not narrowed; a scan deleted for good after its retention leaves its marker behind: not listed.
  const items = new Map((await entriesForAdministrator(viewerOf(caller), page.itemIds)).map((item) => [item.id, item]));
  return { items: page.itemIds.flatMap((id) => (items.has(id) ? [toDriveItem(items.get(id)!)] : [])), next_cursor: page.nextCursor };
};
