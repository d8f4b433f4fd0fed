import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Language } from '#shared/messages.ts';
import type { ImportHistoryRow, ImportKind, importStatuses } from '#shared/schemas/imports.ts';
import { db } from '#lib/clients.ts';
import { table, tenantPrefix, type Keys } from '#lib/data/table.ts';
import { isConditionalCheckFailure } from '#lib/errors.ts';
import { problemKeys, resultKey, type ResultRecord } from './import-rows.ts';
import { queryRange } from '#lib/data/query.ts';
import { transactWrite, type LabelledItem } from '#lib/data/transact.ts';

/**
 * Import jobs (SPEC.md §2 "Import history", §4 import status). Access patterns (see
 * functions/lib/data/README.md):
 * - a job by id: base table `T#<kyk>#IMPORT#<id>` / `JOB` (strongly consistent point read); the
 *   job's result rows share that partition (`ROW#<seq>`, data/results.ts);
 * - a contract's jobs by start time: gsi1 `T#<kyk>#IMPORTS` / `<start iso>#<id>`;
 * - a contract's jobs of one kind by start time: gsi2 `T#<kyk>#IMPORTS#<kind>` / `<start iso>#<id>`;
 * - how many jobs (list totals): counter item `T#<kyk>#IMPORTS` / `COUNT` with `job_count` and
 *   `job_count_<kind>`, changed in the create and delete transactions.
 * Jobs are few (administrators importing files), so one partition per contract is far below the
 * limits; the result rows, which are many, live in one partition per job.
 */

export type ImportStatus = (typeof importStatuses)[number];

/**
 * `upload`: waiting for the browser's PUT; `processing`: the runner claimed it; `done`: finished.
 * The status stays `running` in the first two.
 */
export type JobPhase = 'upload' | 'processing' | 'done';

export interface ImportJob {
  kyk_id: string;
  request_id: string;
  kind: ImportKind;
  /** The uploaded file's name as the user chose it. */
  name: string;
  size: number;
  start_datetime: string;
  end_datetime: string | null;
  /** The executor's display name (shown in the history) and user ID. */
  executor: string;
  executor_id: string;
  /** Row messages are written in the executor's language. */
  language: Language;
  /** For the audit records of the rows the job writes. */
  source_ip: string;
  status: ImportStatus;
  phase: JobPhase;
  /** The source file arrived (the runner took the job); a job settled before that has no file. */
  uploaded: boolean;
  total_rows: number;
  ok_rows: number;
  warning_rows: number;
  error_rows: number;
  /** Result items stored (`ROW#1..result_count`) and how many of them are problems. */
  result_count: number;
  problem_count: number;
  /** Users this job created without a password (no invitation, or its mail not sent): results `NOPASS` 1..n (import-rows.ts). */
  no_password_count?: number;
  /** A user import's option: 1 mails each created user an invitation to set a password (domain/user-invitations.ts). */
  invite?: 0 | 1;
  /**
   * While running, the lease: when the job counts as dead. Waiting for the upload: the upload
   * URL's expiry plus a minute. Processing: the worker holding `run_id` renews it (a minute ahead)
   * with every chunk and by a heartbeat; once it lapses the worker is taken for dead, and the job
   * is resumed by another worker (or, past `MAX_RESUMES`, settled abnormal) when next read.
   */
  stale_after: string | null;
  /** The worker holding the lease (a random id per run); only it may save progress or finish. */
  run_id?: string | null;
  /** Resumes requested after a worker died (absent: none). */
  attempts?: number;
  /** A resume was requested: no other request before this time. */
  resume_after?: string | null;
}

export const jobKey = (kykId: string, requestId: string): Keys => ({ pk: `${tenantPrefix(kykId)}#IMPORT#${requestId}`, sk: 'JOB' });

const historyPartition = (kykId: string): string => `${tenantPrefix(kykId)}#IMPORTS`;
const kindPartition = (kykId: string, kind: ImportKind): string => `${historyPartition(kykId)}#${kind}`;
export const jobCounterKey = (kykId: string): Keys => ({ pk: historyPartition(kykId), sk: 'COUNT' });

export const listingKeys = (job: Pick<ImportJob, 'kyk_id' | 'kind' | 'start_datetime' | 'request_id'>) => ({
  gsi1pk: historyPartition(job.kyk_id),
  gsi1sk: `${job.start_datetime}#${job.request_id}`,
  gsi2pk: kindPartition(job.kyk_id, job.kind),
  gsi2sk: `${job.start_datetime}#${job.request_id}`,
});

export const toHistoryRow = (job: ImportJob): ImportHistoryRow => ({
  request_id: job.request_id,
  kind: job.kind,
  name: job.name,
  start_datetime: job.start_datetime,
  end_datetime: job.end_datetime,
  executor: job.executor,
  status: job.status,
  total_rows: job.total_rows,
  ok_rows: job.ok_rows,
  warning_rows: job.warning_rows,
  error_rows: job.error_rows,
  no_password_count: job.no_password_count ?? 0,
  invite: job.invite ?? 0,
});

const countAttributes = (kind: ImportKind) => ({ '#all': 'job_count', '#kind': `job_count_${kind}` });

/**
 * The running jobs of every contract, one marker each, from the job's start to its end: the
 * scheduled sweep reads this one partition to recover jobs whose worker died even when nobody opens
 * the history. Written and removed in the transactions that start and end a job; small (only jobs
 * running at this moment), and written twice per job.
 */
export const runningJobKey = (kykId: string, requestId: string): Keys => ({ pk: 'IMPORTQ#RUNNING', sk: `${kykId}#${requestId}` });
const runningMarkerDelete = (kykId: string, requestId: string): LabelledItem => ({ label: 'runningMarker', Delete: { TableName: table(), Key: runningJobKey(kykId, requestId) } });

/** The running jobs' markers (every contract), for the sweep. */
export async function listRunningJobs(): Promise<{ kyk_id: string; request_id: string }[]> {
  const markers: { kyk_id: string; request_id: string }[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new QueryCommand({ TableName: table(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'IMPORTQ#RUNNING' }, ExclusiveStartKey: startKey }));
    markers.push(...(page.Items ?? []).map((item) => ({ kyk_id: String(item.kyk_id), request_id: String(item.request_id) })));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return markers;
}

/** Removes the marker of a job that no longer runs (ended or deleted by a path that left it). */
export async function dropRunningMarker(kykId: string, requestId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: runningJobKey(kykId, requestId) }));
}

/** The job, its listing keys and its count, in one transaction with the caller's audit record. */
export async function insertJob(job: ImportJob, extra: LabelledItem[]): Promise<void> {
  await transactWrite([
    { label: 'job', Put: { TableName: table(), Item: { ...jobKey(job.kyk_id, job.request_id), ...listingKeys(job), type: 'import-job', ...job }, ConditionExpression: 'attribute_not_exists(pk)' } },
    { label: 'jobCount', Update: {
      TableName: table(),
      Key: jobCounterKey(job.kyk_id),
      UpdateExpression: 'ADD #all :one, #kind :one',
      ExpressionAttributeNames: countAttributes(job.kind),
      ExpressionAttributeValues: { ':one': 1 },
    } },
    { label: 'runningMarker', Put: { TableName: table(), Item: { ...runningJobKey(job.kyk_id, job.request_id), kyk_id: job.kyk_id, request_id: job.request_id } } },
    ...extra,
  ]);
}

const fromItem = (item: Record<string, unknown>): ImportJob => {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g1s, gsi2pk: _g2, gsi2sk: _g2s, type: _type, ...job } = item;
  return job as unknown as ImportJob;
};

export async function getJob(kykId: string, requestId: string): Promise<ImportJob | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: jobKey(kykId, requestId), ConsistentRead: true }));
  return Item ? fromItem(Item) : undefined;
}

/**
 * The runner takes the job: only one of S3's (at-least-once) deliveries of the upload event wins.
 * Answers false when the job is gone (deleted), already taken or settled.
 */
export async function claimJob(kykId: string, requestId: string, runId: string, leaseUntil: string): Promise<boolean> {
  try {
    await db().send(new UpdateCommand({
      TableName: table(),
      Key: jobKey(kykId, requestId),
      UpdateExpression: 'SET phase = :processing, uploaded = :true, stale_after = :lease, run_id = :run',
      ConditionExpression: 'attribute_exists(pk) AND phase = :upload',
      ExpressionAttributeValues: { ':processing': 'processing', ':upload': 'upload', ':true': true, ':lease': leaseUntil, ':run': runId },
    }));
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/**
 * Another worker takes over a job whose worker died: conditional on the job still processing and
 * its lease lapsed, so of two workers at most one wins (the other answers undefined), and a live
 * worker (lease renewed) is never displaced. Answers the job as taken over.
 */
export async function takeOverJob(kykId: string, requestId: string, runId: string, leaseUntil: string, now = new Date()): Promise<ImportJob | undefined> {
  try {
    const { Attributes } = await db().send(new UpdateCommand({
      TableName: table(),
      Key: jobKey(kykId, requestId),
      UpdateExpression: 'SET stale_after = :lease, run_id = :run',
      ConditionExpression: 'attribute_exists(pk) AND #status = :running AND phase = :processing AND stale_after < :now',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':lease': leaseUntil, ':run': runId, ':running': 'running', ':processing': 'processing', ':now': now.toISOString() },
      ReturnValues: 'ALL_NEW',
    }));
    return Attributes ? fromItem(Attributes) : undefined;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
}

/** The worker's heartbeat: answers false when the job is no longer this worker's (taken over, settled, deleted). */
export async function renewLease(kykId: string, requestId: string, runId: string, leaseUntil: string): Promise<boolean> {
  try {
    await db().send(new UpdateCommand({
      TableName: table(),
      Key: jobKey(kykId, requestId),
      UpdateExpression: 'SET stale_after = :lease',
      ConditionExpression: 'attribute_exists(pk) AND phase = :processing AND run_id = :run',
      ExpressionAttributeValues: { ':lease': leaseUntil, ':run': runId, ':processing': 'processing' },
    }));
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** A worker that stops on an error lets its lease lapse at once, so the job can be resumed without waiting. */
export async function releaseLease(kykId: string, requestId: string, runId: string, now = new Date()): Promise<void> {
  await renewLease(kykId, requestId, runId, new Date(now.getTime() - 1).toISOString());
}

/**
 * A reader asks for a dead worker's job to be resumed: conditional on the lease it saw (so of
 * concurrent readers one asks) and counted in `attempts`. The caller then writes the resume
 * marker whose event starts the new worker. Answers false when another reader asked first.
 */
export async function requestResume(job: ImportJob, resumeAfter: string): Promise<boolean> {
  try {
    await db().send(new UpdateCommand({
      TableName: table(),
      Key: jobKey(job.kyk_id, job.request_id),
      UpdateExpression: 'SET attempts = :next, resume_after = :after',
      ConditionExpression: '#status = :running AND phase = :processing AND stale_after = :stale AND (attribute_not_exists(attempts) OR attempts = :attempts)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':next': (job.attempts ?? 0) + 1, ':after': resumeAfter, ':running': 'running', ':processing': 'processing',
        ':stale': job.stale_after, ':attempts': job.attempts ?? 0,
      },
    }));
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** The job is no longer the saving worker's (taken over, settled or deleted): it must stop. */
export class LeaseLostError extends Error {
  constructor() {
    super('import job no longer held by this worker');
    this.name = 'LeaseLostError';
  }
}

export type JobCounts = Pick<ImportJob, 'total_rows' | 'ok_rows' | 'warning_rows' | 'error_rows' | 'result_count' | 'problem_count'> & { no_password_count: number };

/**
 * Progress while running, which is also the resume cursor: `result_count` rows of the file are
 * done (results stored). Conditional on this worker's lease and on the cursor it started the chunk
 * from, so the cursor only moves forward by the holder; the lease is renewed with it.
 */
export async function saveProgress(kykId: string, requestId: string, runId: string, from: number, counts: JobCounts, leaseUntil: string): Promise<void> {
  const names = Object.fromEntries(Object.keys(counts).map((field, i) => [`#c${i}`, field]));
  const values = Object.fromEntries(Object.values(counts).map((value, i) => [`:c${i}`, value]));
  try {
    await db().send(new UpdateCommand({
      TableName: table(),
      Key: jobKey(kykId, requestId),
      UpdateExpression: `SET ${Object.keys(counts).map((_, i) => `#c${i} = :c${i}`).join(', ')}, stale_after = :lease`,
      ConditionExpression: 'attribute_exists(pk) AND phase = :processing AND run_id = :run AND result_count = :from',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: { ...values, ':processing': 'processing', ':run': runId, ':from': from, ':lease': leaseUntil },
    }));
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new LeaseLostError();
    throw error;
  }
}

/**
 * The final status and counts, by the worker holding the lease; the job leaves `running` here and
 * only here (or by settleStale). A refused condition is `TransactionFailed` (`failed('job')`).
 */
export async function finishJob(kykId: string, requestId: string, runId: string, status: Exclude<ImportStatus, 'running'>, counts: JobCounts, endDatetime: string, extra: LabelledItem[]): Promise<void> {
  const fields: Record<string, unknown> = { ...counts, status, phase: 'done', end_datetime: endDatetime, stale_after: null, run_id: null };
  const names = Object.fromEntries(Object.keys(fields).map((field, i) => [`#f${i}`, field]));
  const values = Object.fromEntries(Object.values(fields).map((value, i) => [`:f${i}`, value]));
  await transactWrite([
    { label: 'job', Update: {
      TableName: table(),
      Key: jobKey(kykId, requestId),
      UpdateExpression: `SET ${Object.keys(fields).map((_, i) => `#f${i} = :f${i}`).join(', ')}`,
      ConditionExpression: 'attribute_exists(pk) AND phase = :processing AND run_id = :run',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: { ...values, ':processing': 'processing', ':run': runId },
    } },
    runningMarkerDelete(kykId, requestId),
    ...extra,
  ]);
}

export const isStale = (job: ImportJob, now = new Date()): boolean =>
  job.status === 'running' && job.stale_after !== null && job.stale_after < now.toISOString();

/**
 * Ends a job that can no longer finish (never uploaded, or its runner died): status abnormal,
 * with one more result row that says so. Conditional on the job still being the stale one read,
 * so concurrent readers settle it once (the job update decides; the row is the same for both).
 * Answers the job as it is afterwards.
 */
export async function settleStale(job: ImportJob, message: string, now = new Date()): Promise<ImportJob> {
  const seq = job.result_count + 1;
  const pseq = job.problem_count + 1;
  const row: ResultRecord = { seq, pseq, row_no: 0, result: 'error', row_key: '', action: null, messages: [message] };
  const settled: ImportJob = {
    ...job,
    status: 'abnormal',
    phase: 'done',
    end_datetime: now.toISOString(),
    stale_after: null,
    result_count: seq,
    problem_count: pseq,
  };
  try {
    await transactWrite([
      // Unconditional: a runner that died in the middle of a BatchWrite may have left a result
      // at this position (beyond the counts it saved); the message replaces it.
      { label: 'resultRow', Put: {
        TableName: table(),
        Item: { ...resultKey(job.kyk_id, job.request_id, seq), ...problemKeys(job.kyk_id, job.request_id, pseq), type: 'import-row', ...row },
      } },
      { label: 'job', Update: {
        TableName: table(),
        Key: jobKey(job.kyk_id, job.request_id),
        UpdateExpression: 'SET #status = :abnormal, phase = :done, end_datetime = :end, stale_after = :null, run_id = :null, result_count = :seq, problem_count = :pseq',
        ConditionExpression: '#status = :running AND stale_after = :stale',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':abnormal': 'abnormal', ':done': 'done', ':end': settled.end_datetime, ':null': null, ':seq': seq, ':pseq': pseq,
          ':running': 'running', ':stale': job.stale_after,
        },
      } },
      runningMarkerDelete(job.kyk_id, job.request_id),
    ]);
    return settled;
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    return (await getJob(job.kyk_id, job.request_id)) ?? settled;
  }
}

/** Why a job could not be deleted. */
export class JobDeleteError extends Error {
  constructor(readonly reason: 'missing' | 'running') {
    super(`import job not deleted: ${reason}`);
    this.name = 'JobDeleteError';
  }
}

/**
 * Deletes the job record and counts it out, on condition that it is not running (a stale job is
 * deletable: nothing runs it any more). Its result rows and files go afterwards, out of the
 * request (functions/imports/purge.ts): once the record is gone nothing can read them.
 */
export async function deleteJob(job: ImportJob, extra: LabelledItem[], now = new Date()): Promise<void> {
  try {
    await transactWrite([
      { label: 'job', Delete: {
        TableName: table(),
        Key: jobKey(job.kyk_id, job.request_id),
        ConditionExpression: 'attribute_exists(pk) AND (#status <> :running OR stale_after < :now)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':running': 'running', ':now': now.toISOString() },
      } },
      { label: 'jobCount', Update: {
        TableName: table(),
        Key: jobCounterKey(job.kyk_id),
        UpdateExpression: 'ADD #all :minus, #kind :minus',
        ExpressionAttributeNames: countAttributes(job.kind),
        ExpressionAttributeValues: { ':minus': -1 },
      } },
      runningMarkerDelete(job.kyk_id, job.request_id),
      ...extra,
    ]);
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    throw new JobDeleteError((await getJob(job.kyk_id, job.request_id)) ? 'running' : 'missing');
  }
}

export async function countJobs(kykId: string, kind?: ImportKind): Promise<number> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: jobCounterKey(kykId), ConsistentRead: true }));
  return Number(Item?.[kind ? `job_count_${kind}` : 'job_count'] ?? 0);
}

export interface JobListOptions {
  kind?: ImportKind;
  ascending: boolean;
  pageSize: number;
  page: number;
}

/** One numbered page of a contract's jobs by start time, with the total from the counter. */
export async function listJobs(kykId: string, options: JobListOptions): Promise<{ total: number; jobs: ImportJob[] }> {
  const index = options.kind ? 'gsi2' : 'gsi1';
  const partition = options.kind ? kindPartition(kykId, options.kind) : historyPartition(kykId);
  const [items, total] = await Promise.all([
    queryRange({
      TableName: table(),
      IndexName: index,
      KeyConditionExpression: `${index}pk = :pk`,
      ExpressionAttributeValues: { ':pk': partition },
      ScanIndexForward: options.ascending,
    }, (options.page - 1) * options.pageSize, options.pageSize),
    countJobs(kykId, options.kind),
  ]);
  return { total, jobs: items.map(fromItem) };
}
