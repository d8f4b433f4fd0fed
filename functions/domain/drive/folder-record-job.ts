import { createHash, randomUUID } from 'node:crypto';
import type { Language } from '#shared/messages.ts';
import { TransactionFailed, transactWrite } from '#lib/data/transact.ts';
import { correctionPut, snapshotOf } from '#data/corrections.ts';
import { insertDriveJob, type DriveJobOutcome, type DriveJobRecord } from '#data/drive-jobs.ts';
import type { ItemRecord } from '#data/drive-items.ts';
import { isBookkeepingChange } from './bookkeeping.ts';
import { HandOver, leaseUntil, putDriveJobMarker, type JobRun } from './jobs.ts';
import { subtreePages } from './subtree.ts';

/**
 * Finding 6 (通達10-2): a folder trashed with bookkeeping documents below it deletes each of them,
 * and restoring it restores each: every document gets its own record (person, time, reason) from a
 * bounded job, so a folder of any size goes to the trash (or comes back) at once.
 */
export async function startFolderRecord(
  folder: Pick<ItemRecord, 'kyk_id' | 'id'>, by: { userId: string; language: Language }, record: { kind: 'deletion' | 'restore'; date: string; reason: string | null },
): Promise<string> {
  const jobId = randomUUID();
  await insertDriveJob({
    kyk_id: folder.kyk_id, job_id: jobId, kind: 'folder_record', user_id: by.userId, language: by.language, state: 'running',
    items: [folder.id], total: null, done: 0, bytes: 0, created_at: new Date().toISOString(), ended_at: null, stale_after: leaseUntil(), run_id: null,
    record_kind: record.kind, record_date: record.date, record_reason: record.reason,
  });
  await putDriveJobMarker(folder.kyk_id, jobId);
  return jobId;
}

/** One record per document and job: a worker that takes over writes the same ids, and the second write of one is refused. */
const recordId = (jobId: string, itemId: string) => createHash('sha256').update(`${jobId}#${itemId}`).digest('hex').slice(0, 12);

/**
 * Walks the folder's listing (a trashed folder keeps its children where they are) and records each
 * bookkeeping document found. Idempotent: a hand-over starts again from the top.
 */
export async function folderRecordWork(job: DriveJobRecord, run: JobRun): Promise<DriveJobOutcome> {
  const kind = job.record_kind ?? 'deletion';
  const date = job.record_date ?? job.created_at;
  let done = 0;
  for await (const page of subtreePages(job.kyk_id, [job.items[0]!])) {
    for (const child of page) {
      if (child.type !== 'file' || !isBookkeepingChange(child)) continue;
      const snapshot = snapshotOf(child);
      try {
        await transactWrite([correctionPut({
          kind, item: child, userId: job.user_id, date, reason: kind === 'deletion' ? job.record_reason ?? null : null,
          before: kind === 'deletion' ? snapshot : null, after: kind === 'restore' ? snapshot : null, id: recordId(job.job_id, child.id),
        })]);
      } catch (error) {
        if (!(error instanceof TransactionFailed && error.failed('correction'))) throw error;
      }
      done += 1;
    }
    await run.save({ done });
    if (run.timeIsUp()) throw new HandOver();
  }
  run.log.info('folder documents recorded', { kyk: job.kyk_id, job: job.job_id, folder: job.items[0], kind, documents: done });
  return { state: 'done' };
}
