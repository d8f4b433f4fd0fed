import { auditActor, type Operation } from '#lib/api-handler.ts';
import { auditPut } from '#lib/audit.ts';
import { DomainError } from '#lib/errors.ts';
import { loadJob } from '#domain/imports/jobs.ts';
import { deleteJob, isStale, JobDeleteError, toHistoryRow } from '#data/import-jobs.ts';
import { putPurgeMarker } from '#domain/imports/files.ts';

/**
 * Deletes finished import jobs, and running ones whose worker is dead (lease lapsed). All of the
 * list is checked first: an unknown id answers -3 and a live running job -203, and then nothing is
 * deleted. Each job record goes in its own transaction with
 * its count and audit record (conditional on not running); its result rows and files are removed
 * outside the request by the purge marker's event (purge.ts).
 */
export const importHistoryListDelete: Operation<'com/import_history_list_delete'> = async (context) => {
  const { caller, input } = context;
  const jobs = await Promise.all([...new Set(input.delete_list)].map((id) => loadJob(caller.kykId, id, { recover: false })));
  if (jobs.some((job) => job.status === 'running' && !isStale(job))) throw runningNotDeletable();
  for (const job of jobs) {
    try {
      await deleteJob(job, [
        auditPut(auditActor(context), { action: 'import.delete', targetType: 'import', targetId: job.request_id, before: toHistoryRow(job), after: null }),
      ]);
    } catch (error) {
      if (error instanceof JobDeleteError && error.reason === 'missing') continue; // deleted concurrently: same outcome
      if (error instanceof JobDeleteError) throw runningNotDeletable();
      throw error;
    }
    await putPurgeMarker(caller.kykId, job.request_id);
  }
  return {};
};

const runningNotDeletable = (): DomainError => new DomainError('deleteFailure', {}, {}, 'importResult.runningNotDeletable');

