import { randomUUID } from 'node:crypto';
import type { Language } from '#shared/messages.ts';
import { insertDriveJob } from '#data/drive-jobs.ts';
import { leaseUntil, putDriveJobMarker } from './jobs.ts';

/** Starts the job that recomputes every bookkeeping document's retention (retention-extend-job.ts). */
export async function startRetentionExtension(kykId: string, userId: string, language: Language): Promise<string> {
  const jobId = randomUUID();
  await insertDriveJob({
    kyk_id: kykId, job_id: jobId, kind: 'retention_extend', user_id: userId, language, state: 'running',
    items: [], total: null, done: 0, bytes: 0, created_at: new Date().toISOString(), ended_at: null, stale_after: leaseUntil(), run_id: null,
  });
  await putDriveJobMarker(kykId, jobId);
  return jobId;
}
