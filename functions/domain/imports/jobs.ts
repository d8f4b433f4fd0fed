import { translate } from '#shared/messages.ts';
import { DomainError } from '#lib/errors.ts';
import { logger } from '#lib/logger.ts';
import { dropRunningMarker, getJob, isStale, listRunningJobs, requestResume, settleStale, type ImportJob } from '#data/import-jobs.ts';
import { putResumeMarker } from './files.ts';

/** -3 with "deleted by another user": no such job in the caller's contract. */
export const importNotFound = (): DomainError => new DomainError('address', {}, {}, 'notice.recordNotFound');

/** Times a dead worker's job is resumed; after that it is settled abnormal (a file that kills every worker). */
export const MAX_RESUMES = 3;
/** After asking for a resume, readers wait this long for the new worker before asking again. */
const RESUME_WAIT_MS = 60_000;

/**
 * A running job whose lease lapsed, as a reader finds it (history list, detail, download):
 * - never uploaded (phase `upload`): settled abnormal, with a result row saying why;
 * - processing, its worker dead: a resume is requested (once per `RESUME_WAIT_MS`, conditional on
 *   the lapsed lease, so concurrent readers ask once) and the resume marker written, whose event
 *   starts a worker that takes the job over; after `MAX_RESUMES` requests it is settled abnormal.
 * Answers the job as it is afterwards (still `running` while a resume is on its way).
 */
export async function recoverIfStale(job: ImportJob, now = new Date()): Promise<ImportJob> {
  if (!isStale(job, now)) return job;
  if (job.phase === 'processing' && (job.attempts ?? 0) < MAX_RESUMES) {
    if (job.resume_after && job.resume_after > now.toISOString()) return job;
    const resumeAfter = new Date(now.getTime() + RESUME_WAIT_MS).toISOString();
    if (await requestResume(job, resumeAfter)) {
      // A marker that fails to arrive costs one attempt: the next read after the wait asks again.
      await putResumeMarker(job.kyk_id, job.request_id).catch((error: unknown) => {
        logger.error('import resume marker not written', { kyk: job.kyk_id, importId: job.request_id, error });
      });
      return { ...job, attempts: (job.attempts ?? 0) + 1, resume_after: resumeAfter };
    }
    return (await getJob(job.kyk_id, job.request_id)) ?? job;
  }
  return settleStale(job, translate(job.language, 'importResult.interrupted'), now);
}

/**
 * The scheduled sweep (every minute): every running job of every contract whose worker died is
 * recovered as a reader would recover it, so nobody has to open the history for it to resume or
 * end. Answers how many it found stale.
 */
export async function sweepRunningImports(now = new Date()): Promise<number> {
  let stale = 0;
  for (const marker of await listRunningJobs()) {
    const job = await getJob(marker.kyk_id, marker.request_id);
    if (!job || job.status !== 'running') {
      await dropRunningMarker(marker.kyk_id, marker.request_id);
      continue;
    }
    if (!isStale(job, now)) continue;
    stale += 1;
    await recoverIfStale(job, now);
  }
  return stale;
}

/**
 * The caller's job (the tenant comes from the token), recovered if its worker is dead, or -3.
 * `recover: false` reads it as stored (a delete does not bring a job it removes back to life).
 */
export async function loadJob(kykId: string, requestId: string, options: { recover?: boolean } = {}): Promise<ImportJob> {
  const job = await getJob(kykId, requestId);
  if (!job) throw importNotFound();
  return options.recover === false ? job : recoverIfStale(job);
}
