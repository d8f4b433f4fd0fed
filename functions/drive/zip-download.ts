import { randomUUID } from 'node:crypto';
import { nowIso } from '#lib/data/table.ts';
import { DomainError } from '#lib/errors.ts';
import { refuseIfThreat } from '#domain/drive/malware.ts';
import type { Operation } from '#lib/api-handler.ts';
import { idempotent } from '#lib/idempotency.ts';
import { reachableItem } from '#domain/drive/reach.ts';
import { viewerOf } from '#domain/drive/folder-access.ts';
import { jobView, leaseUntil, putDriveJobMarker, startCappedJob } from '#domain/drive/jobs.ts';
import type { DriveJobRecord } from '#data/drive-jobs.ts';

/**
 * Starts a ZIP of the selected files and folders (docs/drive.md "Copy and ZIP jobs"): every entry
 * must be reachable (-3 otherwise, nothing started); the job writes the ZIP and `job_info` answers
 * its download once done. The size bound is checked by the job, before it reads any file. Once per
 * Idempotency-Key, also after the job ended.
 */
export const startZipDownload: Operation<'com_drive/zip_download_btn'> = (context) => idempotent(context, async () => {
  const { caller, input, language } = context;
  const ids = [...new Set(input.items.map((entry) => entry.id))];
  for (const id of ids) {
    const item = await reachableItem(viewerOf(caller), id);
    if (!item || (item.type === 'file' && item.status !== 'ready')) throw new DomainError('address', {}, {}, 'notice.itemNotFound');
    if (item.type === 'file') refuseIfThreat(item);
  }
  const job: DriveJobRecord = {
    kyk_id: caller.kykId, job_id: randomUUID(), kind: 'zip', user_id: caller.userId, language, state: 'running',
    items: ids, total: null, done: 0, bytes: 0, created_at: nowIso(), ended_at: null, stale_after: leaseUntil(), run_id: null,
  };
  // A start sent again while its ZIP is written answers that job (docs/drive.md "Copy and ZIP jobs").
  const started = await startCappedJob(job, input);
  if (started.job_id === job.job_id) await putDriveJobMarker(caller.kykId, job.job_id);
  return { job: await jobView(started) };
});
