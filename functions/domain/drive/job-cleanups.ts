import type { Logger } from '#lib/logger.ts';
import { deleteObjects } from '#lib/object-storage.ts';
import type { DriveJobRecord } from '#data/drive-jobs.ts';
import { abandonCopy, copiedId } from '#data/drive-copies.ts';
import { purgeFolder } from './purge.ts';

/** Undoes what a failed job wrote. */
export type JobCleanup = (job: DriveJobRecord, log: Logger) => Promise<void>;

/** Time the cleanup of a failed copy spends inline; the scheduled purge does the rest. */
const CLEANUP_MS = 5_000;

/** A failed copy leaves nothing: its unpublished top-level copies go (a folder's content by the purge). */
export async function copyCleanup(job: DriveJobRecord, log: Logger): Promise<void> {
  for (const sourceId of job.items) {
    const abandoned = await abandonCopy(job.kyk_id, copiedId(job.job_id, sourceId), job.job_id);
    if (!abandoned) continue;
    if (abandoned.type === 'file') {
      // Bytes nobody can reach any more: a failure is logged for the operator, the rest goes on.
      await deleteObjects(abandoned.s3_key ? [abandoned.s3_key] : []).catch((error: unknown) => log.error('bytes of an abandoned copy not removed', { error, kyk: job.kyk_id, item: abandoned.id }));
    }
    else await purgeFolder(job.kyk_id, abandoned.id, Date.now() + CLEANUP_MS, log);
  }
}

/**
 * What a failed job of each kind leaves to undo, apart from the workers (job-kinds.ts): whoever
 * settles a job (its worker, a reader of a dead one, the sweep) undoes it the same way.
 */
export const jobCleanups: Partial<Record<DriveJobRecord['kind'], JobCleanup>> = { copy: copyCleanup };
