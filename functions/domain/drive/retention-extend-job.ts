import { getCommonSettings } from '#data/common-settings.ts';
import type { DriveJobOutcome, DriveJobRecord } from '#data/drive-jobs.ts';
import { allVersions } from '#data/file-versions.ts';
import { allBookkeepingDocuments, lengthenRetention } from '#data/bookkeeping-documents.ts';
import { extendLocks, retentionFor } from './bookkeeping.ts';
import { HandOver, type JobRun } from './jobs.ts';

/**
 * After the fiscal year end or the retention years change (common settings), every bookkeeping
 * document's retention is computed again with the settings as they are when the job runs, and
 * lengthened where it grows (never shortened: docs/e-bookkeeping.md), with the bucket's lock on
 * every version's bytes. Idempotent, so a job handed over to a fresh worker simply starts again.
 */
export async function retentionExtendWork(job: DriveJobRecord, run: JobRun): Promise<DriveJobOutcome> {
  const { settings } = await getCommonSettings(job.kyk_id, true);
  let done = 0;
  let lengthened = 0;
  for await (const page of allBookkeepingDocuments(job.kyk_id)) {
    for (const item of page) {
      const day = retentionFor(item, settings);
      if (day && day !== item.retention_until && (await lengthenRetention(job.kyk_id, item.id, day))) {
        await extendLocks((await allVersions(job.kyk_id, item.id)).map((version) => version.s3_key), day);
        lengthened += 1;
      }
      done += 1;
    }
    await run.save({ done });
    if (run.timeIsUp()) throw new HandOver();
  }
  run.log.info('bookkeeping retention recomputed', { kyk: job.kyk_id, job: job.job_id, documents: done, lengthened });
  return { state: 'done' };
}
