import type { RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type DriveJob = RouteResponse<'com_drive/job_info'>['job'];

export const getJobInfo = (jobId: string, options?: CallOptions): Promise<DriveJob> =>
  callApi('com_drive/job_info', { job_id: jobId }, options).then((answer) => answer.job);

const POLL_MS = 1000;

/** Polls a job until it ends, reporting each state on the way; an abort stops the polling. */
export async function followJob(job: DriveJob, onProgress: (job: DriveJob) => void, signal?: AbortSignal): Promise<DriveJob> {
  let current = job;
  while (current.state === 'running') {
    onProgress(current);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, POLL_MS);
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(signal.reason);
      }, { once: true });
    });
    current = await getJobInfo(job.job_id, { signal, silent: true });
  }
  return current;
}
