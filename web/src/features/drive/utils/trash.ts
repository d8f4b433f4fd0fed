/**
 * The trash page's pure parts: where an entry was, and what a bulk action (restore, delete for good)
 * did to each selected entry.
 */

interface Placed {
  original_path: { id: string; name: string }[];
  original_place: 'present' | 'trashed' | 'missing';
}

/**
 * The place an entry was deleted from, as text: "Drive / Invoices / March". When a folder on the way
 * was deleted for good, the server reads the path upwards from the entry's folder and stops there:
 * the part above is unknown, shown as "…" ("Drive / … / March", or "Drive / …" when the entry's own
 * folder is gone).
 */
export function locationText(entry: Placed, rootName: string): string {
  const names = entry.original_path.map((folder) => folder.name);
  return (entry.original_place === 'missing' ? [rootName, '…', ...names] : [rootName, ...names]).join(' / ');
}

/** Restoring without choosing a place needs the original place to be there, out of the trash. */
export const restorableInPlace = (entry: Placed): boolean => entry.original_place === 'present';

/** The folder an entry goes back to when restored in place ('root' at the top). */
export const originalFolderId = (entry: Placed): string => entry.original_path.at(-1)?.id ?? 'root';

export interface EntryFailure<T> {
  entry: T;
  code: number;
  message: string;
}

export interface BulkOutcome<T> {
  done: T[];
  failed: EntryFailure<T>[];
  /**
   * Entries refused without a reason of their own: when every entry is refused, the call answers
   * only the first refusal, so the others are known to be unchanged but not why.
   */
  unreported: T[];
}

/** A bulk answer (`done` ids, `failed` with code and message) mapped back onto the entries sent. */
export function bulkOutcome<T extends { id: string }>(
  sent: readonly T[],
  answer: { done: string[]; failed: { id: string; code: number; message: string }[] },
): BulkOutcome<T> {
  const byId = new Map(sent.map((entry) => [entry.id, entry]));
  const done = answer.done.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  const failed = answer.failed.flatMap(({ id, code, message }) => (byId.has(id) ? [{ entry: byId.get(id)!, code, message }] : []));
  return { done, failed, unreported: [] };
}

/**
 * A bulk call refused as a whole (every entry refused): its code and message are the first entry's
 * refusal (the server runs the entries in the order sent); the others did not change either.
 */
export function refusedOutcome<T>(sent: readonly T[], refusal: { code: number; message: string }): BulkOutcome<T> {
  const [first, ...others] = sent;
  return first === undefined ? { done: [], failed: [], unreported: [] } : { done: [], failed: [{ entry: first, ...refusal }], unreported: others };
}
