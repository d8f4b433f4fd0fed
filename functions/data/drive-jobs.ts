import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Language } from '#shared/messages.ts';
import type { csvEncodings } from '#shared/schemas/imports.ts';
import type { driveJobKinds, driveJobStates } from '#shared/schemas/drive.ts';
import { db } from '#lib/clients.ts';
import { epochSeconds, table, tenantPrefix, type Keys } from '#lib/data/table.ts';
import { isConditionalCheckFailure } from '#lib/errors.ts';
import { transactWrite } from '#lib/data/transact.ts';

type CsvEncoding = (typeof csvEncodings)[number];

/**
 * Background jobs of the drive: copies and ZIP downloads (docs/drive.md "Copy and ZIP jobs").
 * Access patterns (functions/lib/data/README.md):
 * - a job by id: base table `T#<kyk>#DRIVEJOB#<job>` / `JOB` (strongly consistent point read); a
 *   job is read only by its id, by its starter (job_info) and by its worker;
 * - the running jobs of every contract: `DRIVEJOBQ#RUNNING` / `<kyk>#<job>`, one marker from the
 *   job's start to its end, which the scheduled sweep reads to resume jobs whose worker died.
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
  file_name?: string;
  zip_size?: number;
  /** tax_export: the range of transaction dates, the CSV's character set and whether logically deleted documents count. */
  date_from?: string;
  date_to?: string;
  encoding?: CsvEncoding;
  include_deleted?: boolean;
  /** Finished jobs are of no use after a week: DynamoDB's TTL removes them (nothing depends on when). */
  ttl?: number;
}

export const driveJobKey = (kykId: string, jobId: string): Keys => ({ pk: `${tenantPrefix(kykId)}#DRIVEJOB#${jobId}`, sk: 'JOB' });
export const runningDriveJobKey = (kykId: string, jobId: string): Keys => ({ pk: 'DRIVEJOBQ#RUNNING', sk: `${kykId}#${jobId}` });

const JOB_KEEP_SECONDS = 7 * 24 * 3600;

const fromItem = (item: Record<string, unknown>): DriveJobRecord => {
  const { pk: _pk, sk: _sk, type: _type, ...job } = item;
  return job as unknown as DriveJobRecord;
};

/** The job (running, no worker yet) and its running marker, in one transaction. */
export async function insertDriveJob(job: DriveJobRecord): Promise<void> {
  await transactWrite([
    { label: 'job', Put: { TableName: table(), Item: { ...driveJobKey(job.kyk_id, job.job_id), type: 'drive-job', ...job }, ConditionExpression: 'attribute_not_exists(pk)' } },
    { label: 'runningMarker', Put: { TableName: table(), Item: { ...runningDriveJobKey(job.kyk_id, job.job_id), kyk_id: job.kyk_id, job_id: job.job_id } } },
  ]);
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
  | { state: 'done'; result_ids?: string[]; zip_key?: string; file_name?: string; zip_size?: number }
  | { state: 'failed'; error_code: string; error_key: string; error_params?: Record<string, string | number>; error_message: string };

/**
 * The job's end, by the lease holder (`runId`), or by a reader settling a dead job (`runId`
 * undefined: conditional on the stale lease it read). The running marker goes with it.
 */
export async function finishDriveJob(job: Pick<DriveJobRecord, 'kyk_id' | 'job_id' | 'stale_after'>, runId: string | undefined, outcome: DriveJobOutcome, now = new Date()): Promise<boolean> {
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
