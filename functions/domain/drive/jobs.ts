import { createHash, randomUUID } from 'node:crypto';
import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { codes, type CodeName } from '#shared/codes.ts';
import { translate, type MessageKey } from '#shared/messages.ts';
import type { DriveJob } from '#shared/schemas/drive.ts';
import { s3 } from '#lib/clients.ts';
import { canonicalJson } from '#lib/canonical-json.ts';
import { config } from '#lib/config.ts';
import { DomainError } from '#lib/errors.ts';
import { logger, type Logger } from '#lib/logger.ts';
import { presignDownload } from '#lib/object-storage.ts';
import { listFolderSettings } from '#data/folder-settings.ts';
import { reachableWithPaths } from './reach.ts';
import { viewerFor } from './folder-access.ts';
import {
  claimDriveJob, DriveJobLeaseLostError, DriveJobStartedError, dropRunningDriveJobMarker, finishDriveJob, getDriveJob, insertDriveJob, listRunningDriveJobs,
  releaseDriveJobLease, requestDriveJobResume, saveDriveJobProgress, startedDriveJob, TooManyDriveJobsError, type DriveJobKind, type DriveJobOutcome, type DriveJobRecord,
} from '#data/drive-jobs.ts';
import { getItems, toDriveItem } from '#data/drive-items.ts';
import { csvContentType } from '#domain/imports/csv/encoding.ts';
import { jobCleanups } from './job-cleanups.ts';

/**
 * How a drive job runs (docs/drive.md "Copy and ZIP jobs"), the way the import jobs run: a marker
 * object `t/<kyk>/drive-jobs/<job>/run` is written, and its ObjectCreated event runs the worker in
 * the drive-jobs Lambda (locally: s3rver's event, in-process). The worker holds a lease
 * (`stale_after`, renewed with each saved step); a job whose worker died is resumed when its
 * starter polls it or by the scheduled sweep (the marker written again), at most MAX_RESUMES times.
 * A worker close to its Lambda's timeout saves, lets go and writes the marker again to carry on.
 */
export const driveJobMarkerKey = (kykId: string, jobId: string): string => `t/${kykId}/drive-jobs/${jobId}/run`;
export const parseDriveJobKey = (key: string): { kykId: string; jobId: string } | undefined => {
  const match = /^t\/([^/]+)\/drive-jobs\/([0-9a-f-]{36})\/run$/.exec(key);
  return match ? { kykId: match[1]!, jobId: match[2]! } : undefined;
};

export async function putDriveJobMarker(kykId: string, jobId: string): Promise<void> {
  await s3().send(new PutObjectCommand({ Bucket: config.bucketName, Key: driveJobMarkerKey(kykId, jobId), Body: new Uint8Array(0) }));
}

export const MAX_RESUMES = 3;
const RESUME_WAIT_MS = 60_000;
/** Time kept back before the Lambda's end to save and hand over. */
const HANDOVER_MS = 30_000;

export const leaseUntil = (now = Date.now()): string => new Date(now + config.importLeaseSeconds * 1000).toISOString();

/** A refusal a job ends with: the code and message its call would have answered. */
export class JobRefusal extends Error {
  constructor(readonly codeName: CodeName, readonly messageKey: MessageKey, readonly params: Record<string, string | number> = {}) {
    super(codeName);
  }
}
export const refusalOf = (error: DomainError): JobRefusal => new JobRefusal(error.codeName, error.messageKey ?? (`code.${error.codeName}` as MessageKey), error.params as Record<string, string | number>);

/** A start of a job by its kind and request (with its starter, the claim's key): a retry sends the same. */
export const jobStartKey = (kind: DriveJobKind, request: unknown): string => `${kind}#${createHash('sha256').update(canonicalJson(request)).digest('base64url').slice(0, 32)}`;

/** -202: the starter or the contract has as many running copies, ZIPs and exports as allowed. */
export const tooManyJobs = (): DomainError => new DomainError('updateFailure', {}, {}, 'notice.tooManyJobs');

/**
 * Starts a copy, ZIP or tax-office export (docs/drive.md "Copy and ZIP jobs"): the job counts
 * against its starter's and its contract's running jobs until it ends, at most
 * DRIVE_JOBS_PER_USER and DRIVE_JOBS_PER_CONTRACT (-202 past either). The same start sent again
 * while its job runs (same user, kind and request: a network retry) makes no new job: the answer
 * is the running one, and the caller writes no marker for it.
 */
export async function startCappedJob(job: DriveJobRecord, request: unknown): Promise<DriveJobRecord> {
  try {
    await insertDriveJob(job, { startKey: jobStartKey(job.kind, request), perUser: config.driveJobsPerUser, perContract: config.driveJobsPerContract });
    return job;
  } catch (error) {
    if (error instanceof TooManyDriveJobsError) throw tooManyJobs();
    const running = error instanceof DriveJobStartedError ? await getDriveJob(job.kyk_id, error.jobId) : undefined;
    if (running) return running;
    throw error;
  }
}

/**
 * The running job of a start sent again, if any: asked before the start's own checks where its
 * first send changes what they find (a copy's names are taken at the destination at once).
 */
export async function runningStart(caller: { kykId: string; userId: string }, kind: DriveJobKind, request: unknown): Promise<DriveJobRecord | undefined> {
  const jobId = await startedDriveJob(caller.kykId, caller.userId, jobStartKey(kind, request));
  const job = jobId ? await getDriveJob(caller.kykId, jobId) : undefined;
  return job?.state === 'running' ? job : undefined;
}

/** What a running worker may do: save progress (renewing its lease) and ask whether to hand over. */
export interface JobRun {
  runId: string;
  log: Logger;
  save(progress: { done: number; total?: number; bytes?: number }): Promise<void>;
  /** True when the Lambda is about to end: save, and the job is handed over to a fresh worker. */
  timeIsUp(): boolean;
}

export class HandOver extends Error {}

export type JobWork = (job: DriveJobRecord, run: JobRun) => Promise<DriveJobOutcome>;

/**
 * The workers a caller can run, by kind. The drive-jobs Lambda runs every kind
 * (job-kinds.ts); the drive Lambda runs small copies within the call and names only the copy's,
 * so the ZIP and CSV writers are not in its bundle.
 */
export type JobWorks = Partial<Record<DriveJobRecord['kind'], JobWork>>;

/** The message a failed job shows, written in the starter's language when it fails, by the code that knows it. */
const failure = (job: DriveJobRecord, codeName: CodeName, messageKey: MessageKey, params: Record<string, string | number> = {}): DriveJobOutcome => ({
  state: 'failed', error_code: codeName, error_key: messageKey, error_params: params, error_message: translate(job.language, messageKey, params),
});

/**
 * Takes the job (when nobody holds it, or its holder died) and runs it to its end, or until the
 * deadline (then hands it over through the marker). A fault lets the lease go at once and is
 * rethrown: the next poll or sweep resumes the job.
 */
export async function runDriveJob(kykId: string, jobId: string, works: JobWorks, options: { deadline?: number; log?: Logger } = {}): Promise<void> {
  const log = options.log ?? logger;
  const runId = randomUUID();
  const job = await claimDriveJob(kykId, jobId, runId, leaseUntil());
  if (!job) return;
  const work = works[job.kind];
  if (!work) throw new Error(`no worker for drive job kind ${job.kind}`);
  const run: JobRun = {
    runId,
    log,
    save: (progress) => saveDriveJobProgress(kykId, jobId, runId, progress, leaseUntil()),
    timeIsUp: () => options.deadline !== undefined && Date.now() > options.deadline - HANDOVER_MS,
  };
  let outcome: DriveJobOutcome;
  try {
    outcome = await work(job, run);
  } catch (error) {
    if (error instanceof DriveJobLeaseLostError) return;
    if (error instanceof HandOver) {
      await releaseDriveJobLease(kykId, jobId, runId);
      await putDriveJobMarker(kykId, jobId);
      return;
    }
    if (!(error instanceof JobRefusal)) {
      await releaseDriveJobLease(kykId, jobId, runId);
      throw error;
    }
    await jobCleanups[job.kind]?.(job, log);
    outcome = failure(job, error.codeName, error.messageKey, error.params);
  }
  await finishDriveJob(job, runId, outcome);
  await s3().send(new DeleteObjectCommand({ Bucket: config.bucketName, Key: driveJobMarkerKey(kykId, jobId) })).catch((error: unknown) => {
    log.warn('drive job marker not removed', { kyk: kykId, job: jobId, error });
  });
}

/**
 * A running job whose lease lapsed, as a reader (or the sweep) finds it: a resume is requested and
 * the marker written; after MAX_RESUMES the job is settled failed and what it wrote is removed.
 */
export async function recoverDriveJob(job: DriveJobRecord, log: Logger, now = new Date()): Promise<DriveJobRecord> {
  if (job.state !== 'running' || job.stale_after === null || job.stale_after >= now.toISOString()) return job;
  if ((job.attempts ?? 0) < MAX_RESUMES) {
    if (job.resume_after && job.resume_after > now.toISOString()) return job;
    const resumeAfter = new Date(now.getTime() + RESUME_WAIT_MS).toISOString();
    if (await requestDriveJobResume(job, resumeAfter)) {
      await putDriveJobMarker(job.kyk_id, job.job_id).catch((error: unknown) => log.error('drive job resume marker not written', { kyk: job.kyk_id, job: job.job_id, error }));
      return { ...job, attempts: (job.attempts ?? 0) + 1, resume_after: resumeAfter };
    }
    return (await getDriveJob(job.kyk_id, job.job_id)) ?? job;
  }
  await jobCleanups[job.kind]?.(job, log);
  await finishDriveJob(job, undefined, failure(job, 'updateFailure', 'notice.driveJobInterrupted'), now);
  return (await getDriveJob(job.kyk_id, job.job_id)) ?? job;
}

/** The scheduled sweep: running jobs whose worker died are recovered as a reader would. */
export async function sweepDriveJobs(log: Logger, now = new Date()): Promise<number> {
  let stale = 0;
  for (const marker of await listRunningDriveJobs()) {
    const job = await getDriveJob(marker.kyk_id, marker.job_id);
    if (!job || job.state !== 'running') {
      await dropRunningDriveJobMarker(marker.kyk_id, marker.job_id);
      continue;
    }
    if (job.stale_after === null || job.stale_after >= now.toISOString()) continue;
    stale += 1;
    await recoverDriveJob(job, log, now);
  }
  return stale;
}

/**
 * Whether a finished ZIP may still be handed out (finding 11): no folder settings changed in the
 * contract since it was written, and its starter still reaches every entry selected. Otherwise it
 * must be made again (it may hold what its starter no longer reaches).
 */
async function zipStillReached(job: DriveJobRecord): Promise<boolean> {
  if (job.kind !== 'zip') return true;
  const { version } = await listFolderSettings(job.kyk_id);
  if (job.settings_version === undefined || version !== job.settings_version) return false;
  const reached = await reachableWithPaths(await viewerFor(job.kyk_id, job.user_id), job.items);
  return job.items.every((id) => reached.has(id));
}

/** The job as its starter sees it: the new entries of a copy, the download of a ZIP or a tax-office CSV. */
export async function jobView(job: DriveJobRecord): Promise<DriveJob> {
  const items = job.state === 'done' && job.result_ids?.length ? await getItems(job.kyk_id, job.result_ids) : [];
  const order = new Map((job.result_ids ?? []).map((id, index) => [id, index]));
  let download: DriveJob['download'] = null;
  const outdated = job.state === 'done' && job.zip_key !== undefined && !(await zipStillReached(job));
  if (job.state === 'done' && job.zip_key && job.file_name && !outdated) {
    const signed = await presignDownload(job.zip_key, job.file_name, job.kind === 'tax_export' ? csvContentType(job.encoding ?? 'utf-8') : 'application/zip');
    download = { url: signed.url, file_name: job.file_name, size: job.zip_size ?? 0, expires_at: signed.expiresAt };
  }
  return {
    job_id: job.job_id,
    kind: job.kind,
    state: job.state,
    done: job.done,
    total: job.total,
    error: outdated
      ? { code: codes.permissionError.code, message: translate(job.language, 'notice.zipOutdated') }
      : job.state === 'failed' && job.error_code
      // A job failed before its message was stored with it shows its code's own text.
      ? { code: codes[job.error_code as CodeName].code, message: job.error_message ?? translate(job.language, `code.${job.error_code as CodeName}`) }
      : null,
    items: items.sort((a, b) => order.get(a.id)! - order.get(b.id)!).map(toDriveItem),
    download,
  };
}

/** -3: no such job of the caller's (another user's job, or another contract's, reads as absent). */
export const jobNotFound = (): DomainError => new DomainError('address', {}, {}, 'notice.recordNotFound');
