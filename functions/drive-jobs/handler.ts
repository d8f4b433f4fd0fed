import type { S3Event } from 'aws-lambda';
import { driveJobWorks } from '#domain/drive/job-kinds.ts';
import { parseDriveJobKey, runDriveJob, sweepDriveJobs } from '#domain/drive/jobs.ts';
import { backgroundHandler } from '#lib/background.ts';
import { createdObjectKeys, isObjectCreatedEvent, jobDeadline, type ObjectCreatedEvent, type ScheduleEvent } from '#lib/object-events.ts';

/**
 * Drive jobs (docs/drive.md "Copy and ZIP jobs"): a job's marker (`t/<kyk>/drive-jobs/<id>/run`) runs
 * it, or resumes it where its last worker saved; every minute the schedule recovers jobs whose worker
 * died. Every kind runs here (copies, ZIPs, the tax office's CSV, retention and tag sweeps); the drive
 * Lambda starts them. In AWS the bucket's EventBridge events run it for the markers only. The job's
 * own server-side copies are not uploads: storage-events leaves them alone.
 */
export const handler = backgroundHandler<S3Event | ObjectCreatedEvent | ScheduleEvent>('drive-jobs', async (event, log, context) => {
  if ('detail-type' in event && !isObjectCreatedEvent(event)) {
    const stale = await sweepDriveJobs(log);
    if (stale) log.info('stale drive jobs recovered', { stale });
    return;
  }
  // A worker close to its Lambda's timeout saves, lets go and writes the marker again to carry on.
  const deadline = jobDeadline(context);
  for (const key of createdObjectKeys(event)) {
    const job = parseDriveJobKey(key);
    if (job) await runDriveJob(job.kykId, job.jobId, driveJobWorks, { deadline, log: log });
  }
});
