import { logger } from '#lib/logger.ts';
import { getJob } from '#data/import-jobs.ts';
import { purgeResults } from '#data/import-rows.ts';
import { deleteImportFiles } from './files.ts';

/**
 * The rest of a deleted import job: its result rows and its files. `import_history_list_delete`
 * removes the job record (so nothing can read the rest any more) and writes the purge marker,
 * whose ObjectCreated event runs this in the import-jobs Lambda: a job's 10,000 result rows
 * take longer to delete than an API request may last. Idempotent; does nothing while the job
 * record still exists (a marker cannot come before the record's deletion, but S3 may redeliver).
 */
export async function purgeImport(kykId: string, requestId: string): Promise<void> {
  if (await getJob(kykId, requestId)) {
    logger.warn('import purge ignored: the job still exists', { kyk: kykId, importId: requestId });
    return;
  }
  const rows = await purgeResults(kykId, requestId);
  await deleteImportFiles(kykId, requestId);
  logger.info('import purged', { kyk: kykId, importId: requestId, rows });
}
