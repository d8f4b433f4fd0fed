import type { Operation } from '#lib/api-handler.ts';
import { decodeCursor, encodeCursor } from '#lib/data/table.ts';
import { DomainError } from '#lib/errors.ts';
import { ACTIVITY_POSITION, fileActivity, type ActivityCursor } from '#domain/drive/file-activity.ts';
import { viewerOf } from '#domain/drive/folder-access.ts';
import { itemNotFound, reachableItem } from '#domain/drive/reach.ts';

/** A cursor this call handed out, or undefined (a position and the last version shown, nothing else). */
function activityCursor(cursor: string): ActivityCursor | undefined {
  const decoded = decodeCursor(cursor);
  if (!decoded || Object.keys(decoded).some((key) => key !== 'p' && key !== 'v')) return undefined;
  const { p, v } = decoded;
  if (p !== undefined && (typeof p !== 'string' || !ACTIVITY_POSITION.test(p))) return undefined;
  if (v !== undefined && (typeof v !== 'number' || !Number.isInteger(v) || v < 1)) return undefined;
  return { ...(p !== undefined ? { p } : {}), ...(v !== undefined ? { v } : {}) };
}

/**
 * One page of an entry's activity, newest first (docs/drive.md "Activity of one entry"): an entry
 * the caller does not reach answers -3, as an unknown id; administrators read everyone's events,
 * others the versions and corrections and their own events and links.
 */
export const listFileActivity: Operation<'com_drive/file_activity'> = async ({ caller, input }) => {
  const item = await reachableItem(viewerOf(caller), input.id);
  if (!item) throw itemNotFound();
  const cursor = input.cursor !== undefined ? activityCursor(input.cursor) : {};
  if (!cursor) throw new DomainError('input', {}, { cursor: 'validation.invalidValue' });
  const scope = caller.rights.admin ? 'contract' : 'own';
  const page = await fileActivity({ kykId: caller.kykId, item, cursor, pageSize: input.page_size, ...(scope === 'own' ? { ownOnly: caller.userId } : {}) });
  return { entries: page.entries, scope, next_cursor: page.next === null ? null : encodeCursor({ ...page.next }) };
};
