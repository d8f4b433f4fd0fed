import type { Logger } from '#lib/logger.ts';
import { getCommonSettings } from '#data/common-settings.ts';
import { ItemChangedError, type ItemRecord } from '#data/drive-items.ts';
import { dropTrashContractIfEmpty, dueTrash, retentionDueAt, setRetentionDueAt, trashContracts, trashShards } from '#data/drive-trash.ts';
import { deleteForever } from './purge.ts';
import { isRetained } from './bookkeeping.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The job looks at every contract with a trash once an hour (the schedule runs every minute). */
const RETENTION_INTERVAL_MS = 60 * 60 * 1000;
const STEP = 50;

/**
 * Deletes for good what has stayed in a contract's trash longer than its retention setting (common
 * settings, default 30 days), oldest first, until `deadline`. The setting is read at each run, so a
 * shortened retention applies at the next run. Answers whether everything due is gone.
 */
export async function expireTrash(kykId: string, options: { now: number; deadline: number; log: Logger }): Promise<{ deleted: number; finished: boolean }> {
  const { settings } = await getCommonSettings(kykId, true);
  const cutoff = new Date(options.now - settings.trash_retention_days * DAY_MS).toISOString();
  let deleted = 0;
  let after: ItemRecord | undefined;
  for (;;) {
    if (Date.now() >= options.deadline) return { deleted, finished: false };
    const due = await dueTrash(kykId, cutoff, STEP, after);
    if (due.length === 0) return { deleted, finished: true };
    after = due.at(-1);
    for (const item of due) {
      if (Date.now() >= options.deadline) return { deleted, finished: false };
      // A document under retention stays in the trash until its retention ends (docs/e-bookkeeping.md).
      if (isRetained(item, settings)) continue;
      try {
        await deleteForever(item, item.row_version, options.deadline, options.log);
        deleted += 1;
      } catch (error) {
        // Restored or deleted meanwhile: nothing to expire.
        if (!(error instanceof ItemChangedError)) throw error;
      }
    }
  }
}

/**
 * The scheduled trash retention (docs/drive.md "Trash"): once an hour, every contract whose trash
 * may hold entries; a run cut short by its deadline is carried on by the next minute's run. Not
 * TTL: DynamoDB's TTL sweeper may run days late and would leave bytes and usage behind.
 */
export async function applyTrashRetention(options: { deadline: number; log: Logger; now?: number; ignoreInterval?: boolean }): Promise<{ deleted: number; contracts: number } | undefined> {
  const now = options.now ?? Date.now();
  if (!options.ignoreInterval && Date.now() < (await retentionDueAt())) return undefined;
  const result = { deleted: 0, contracts: 0 };
  for (const shard of trashShards()) {
    for (const kykId of await trashContracts(shard)) {
      const { deleted, finished } = await expireTrash(kykId, { now, deadline: options.deadline, log: options.log });
      result.deleted += deleted;
      result.contracts += 1;
      if (!finished) return result;
      await dropTrashContractIfEmpty(kykId);
    }
  }
  if (!options.ignoreInterval) await setRetentionDueAt(Date.now() + RETENTION_INTERVAL_MS);
  if (result.deleted) options.log.info('trash retention', result);
  return result;
}
