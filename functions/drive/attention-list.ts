import { DomainError } from '#lib/errors.ts';
import type { Operation } from '#lib/api-handler.ts';
import { toDriveItem } from '#data/drive-items.ts';
import { attentionReasons, listAttention } from '#data/attention.ts';
import { viewerOf } from '#domain/drive/folder-access.ts';
import { reachableWithPaths } from '#domain/drive/reach.ts';

/**
 * The "Needs attention" filter (docs/drive.md): one page of the contract's files needing attention,
 * newest registration first, of which the caller gets those the reach module says they see (a page
 * may hold fewer entries; the cursor goes on from the last row read). The reasons are the file's as
 * it is now, so a row a racing change has not yet removed shows nothing it no longer needs.
 */
export const listAttentionFiles: Operation<'com_drive/attention_list'> = async ({ caller, input }) => {
  const page = await listAttention(caller.kykId, { pageSize: input.page_size, ...(input.cursor ? { cursor: input.cursor } : {}) });
  if (!page) throw new DomainError('input', {}, { cursor: 'validation.invalidValue' });
  const reachable = await reachableWithPaths(viewerOf(caller), page.entries.map((entry) => entry.itemId));
  return {
    items: page.entries.flatMap(({ itemId }) => {
      const found = reachable.get(itemId);
      const reasons = found ? attentionReasons(found.item) : [];
      return found && reasons.length > 0 ? [{ ...toDriveItem(found.item), level: found.item.level, path: found.path, reasons }] : [];
    }),
    next_cursor: page.nextCursor,
  };
};
