import { translate } from '#shared/messages.ts';
import { DomainError } from '#lib/errors.ts';
import { getJob, isStale, settleStale, type ImportJob } from '#data/import-jobs.ts';

/** -3 with "deleted by another user": no such job in the caller's contract. */
export const importNotFound = (): DomainError => new DomainError('address', {}, {}, 'notice.recordNotFound');

/** A job that can no longer finish is ended (abnormal, with a result row saying why) when it is read. */
export const settleIfStale = async (job: ImportJob): Promise<ImportJob> =>
  isStale(job) ? settleStale(job, translate(job.language, 'importResult.interrupted')) : job;

/** The caller's job (the tenant comes from the token), settled if stale, or -3. */
export async function loadJob(kykId: string, requestId: string): Promise<ImportJob> {
  const job = await getJob(kykId, requestId);
  if (!job) throw importNotFound();
  return settleIfStale(job);
}
