import { SEARCH_READS_MAX } from '#shared/drive-limits.ts';
import { DomainError } from '#lib/errors.ts';
import type { Operation } from '#lib/api-handler.ts';
import { ROOT_ID, toDriveItem } from '#data/drive-items.ts';
import { getTags } from '#data/tags.ts';
import { listPropertyItems } from '#data/property-items.ts';
import { viewerOf } from '#domain/drive/folder-access.ts';
import { reachableItem, itemNotFound } from '#domain/drive/reach.ts';
import { searchDrive } from '#domain/drive/search.ts';
import { checkPropertyConditions } from '#domain/property-values.ts';
import { sees } from './tags.ts';


/**
 * `com_drive/search` (docs/drive.md "Search"): one page of the entries matching every condition
 * given, in the order asked for, among those the caller may see (the folder permissions), within
 * the scope folder and below or the whole drive. At most SEARCH_READS_MAX items are read per call:
 * a page cut short there answers `capped: 1` with a cursor to read on.
 */
export const searchItems: Operation<'com_drive/search'> = async ({ caller, input, log }) => {
  const viewer = viewerOf(caller);
  const scopeId = input.folder_id !== undefined && input.folder_id !== ROOT_ID ? input.folder_id : undefined;
  const [scope, tags, definitions] = await Promise.all([
    scopeId ? reachableItem(viewer, scopeId) : undefined,
    input.tag_ids?.length ? getTags(caller.kykId, [...new Set(input.tag_ids)]) : [],
    input.properties?.length ? listPropertyItems(caller.kykId) : [],
  ]);
  const properties = input.properties?.length ? checkPropertyConditions(definitions, input.properties) : undefined;
  // The scope folder must be a folder the caller reaches, or it is not there for them.
  if (scopeId && scope?.type !== 'folder') throw itemNotFound();
  // A tag the caller does not see (another user's private tag, or none at all) is not a condition they can set.
  const visible = new Set(tags.filter((tag) => sees(caller, tag)).map((tag) => tag.id));
  if ((input.tag_ids ?? []).some((id) => !visible.has(id))) throw new DomainError('input', {}, { tag_ids: 'validation.invalidValue' });
  const result = await searchDrive(viewer, {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.tag_ids?.length ? { tagIds: input.tag_ids } : {}),
    ...(input.document_styles?.length ? { documentStyles: input.document_styles } : {}),
    ...(input.date_from !== undefined ? { dateFrom: input.date_from } : {}),
    ...(input.date_to !== undefined ? { dateTo: input.date_to } : {}),
    ...(input.amount_min !== undefined ? { amountMin: input.amount_min } : {}),
    ...(input.amount_max !== undefined ? { amountMax: input.amount_max } : {}),
    ...(input.partner !== undefined ? { partner: input.partner } : {}),
    ...(input.invoice_number !== undefined ? { invoiceNumber: input.invoice_number } : {}),
    ...(properties ? { properties } : {}),
    ...(input.include_deleted === 1 ? { includeDeleted: true } : {}),
    ...(scopeId ? { scopeId } : {}),
  }, {
    sort: input.sort_item,
    ascending: input.sort_flg === 1,
    pageSize: input.page_size,
    ...(input.cursor ? { cursor: input.cursor } : {}),
    maxReads: SEARCH_READS_MAX,
  });
  if (!result) throw new DomainError('input', {}, { cursor: 'validation.invalidValue' });
  log.info('drive search', { reads: result.reads, capped: result.capped, hits: result.hits.length });
  return {
    items: result.hits.map((hit) => ({ ...toDriveItem(hit.item), level: hit.level, path: hit.path, ...(hit.item.trashed_date ? { trashed_date: hit.item.trashed_date } : {}) })),
    next_cursor: result.nextCursor,
    // What was read counts hidden matches too: only administrators, whom no folder is closed to, are told
    // (the logs keep it for everyone). Others hear of the read limit only on a page that shows them something.
    ...(caller.rights.admin ? { read_count: result.reads } : {}),
    capped: result.capped && (caller.rights.admin || result.hits.length > 0) ? 1 : 0,
  };
};
