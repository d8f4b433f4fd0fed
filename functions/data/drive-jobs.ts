import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Language } from '#shared/messages.ts';
import type { csvEncodings } from '#shared/schemas/imports.ts';
import type { driveJobKinds, driveJobStates } from '#shared/schemas/drive.ts';
import { db } from '#lib/clients.ts';
import { epochSeconds, table, tenantPrefix, type Keys } from '#lib/data/table.ts';
import { isConditionalCheckFailure } from '#lib/errors.ts';
import { TransactionFailed, transactWrite, type LabelledItem } from '#lib/data/transact.ts';
import { userPartition } from './users.ts';

type CsvEncoding = (typeof csvEncodings)[number];

/**
 * Background jobs of the drive: copies and ZIP downloads (docs/drive.md "Copy and ZIP jobs").
 * Access patterns (functions/lib/data/README.md):
 * - a job by id: base table `T#<kyk>#DRIVEJOB#<job>` / `JOB` (strongly consistent point read); a
 *   job is read only by its id, by its starter (job_info) and by its worker;
 * - the running jobs of every contract: `DRIVEJOBQ#RUNNING` / `<kyk>#<job>`, one marker from the
 *   job's start to its end, which the scheduled sweep reads to resume jobs whose worker died;
 * - the running jobs a user and a contract count against their caps (copies, ZIPs, tax-office
 *   exports): counters `T#<kyk>#USER#<user>` / `DRIVEJOBS` and `T#<kyk>` / `DRIVEJOBS`, raised
 *   (conditional on the cap) in the transaction that writes the job and lowered in the one that
 *   ends it, so each job counts exactly once whoever ends it;
 * - a start still running, by its starter and request: `T#<kyk>#USER#<user>` / `JOBSTART#<kind>#<hash>`
 *   naming the job, written with it and removed when it ends, so a retried start finds its job.
 * The lease follows the import jobs' (functions/data/import-jobs.ts): `stale_after` is renewed by
 * the worker holding `run_id` with every saved step; once it lapses another worker may take over.
 */
export type DriveJobKind = (typeof driveJobKinds)[number];
export type DriveJobState = (typeof driveJobStates)[number];

export interface DriveJobRecord {
  kyk_id: string;
  job_id: string;
  kind: DriveJobKind;
  /** The starter: only they read the job; copies are registered in their name. */
  user_id: string;
  language: Language;
  state: DriveJobState;
  /** The selected entries (copy, zip), in the order chosen. */
  items: string[];
  /** copy: the destination folder. */
  folder_id?: string;
  /** Entries the job will visit (null until counted) and those visited so far. */
  total: number | null;
  done: number;
  /** Bytes of the files in the selection (counted with `total`). */
  bytes: number;
  created_at: string;
  ended_at: string | null;
  stale_after: string | null;
  run_id: string | null;
  attempts?: number;
  resume_after?: string | null;
  /** failed: the code name and message key it answers (with the message's parameters), and that message in the job's language. */
  error_code?: string;
  error_key?: string;
  error_params?: Record<string, string | number>;
  error_message?: string;
  /** copy, done: the new top-level entries. */
  result_ids?: string[];
  /** zip and tax_export, done: the object and the name it downloads under. */
  zip_key?: string;
  /** A ZIP: the contract's folder settings version when it was written (its download needs it unchanged). */
  settings_version?: number;
  file_name?: string;
  zip_size?: number;
  /** tax_export: the range of transaction dates, the CSV's character set and whether logically deleted documents count. */
  date_from?: string;
  date_to?: string;
  encoding?: CsvEncoding;
  include_deleted?: boolean;
  /** folder_record: what happened to the folder (`items[0]`), when, and why: each bookkeeping document below it gets that record. */
  record_kind?: 'deletion' | 'restore';
  record_date?: string;
  record_reason?: string | null;
  /** Finished jobs are of no use after a week: DynamoDB's TTL removes them (nothing depends on when). */
  ttl?: number;
  /** The job counts against its starter's and its contract's running jobs until it ends (`insertDriveJob` with a start). */
  capped?: boolean;
  /** Its start's key (`<kind>#<hash of the request>`): a retry of the same start answers this job while it runs. */
  start_key?: string;
}

export const driveJobKey = (kykId: string, jobId: string): Keys => ({ pk: `${tenantPrefix(kykId)}#DRIVEJOB#${jobId}`, sk: 'JOB' });
export const runningDriveJobKey = (kykId: string, jobId: string): Keys => ({ pk: 'DRIVEJOBQ#RUNNING', sk: `${kykId}#${jobId}` });

/** The running jobs of a user, and of a contract, that count against the caps. */
export const userDriveJobsKey = (kykId: string, userId: string): Keys => ({ pk: userPartition(kykId, userId), sk: 'DRIVEJOBS' });
export const contractDriveJobsKey = (kykId: string): Keys => ({ pk: tenantPrefix(kykId), sk: 'DRIVEJOBS' });
/** A running job's start, by its starter and `<kind>#<hash of the request>`. */
export const driveJobStartKey = (kykId: string, userId: string, startKey: string): Keys => ({ pk: userPartition(kykId, userId), sk: `JOBSTART#${startKey}` });

const JOB_KEEP_SECONDS = 7 * 24 * 3600;

const fromItem = (item: Record<string, unknown>): DriveJobRecord => {
  const { pk: _pk, sk: _sk, type: _type, ...job } = item;
  return job as unknown as DriveJobRecord;
};

/** A user's start of a job that the caps count (copy, ZIP, tax-office export). */
export interface DriveJobStart {
  /** `<kind>#<hash of the request>`: the same start again finds the job while it runs. */
  startKey: string;
  /** Running jobs a user, and a contract, may have at once. */
  perUser: number;
  perContract: number;
}

/** The starter or the contract has as many running jobs as the caps allow. */
export class TooManyDriveJobsError extends Error {}
/** The same start is running already: its job. */
export class DriveJobStartedError extends Error {
  constructor(readonly jobId: string) {
    super(`drive job ${jobId} runs this start already`);
  }
}

const counterChange = (label: string, key: Keys, change: 1 | -1, cap?: number): LabelledItem => ({
  label,
  Update: {
    TableName: table(), Key: key,
    UpdateExpression: 'SET running = if_not_exists(running, :zero) + :change',
    ...(cap !== undefined ? { ConditionExpression: 'attribute_not_exists(running) OR running < :cap' } : {}),
    ExpressionAttributeValues: { ':zero': 0, ':change': change, ...(cap !== undefined ? { ':cap': cap } : {}) },
  },
});

/**
 * The job (running, no worker yet) and its running marker, in one transaction. With a start, the
 * same transaction raises its starter's and its contract's running jobs, each conditional on its
 * cap, and claims the start (conditional on no running job holding it), so parallel starts never
 * pass a cap and two sends of one start make one job. Throws TooManyDriveJobsError, or
 * DriveJobStartedError with the job that runs the start already.
 */
export async function insertDriveJob(job: DriveJobRecord, start?: DriveJobStart): Promise<void> {
  const record: DriveJobRecord = start ? { ...job, capped: true, start_key: start.startKey } : job;
  const claim = start ? driveJobStartKey(job.kyk_id, job.user_id, start.startKey) : undefined;
  try {
    await transactWrite([
      { label: 'job', Put: { TableName: table(), Item: { ...driveJobKey(job.kyk_id, job.job_id), type: 'drive-job', ...record }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { label: 'runningMarker', Put: { TableName: table(), Item: { ...runningDriveJobKey(job.kyk_id, job.job_id), kyk_id: job.kyk_id, job_id: job.job_id } } },
      ...(start && claim ? [
        counterChange('userJobs', userDriveJobsKey(job.kyk_id, job.user_id), 1, start.perUser),
        counterChange('contractJobs', contractDriveJobsKey(job.kyk_id), 1, start.perContract),
        {
          label: 'start',
          Put: {
            // The claim goes when the job ends; its TTL (past any job's life) only tidies up.
            TableName: table(), Item: { ...claim, type: 'drive-job-start', job_id: job.job_id, ttl: epochSeconds() + JOB_KEEP_SECONDS },
            ConditionExpression: 'attribute_not_exists(pk) OR #ttl < :now',
            ExpressionAttributeNames: { '#ttl': 'ttl' }, ExpressionAttributeValues: { ':now': epochSeconds() },
          },
        },
      ] : []),
    ]);
  } catch (error) {
    if (!(error instanceof TransactionFailed) || !start) throw error;
    if (error.failed('start')) {
      const running = await startedDriveJob(job.kyk_id, job.user_id, start.startKey);
      // Ended between the two writes: the caller may start it again.
      if (running) throw new DriveJobStartedError(running);
    }
    if (error.failed('userJobs') || error.failed('contractJobs')) throw new TooManyDriveJobsError();
    throw error;
  }
}

/** The job that runs a user's start, if one does (a strongly consistent point read). */
export async function startedDriveJob(kykId: string, userId: string, startKey: string): Promise<string | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: driveJobStartKey(kykId, userId, startKey), ConsistentRead: true }));
  return typeof Item?.job_id === 'string' && Number(Item.ttl) >= epochSeconds() ? Item.job_id : undefined;
}

/** The running jobs a user and their contract count against the caps (the operator, the tests). */
export async function runningDriveJobCounts(kykId: string, userId: string): Promise<{ user: number; contract: number }> {
  const read = async (key: Keys) => Number((await db().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }))).Item?.running ?? 0);
  const [user, contract] = await Promise.all([read(userDriveJobsKey(kykId, userId)), read(contractDriveJobsKey(kykId))]);
  return { user, contract };
}

export async function getDriveJob(kykId: string, jobId: string): Promise<DriveJobRecord | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: driveJobKey(kykId, jobId), ConsistentRead: true }));
  return Item ? fromItem(Item) : undefined;
}

/**
 * A worker takes the job: when nobody holds it yet, or its holder's lease lapsed (a dead worker).
 * Of two workers at most one wins; answers the job as taken, or undefined.
 */
export async function claimDriveJob(kykId: string, jobId: string, runId: string, leaseUntil: string, now = new Date()): Promise<DriveJobRecord | undefined> {
  try {
    const { Attributes } = await db().send(new UpdateCommand({
      TableName: table(),
      Key: driveJobKey(kykId, jobId),
      UpdateExpression: 'SET stale_after = :lease, run_id = :run',
      ConditionExpression: 'attribute_exists(pk) AND #state = :running AND (run_id = :none OR stale_after < :now)',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':lease': leaseUntil, ':run': runId, ':running': 'running', ':none': null, ':now': now.toISOString() },
      ReturnValues: 'ALL_NEW',
    }));
    return Attributes ? fromItem(Attributes) : undefined;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
}

/** The job is no longer the saving worker's (taken over or settled): it must stop. */
export class DriveJobLeaseLostError extends Error {
  constructor() {
    super('drive job no longer held by this worker');
    this.name = 'DriveJobLeaseLostError';
  }
}

/** Progress (and the plan's counts, once known), renewing the lease; only the lease holder writes. */
export async function saveDriveJobProgress(kykId: string, jobId: string, runId: string, progress: { done: number; total?: number; bytes?: number }, leaseUntil: string): Promise<void> {
  const fields: Record<string, unknown> = { done: progress.done, stale_after: leaseUntil };
  if (progress.total !== undefined) fields.total = progress.total;
  if (progress.bytes !== undefined) fields.bytes = progress.bytes;
  const names = Object.fromEntries(Object.keys(fields).map((field, i) => [`#f${i}`, field]));
  const values = Object.fromEntries(Object.values(fields).map((value, i) => [`:f${i}`, value]));
  try {
    await db().send(new UpdateCommand({
      TableName: table(),
      Key: driveJobKey(kykId, jobId),
      UpdateExpression: `SET ${Object.keys(fields).map((_, i) => `#f${i} = :f${i}`).join(', ')}`,
      ConditionExpression: 'attribute_exists(pk) AND #state = :running AND run_id = :run',
      ExpressionAttributeNames: { ...names, '#state': 'state' },
      ExpressionAttributeValues: { ...values, ':running': 'running', ':run': runId },
    }));
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new DriveJobLeaseLostError();
    throw error;
  }
}

/** A worker that stops on a fault lets its lease lapse at once, so the job resumes without waiting. */
export async function releaseDriveJobLease(kykId: string, jobId: string, runId: string, now = new Date()): Promise<void> {
  try {
    await db().send(new UpdateCommand({
      TableName: table(),
      Key: driveJobKey(kykId, jobId),
      UpdateExpression: 'SET stale_after = :lapsed',
      ConditionExpression: 'attribute_exists(pk) AND #state = :running AND run_id = :run',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':lapsed': new Date(now.getTime() - 1).toISOString(), ':running': 'running', ':run': runId },
    }));
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}

export type DriveJobOutcome =
  | { state: 'done'; result_ids?: string[]; zip_key?: string; file_name?: string; zip_size?: number; settings_version?: number }
  | { state: 'failed'; error_code: string; error_key: string; error_params?: Record<string, string | number>; error_message: string };

/**
 * The job's end, by the lease holder (`runId`), or by a reader settling a dead job (`runId`
 * undefined: conditional on the stale lease it read). The running marker goes with it, and for a
 * capped job its place in its starter's and its contract's running jobs and its start's claim:
 * the end is conditional on the job still running, so of all who end a job one gives them back.
 */
export async function finishDriveJob(
  job: Pick<DriveJobRecord, 'kyk_id' | 'job_id' | 'stale_after' | 'user_id' | 'capped' | 'start_key'>, runId: string | undefined, outcome: DriveJobOutcome, now = new Date(),
): Promise<boolean> {
  const fields: Record<string, unknown> = { ...outcome, ended_at: now.toISOString(), stale_after: null, run_id: null, ttl: epochSeconds() + JOB_KEEP_SECONDS };
  const names = Object.fromEntries(Object.keys(fields).map((field, i) => [`#f${i}`, field]));
  const values = Object.fromEntries(Object.values(fields).map((value, i) => [`:f${i}`, value]));
  const holder = runId === undefined ? 'stale_after = :stale' : 'run_id = :run';
  try {
    await transactWrite([
      { label: 'job', Update: {
        TableName: table(),
        Key: driveJobKey(job.kyk_id, job.job_id),
        UpdateExpression: `SET ${Object.keys(fields).map((_, i) => `#f${i} = :f${i}`).join(', ')}`,
        ConditionExpression: `attribute_exists(pk) AND #running = :running AND ${holder}`,
        ExpressionAttributeNames: { ...names, '#running': 'state' },
        ExpressionAttributeValues: { ...values, ':running': 'running', ...(runId === undefined ? { ':stale': job.stale_after } : { ':run': runId }) },
      } },
      { label: 'runningMarker', Delete: { TableName: table(), Key: runningDriveJobKey(job.kyk_id, job.job_id) } },
      ...(job.capped ? [counterChange('userJobs', userDriveJobsKey(job.kyk_id, job.user_id), -1), counterChange('contractJobs', contractDriveJobsKey(job.kyk_id), -1)] : []),
      // Nobody else's start can hold the claim while this job runs (the claim is conditional on none).
      ...(job.start_key ? [{ label: 'start', Delete: { TableName: table(), Key: driveJobStartKey(job.kyk_id, job.user_id, job.start_key) } }] : []),
    ]);
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** A reader asks for a dead worker's job to be resumed (of concurrent readers one asks). */
export async function requestDriveJobResume(job: DriveJobRecord, resumeAfter: string): Promise<boolean> {
  try {
    await db().send(new UpdateCommand({
      TableName: table(),
      Key: driveJobKey(job.kyk_id, job.job_id),
      UpdateExpression: 'SET attempts = :next, resume_after = :after',
      ConditionExpression: '#state = :running AND stale_after = :stale AND (attribute_not_exists(attempts) OR attempts = :attempts)',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':next': (job.attempts ?? 0) + 1, ':after': resumeAfter, ':running': 'running', ':stale': job.stale_after, ':attempts': job.attempts ?? 0 },
    }));
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** The running jobs' markers (every contract), for the sweep. */
export async function listRunningDriveJobs(): Promise<{ kyk_id: string; job_id: string }[]> {
  const markers: { kyk_id: string; job_id: string }[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new QueryCommand({ TableName: table(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'DRIVEJOBQ#RUNNING' }, ExclusiveStartKey: startKey }));
    markers.push(...(page.Items ?? []).map((item) => ({ kyk_id: String(item.kyk_id), job_id: String(item.job_id) })));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return markers;
}

export async function dropRunningDriveJobMarker(kykId: string, jobId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: runningDriveJobKey(kykId, jobId) }));
}
