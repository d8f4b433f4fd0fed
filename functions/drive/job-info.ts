import type { Operation } from '#lib/api-handler.ts';
import { jobNotFound, jobView, recoverDriveJob } from '#domain/drive/jobs.ts';
import { getDriveJob } from '#data/drive-jobs.ts';

/** A job the caller started (the SPA polls it); a job whose worker died is resumed on the way. */
export const getDriveJobInfo: Operation<'com_drive/job_info'> = async ({ caller, input, log }) => {
  const job = await getDriveJob(caller.kykId, input.job_id);
  if (!job || job.user_id !== caller.userId) throw jobNotFound();
  return { job: await jobView(await recoverDriveJob(job, log)) };
};
