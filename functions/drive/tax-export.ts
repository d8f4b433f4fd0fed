import { randomUUID } from 'node:crypto';
import { nowIso } from '#lib/data/table.ts';
import type { Operation } from '#lib/api-handler.ts';
import { idempotent } from '#lib/idempotency.ts';
import { jobView, leaseUntil, putDriveJobMarker, startCappedJob } from '#domain/drive/jobs.ts';
import type { DriveJobRecord } from '#data/drive-jobs.ts';

/**
 * Starts the tax office's download request (administrators; docs/e-bookkeeping.md "Tax-office
 * export"): a job lists every bookkeeping document with a transaction date in the range and writes
 * the CSV; `com_drive/job_info` answers its progress and, once done, its download. Once per
 * Idempotency-Key, also after the job ended.
 */
export const startTaxExport: Operation<'com_drive/tax_export_btn'> = (context) => idempotent(context, async () => {
  const { caller, input, language } = context;
  const job: DriveJobRecord = {
    kyk_id: caller.kykId, job_id: randomUUID(), kind: 'tax_export', user_id: caller.userId, language, state: 'running',
    items: [], total: null, done: 0, bytes: 0, created_at: nowIso(), ended_at: null, stale_after: leaseUntil(), run_id: null,
    date_from: input.date_from, date_to: input.date_to, encoding: input.encoding, include_deleted: input.include_deleted === 1,
  };
  // A start sent again while its export runs answers that job (docs/drive.md "Copy and ZIP jobs").
  const started = await startCappedJob(job, input);
  if (started.job_id === job.job_id) await putDriveJobMarker(caller.kykId, job.job_id);
  return { job: await jobView(started) };
});
