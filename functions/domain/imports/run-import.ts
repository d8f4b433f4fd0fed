import { randomUUID } from 'node:crypto';
import { translate, type MessageKey, type MessageParams } from '#shared/messages.ts';
import type { AuditActor } from '#lib/audit.ts';
import { auditPut } from '#lib/audit.ts';
import { config } from '#lib/config.ts';
import { nowIso } from '#lib/data/table.ts';
import { TransactionFailed } from '#lib/data/transact.ts';
import { logger } from '#lib/logger.ts';
import { isBlankRecord, parseCsv, unescapeFormula } from '#domain/imports/csv/csv.ts';
import { decodeCsv } from '#domain/imports/csv/encoding.ts';
import {
  claimJob, finishJob, getJob, LeaseLostError, releaseLease, renewLease, saveProgress, takeOverJob,
  type ImportJob, type ImportStatus, type JobCounts,
} from '#data/import-jobs.ts';
import { writeResults, type ResultRecord } from '#data/import-rows.ts';
import { readSource } from './files.ts';
import { importKindDefinitions } from '#domain/imports/kinds/index.ts';
import type { ImportKindDefinition, ImportRow, RowOutcome } from '#domain/imports/kinds/types.ts';
import { mapLimit } from './pool.ts';

/**
 * The import job runner. It runs outside the API request: the ObjectCreated event of
 * `t/<kyk>/imports/<id>/source.csv` reaches the import-jobs Lambda (15 minutes, 2 GB in AWS;
 * in-process locally), which calls `runImport`. Rows go in chunk by chunk with a few rows in
 * flight; each row is its own write with its own audit record, so one bad row never affects the
 * others, and each chunk's results are stored (BatchWrite) with the job's counts before the next.
 *
 * A worker can die anywhere (the database gone, the Lambda killed). So the run holds a lease on
 * the job (`stale_after`, renewed with every chunk and by a heartbeat, conditional on its
 * `run_id`), and is idempotent from its cursor: `result_count` rows are done, and the chunk after
 * them may be half written (entities without results). A reader that finds the lease lapsed asks
 * for a resume (domain/imports/jobs.ts); `resumeImport` takes the job over conditionally (two
 * workers never hold it at once) and runs the file again from the cursor: a row written before the
 * death finds its record already there (`unchanged`, no second record, counts kept exact by the
 * unique claims and conditional counters), and its result is stored this time.
 */

/** Rows per chunk: results and progress are saved after each. */
const CHUNK_ROWS = 200;
/** Stop taking chunks this long before the Lambda's deadline, to record the interruption. */
const DEADLINE_MARGIN_MS = 45_000;

export interface RunOptions {
  /** Epoch ms when the Lambda will be stopped (AWS only; the local stand-in has no limit). */
  deadline?: number;
}

const emptyCounts = (): JobCounts => ({ total_rows: 0, ok_rows: 0, warning_rows: 0, error_rows: 0, result_count: 0, problem_count: 0, no_password_count: 0 });

const jobActor = (job: ImportJob): AuditActor => ({
  kykId: job.kyk_id,
  userId: job.executor_id,
  userName: job.executor,
  requestId: job.request_id,
  sourceIp: job.source_ip,
});

/** Normal: every row went in cleanly; warning: some went in, some did not or with remarks; abnormal: none went in. */
export const finalStatus = (counts: JobCounts): Exclude<ImportStatus, 'running'> => {
  if (counts.ok_rows + counts.warning_rows === 0) return 'abnormal';
  return counts.warning_rows + counts.error_rows === 0 ? 'normal' : 'warning';
};

/** Header texts compare without surrounding spaces, width or case differences. */
const headerKey = (text: string): string => text.trim().normalize('NFKC').toLowerCase();

/** A missing column is named in the language the rest of the header is written in. */
const headerLanguage = (header: string[]): 'en' | 'ja' => (header.some((cell) => /[^\x20-\x7e]/.test(cell)) ? 'ja' : 'en');

type HeaderCheck = { ok: true; columnAt: string[] } | { ok: false; messages: string[] };

/** Maps every header cell to a column (by name or by any language's label); all columns must be there, once. */
function checkHeader(definition: ImportKindDefinition, header: string[], t: (key: MessageKey, params?: MessageParams) => string): HeaderCheck {
  const byKey = new Map<string, string>();
  for (const column of definition.columns) {
    for (const text of [column.name, ...Object.values(column.labels)]) byKey.set(headerKey(text), column.name);
  }
  const messages: string[] = [];
  const columnAt: string[] = [];
  const seen = new Set<string>();
  for (const cell of header) {
    // An empty header cell (a trailing comma) names no column: its cells are ignored.
    if (cell.trim() === '') {
      columnAt.push('');
      continue;
    }
    const column = byKey.get(headerKey(cell));
    if (!column) messages.push(t('importResult.headerUnknown', { column: cell.trim() }));
    else if (seen.has(column)) messages.push(t('importResult.headerDuplicate', { column: cell.trim() }));
    else seen.add(column);
    columnAt.push(column ?? '');
  }
  for (const column of definition.columns) {
    if (!seen.has(column.name)) messages.push(t('importResult.headerMissing', { column: column.labels[headerLanguage(header)] }));
  }
  return messages.length ? { ok: false, messages } : { ok: true, columnAt };
}

const leaseMs = (): number => config.importLeaseSeconds * 1000;
/** A worker renews its lease at most this long (a Lambda's limit); then the job is another worker's to resume. */
const MAX_HOLD_MS = 15 * 60_000;
const leaseUntil = (): string => new Date(Date.now() + leaseMs()).toISOString();

/**
 * The run's hold on the job: renewed by a heartbeat (a third of the lease) conditional on the run
 * id. A renewal refused means another worker took the job over (or it was settled or deleted):
 * `check()` then stops the run before its next write of results or progress.
 */
class Lease {
  private lost = false;
  private readonly timer: ReturnType<typeof setInterval>;
  private readonly holdUntil = Date.now() + MAX_HOLD_MS;

  constructor(private readonly job: ImportJob, readonly runId: string) {
    this.timer = setInterval(() => void this.renew(), Math.max(100, leaseMs() / 3));
    this.timer.unref();
  }

  private async renew(): Promise<void> {
    if (Date.now() > this.holdUntil) {
      // A worker hung on a call that never returns must not hold the job for ever: let it lapse.
      this.lost = true;
      return;
    }
    try {
      if (!(await renewLease(this.job.kyk_id, this.job.request_id, this.runId, leaseUntil()))) this.lost = true;
    } catch {
      // The database is unreachable: the lease runs out and the job is resumed elsewhere.
    }
  }

  check(): void {
    if (this.lost) throw new LeaseLostError();
  }

  /** Renews the lease now, or stops the run if the job is no longer its own: just before results are written. */
  async confirm(): Promise<void> {
    this.check();
    if (!(await renewLease(this.job.kyk_id, this.job.request_id, this.runId, leaseUntil()))) {
      this.lost = true;
      throw new LeaseLostError();
    }
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

/** Runs a job whose file has just been uploaded (the first delivery of its upload event takes it). */
export async function runImport(kykId: string, requestId: string, options: RunOptions = {}): Promise<void> {
  const log = logger.child({ kyk: kykId, importId: requestId });
  const job = await getJob(kykId, requestId);
  if (!job || job.phase !== 'upload') {
    log.info('import event ignored (job gone, or already taken)', { phase: job?.phase });
    return;
  }
  const runId = randomUUID();
  const lease = leaseUntil();
  if (!(await claimJob(kykId, requestId, runId, lease))) {
    log.info('import event ignored (another delivery took the job)');
    return;
  }
  await work({ ...job, phase: 'processing', uploaded: true, stale_after: lease, run_id: runId }, runId, options);
}

/**
 * Takes over a job whose worker died (its lease lapsed) and goes on from its cursor. Answers
 * whether this worker took it: false when the job is gone, finished, or held by a live worker.
 */
export async function resumeImport(kykId: string, requestId: string, options: RunOptions = {}): Promise<boolean> {
  const runId = randomUUID();
  const job = await takeOverJob(kykId, requestId, runId, leaseUntil());
  if (!job) {
    logger.info('import resume ignored (job gone, finished or held by a live worker)', { kyk: kykId, importId: requestId });
    return false;
  }
  logger.info('import resumed', { kyk: kykId, importId: requestId, from: job.result_count, attempts: job.attempts });
  await work(job, runId, options);
  return true;
}

async function work(job: ImportJob, runId: string, options: RunOptions): Promise<void> {
  const log = logger.child({ kyk: job.kyk_id, importId: job.request_id });
  const lease = new Lease(job, runId);
  const started = Date.now();
  try {
    const counts = await processJob(job, lease, options);
    log.info('import finished', { ms: Date.now() - started, ...counts });
  } catch (error) {
    if (error instanceof LeaseLostError || (error instanceof TransactionFailed && error.failed('job'))) {
      log.warn('import stopped: the job is no longer this worker\'s (taken over, settled or deleted)');
      return;
    }
    // Not settled here: the job resumes from its last saved chunk once a reader finds it.
    log.error('import stopped; it resumes from its last saved chunk', { error });
    await releaseLease(job.kyk_id, job.request_id, runId).catch((releaseError: unknown) => {
      log.error('import lease not released (it lapses by itself)', { error: releaseError });
    });
  } finally {
    lease.stop();
  }
}

async function processJob(job: ImportJob, lease: Lease, options: RunOptions): Promise<JobCounts> {
  const t = (key: MessageKey, params?: MessageParams) => translate(job.language, key, params);
  const actor = jobActor(job);

  const finish = async (counts: JobCounts, status = finalStatus(counts)): Promise<JobCounts> => {
    lease.check();
    await finishJob(job.kyk_id, job.request_id, lease.runId, status, counts, nowIso(), [
      auditPut(actor, {
        action: 'import.finish', targetType: 'import', targetId: job.request_id, before: null,
        after: { kind: job.kind, name: job.name, status, ...counts },
      }),
    ]);
    return counts;
  };

  /** The whole file is refused: one result (row 0 the file, row 1 the header) and abnormal. */
  const refuseFile = async (rowNo: number, messages: string[]): Promise<JobCounts> => {
    const counts = { ...emptyCounts(), result_count: 1, problem_count: 1 };
    await lease.confirm();
    await writeResults(job.kyk_id, job.request_id, [{ seq: 1, pseq: 1, row_no: rowNo, result: 'error', row_key: '', action: null, messages }]);
    return finish(counts, 'abnormal');
  };

  const definition = importKindDefinitions[job.kind];
  if (!definition) return refuseFile(0, [t('importResult.kindUnsupported')]);

  const bytes = await readSource(job.kyk_id, job.request_id);
  // S3 refuses another length than the signed one; checked again so the job reads only the declared file.
  const decoded = bytes.byteLength === job.size ? decodeCsv(bytes) : undefined;
  if (!decoded) return refuseFile(0, [t('importResult.fileUnreadable')]);
  const parsed = parseCsv(decoded.text);
  if (!parsed.ok) return refuseFile(0, [t('importResult.csvBroken', { line: parsed.line })]);

  const [header, ...records] = parsed.records;
  if (!header || isBlankRecord(header)) return refuseFile(0, [t('importResult.noHeader')]);
  const checked = checkHeader(definition, header, t);
  if (!checked.ok) return refuseFile(1, checked.messages);
  const labels = Object.fromEntries(checked.columnAt.flatMap((column, i) => (column ? [[column, header[i]!.trim()]] : [])));

  const rows = records.map((cells, i) => ({ rowNo: i + 2, cells })).filter((row) => !isBlankRecord(row.cells));
  if (rows.length === 0) return refuseFile(0, [t('importResult.noRows')]);
  if (rows.length > definition.maxRows) return refuseFile(0, [t('importResult.tooManyRows', { max: definition.maxRows })]);

  // Checks that need the whole file: a key seen in an earlier row makes the later row an error.
  const keyAt = checked.columnAt.indexOf(definition.keyColumn);
  const firstRowOf = new Map<string, number>();
  const duplicateOf = new Map<number, number>();
  for (const row of rows) {
    const key = definition.normalizeKey(unescapeFormula(row.cells[keyAt] ?? ''));
    if (key === '') continue;
    const first = firstRowOf.get(key);
    if (first === undefined) firstRowOf.set(key, row.rowNo);
    else duplicateOf.set(row.rowNo, first);
  }

  const apply = await definition.open({ kykId: job.kyk_id, requestId: job.request_id, language: job.language, actor, startedAt: job.start_datetime, invite: job.invite === 1 });

  const evaluate = async (row: { rowNo: number; cells: string[] }): Promise<RowOutcome> => {
    if (row.cells.length !== header.length) {
      return { result: 'error', action: null, messages: [t('importResult.columnCount', { count: row.cells.length, expected: header.length })] };
    }
    const first = duplicateOf.get(row.rowNo);
    if (first !== undefined) return { result: 'error', action: null, messages: [t('importResult.duplicateRow', { row: first })] };
    const values = Object.fromEntries(checked.columnAt.flatMap((column, i) => (column ? [[column, unescapeFormula(row.cells[i]!)]] : [])));
    const input: ImportRow = { rowNo: row.rowNo, values, labels };
    try {
      return await apply(input);
    } catch (error) {
      logger.error('import row failed', { kyk: job.kyk_id, importId: job.request_id, row: row.rowNo, error });
      return { result: 'error', action: null, messages: [t('importResult.rowFailed')] };
    }
  };

  // The cursor: a resumed run starts after the rows whose results the dead worker saved, with its
  // counts (chunks are whole, so the chunk boundaries are those of the first run).
  const counts: JobCounts = {
    total_rows: job.total_rows, ok_rows: job.ok_rows, warning_rows: job.warning_rows, error_rows: job.error_rows,
    result_count: job.result_count, problem_count: job.problem_count, no_password_count: job.no_password_count ?? 0,
  };
  let interrupted = false;
  for (let start = counts.result_count; start < rows.length; start += CHUNK_ROWS) {
    if (options.deadline !== undefined && Date.now() > options.deadline - DEADLINE_MARGIN_MS) {
      interrupted = true;
      break;
    }
    lease.check();
    const chunk = rows.slice(start, start + CHUNK_ROWS);
    const from = counts.result_count;
    const outcomes = await mapLimit(chunk, definition.concurrency, evaluate);
    const results: ResultRecord[] = outcomes.map((outcome, i) => {
      const row = chunk[i]!;
      counts.total_rows++;
      counts.result_count++;
      if (outcome.result === 'ok') counts.ok_rows++;
      else if (outcome.result === 'warning') counts.warning_rows++;
      else counts.error_rows++;
      const problem = outcome.result !== 'ok' ? { pseq: ++counts.problem_count } : {};
      const password = outcome.result !== 'error' && outcome.password
        ? { password: outcome.password, ...(outcome.password === 'none' ? { nseq: ++counts.no_password_count } : {}) }
        : {};
      return {
        seq: counts.result_count,
        ...problem,
        row_no: row.rowNo,
        result: outcome.result,
        row_key: (row.cells[keyAt] ?? '').trim(),
        action: outcome.action,
        messages: outcome.messages,
        ...password,
      };
    });
    // Results of a chunk are rewritten whole by a resumed run (same positions), so a half-stored
    // chunk of a dead worker leaves nothing behind; a worker that lost the job writes none.
    await lease.confirm();
    await writeResults(job.kyk_id, job.request_id, results);
    if (start + CHUNK_ROWS < rows.length) await saveProgress(job.kyk_id, job.request_id, lease.runId, from, counts, leaseUntil());
  }

  if (interrupted) {
    const seq = ++counts.result_count;
    const pseq = ++counts.problem_count;
    await lease.confirm();
    await writeResults(job.kyk_id, job.request_id, [{ seq, pseq, row_no: 0, result: 'error', row_key: '', action: null, messages: [t('importResult.interrupted')] }]);
    return finish(counts, 'abnormal');
  }
  return finish(counts);
}
