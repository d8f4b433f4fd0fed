/** What a bulk drive call (trash, move, restore, delete for good) did to each entry sent. */
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
