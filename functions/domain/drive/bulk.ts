import { codes } from '#shared/codes.ts';
import { translate, type Language } from '#shared/messages.ts';
import type { BulkResponse } from '#shared/schemas/drive.ts';
import { DomainError } from '#lib/errors.ts';

/**
 * Runs a bulk action entry by entry, so one refused entry leaves the others done: each refusal is
 * reported with its code and message. When every entry is refused, the first refusal is the
 * answer's own code (a one-entry action behaves like a single call). Entries run one after the
 * other: they are at most a page, and a folder's entries share partitions. An action answers the
 * entry's `row_version` after it (for the undo); nothing when the entry is no more.
 */
export async function eachEntry<T extends { id: string }>(entries: T[], language: Language, act: (entry: T) => Promise<number | void>): Promise<BulkResponse> {
  const result: BulkResponse = { done: [], row_versions: {}, failed: [] };
  let first: DomainError | undefined;
  const seen = new Set<string>();
  for (const entry of entries) {
    if (seen.has(entry.id)) continue;
    seen.add(entry.id);
    try {
      const rowVersion = await act(entry);
      result.done.push(entry.id);
      if (typeof rowVersion === 'number') result.row_versions[entry.id] = rowVersion;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      first ??= error;
      result.failed.push({ id: entry.id, code: codes[error.codeName].code, message: translate(language, error.messageKey ?? `code.${error.codeName}`, error.params) });
    }
  }
  if (first && result.done.length === 0) throw first;
  return result;
}
