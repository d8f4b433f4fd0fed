import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '#lib/clients.ts';
import { claimJob, getJob, LeaseLostError, jobKey, renewLease, runningJobKey, saveProgress } from '#data/import-jobs.ts';
import { MAX_RESUMES, sweepRunningImports } from '#domain/imports/jobs.ts';
import { resumeImport } from '#domain/imports/run-import.ts';
import { call } from './support/api.ts';
import { killDatabaseAfterWrites } from './support/db-kill.ts';
import { allRows, csv, utf8, waitForJob, type ImportPath } from './support/imports.ts';
import { auditByAction, detail, HEADER, mainTable } from './support/imports-suite.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

/**
 * An import whose worker dies (issue: hardening, item 8). The stack's own worker runs every job
 * started by an upload; here the test takes the job first (as a worker that has just died would
 * hold it) and runs the worker function in this process, against the same DynamoDB Local and
 * s3rver, with the database killed after N writes. Recovery then goes through the stack as in
 * production: a read of the history finds the lease lapsed and asks for a resume, whose marker
 * event starts a new worker there.
 */

const LEASE_SECONDS = '1';
const PAST = '2000-01-01T00:00:00.000Z';
const INTERRUPTED = 'The import did not finish (the file was not uploaded, or processing stopped). Please import the file again.';

let savedLease: string | undefined;
beforeAll(() => {
  // The lease of the workers this process runs: short, so a killed one lapses at once.
  savedLease = process.env.IMPORT_LEASE_SECONDS;
  process.env.IMPORT_LEASE_SECONDS = LEASE_SECONDS;
});
afterAll(() => {
  if (savedLease === undefined) delete process.env.IMPORT_LEASE_SECONDS;
  else process.env.IMPORT_LEASE_SECONDS = savedLease;
});

/**
 * Starts an import through the API and uploads its file, with the job already held by a worker of
 * this test (`held-by-test`, lease until `leaseUntil`): the stack's worker ignores the upload.
 */
async function heldUpload(path: ImportPath, t: TestTenant, bytes: Uint8Array, leaseUntil = PAST): Promise<string> {
  const started = await call(path, { file_name: 'interrupted.csv', size: bytes.byteLength }, t.token);
  expect(started.body.code, JSON.stringify(started.body)).toBe(0);
  const { request_id: requestId, upload } = started.body.data!;
  expect(await claimJob(t.kykId, requestId, 'held-by-test', leaseUntil)).toBe(true);
  const put = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: bytes });
  expect(put.status).toBe(200);
  return requestId;
}

async function countQuery(input: { IndexName?: string; KeyConditionExpression: string; ExpressionAttributeValues: Record<string, unknown> }): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new QueryCommand({
      TableName: mainTable(), ...input, Select: 'COUNT', ExclusiveStartKey: start, ...(input.IndexName ? {} : { ConsistentRead: true }),
    }));
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}

/** Row results stored for a job (every `ROW#` item of its partition, counted or not). */
const storedResults = (kykId: string, requestId: string) => countQuery({
  KeyConditionExpression: 'pk = :pk AND begins_with(sk, :row)', ExpressionAttributeValues: { ':pk': jobKey(kykId, requestId).pk, ':row': 'ROW#' },
});
/** Corps stored with a code prefix (their listing index items). */
const storedCorps = (kykId: string, prefix: string) => countQuery({
  IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :cd)', ExpressionAttributeValues: { ':pk': `T#${kykId}#CORPS`, ':cd': `CD#${prefix}` },
});
/** User profiles stored with a user ID prefix. */
const storedUsers = (kykId: string, prefix: string) => countQuery({
  IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :id)', ExpressionAttributeValues: { ':pk': `T#${kykId}#USERS`, ':id': prefix },
});

const ROWS = 450;
const isBad = (i: number): boolean => i % 10 === 0;
const pad = (i: number): string => String(i).padStart(4, '0');

// A whole import, its worker's death and the stack's resume: seconds alone, several times that beside the scale tests.
describe('imports: a worker killed mid-import (legal entities)', { timeout: 120_000 }, () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
  });

  it('stores results only for the chunks it saved, and resumes to completion: one result per written corp, none twice', async () => {
    const bytes = utf8(csv(HEADER, ...Array.from({ length: ROWS }, (_, n) => (isBad(n + 1) ? `KILL-${pad(n + 1)},,,,` : `KILL-${pad(n + 1)},Corp ${n + 1},,,`))));
    const requestId = await heldUpload('com/corp_import', t, bytes);

    const kill = killDatabaseAfterWrites(300);
    try {
      expect(await resumeImport(t.kykId, requestId)).toBe(true);
      expect(kill.dead).toBe(true);
    } finally {
      kill.revive();
    }

    // The worker died in the second chunk: the first chunk's 200 results are saved and counted;
    // corps of the second chunk went in without results (the window a resume closes).
    const died = (await getJob(t.kykId, requestId))!;
    expect(died).toMatchObject({ status: 'running', phase: 'processing', result_count: 200, total_rows: 200, ok_rows: 180, error_rows: 20 });
    expect(await storedResults(t.kykId, requestId)).toBe(200);
    const corpsAtDeath = await storedCorps(t.kykId, 'KILL-');
    expect(corpsAtDeath).toBeGreaterThan(180);

    // A read finds the lease lapsed and asks for a resume; the stack's worker takes the job over.
    const job = await waitForJob(t.token, requestId);
    expect(job).toMatchObject({ status: 'warning', total_rows: ROWS, ok_rows: 405, warning_rows: 0, error_rows: 45 });

    const rows = await allRows(t.token, requestId);
    expect(rows.map((row) => row.row_no)).toEqual(Array.from({ length: ROWS }, (_, i) => i + 2));
    expect(rows.filter((row) => row.result === 'error').map((row) => row.row_no)).toEqual(Array.from({ length: 45 }, (_, i) => (i + 1) * 10 + 1));
    // The corps the dead worker wrote are found there on resume: unchanged, not created again.
    const actions = rows.filter((row) => row.result === 'ok').map((row) => row.action);
    expect(actions.filter((action) => action === 'unchanged')).toHaveLength(corpsAtDeath - 180);
    expect(actions.filter((action) => action === 'created')).toHaveLength(405 - (corpsAtDeath - 180));

    // Stored state: a result per row, a corp per good row, each created once and counted once.
    expect(await storedResults(t.kykId, requestId)).toBe(ROWS);
    expect((await getJob(t.kykId, requestId))!.result_count).toBe(ROWS);
    expect(await storedCorps(t.kykId, 'KILL-')).toBe(405);
    expect((await call('com/corp_info_list', { page_size: 50 }, t.token)).body.data!.total_size).toBe(405);
    expect(await auditByAction(t.kykId, 'admin', 'corp.create')).toHaveLength(405);
    const problems = await allRows(t.token, requestId, 1);
    expect(problems.map((row) => row.row_no)).toEqual(rows.filter((row) => row.result === 'error').map((row) => row.row_no));
  });
});

describe('imports: a worker killed mid-import (users)', { timeout: 120_000 }, () => {
  let t: TestTenant;
  let groupId: string;
  let corpId: string;
  const COLUMNS = ['user_id', 'user_nm', 'email', 'phone', 'language', 'corp_cd', 'department', 'post',
    'group_ata', 'group_atp', 'group_atk', 'group_atc', 'group_atw', 'group_atd', 'group_ato',
    'ata_admin_permission', 'atp_admin_permission', 'atk_admin_permission', 'atc_admin_permission',
    'atc_lapse_flg', 'atk_lapse_flg', 'atp_lapse_flg', 'ata_corp_permission', 'file_regist_method', 'status'];
  const line = (values: Record<string, string>): string => COLUMNS.map((column) => values[column] ?? '').join(',');

  beforeAll(async () => {
    t = await newTenant();
    const group = await call('com/user_group_reg_btn', { product: 'ata', user_group_nm: 'Resumed', member_ids: [] }, t.token);
    expect(group.body.code, JSON.stringify(group.body)).toBe(0);
    groupId = group.body.data!.group.user_group_id;
    const corp = await call('com/corp_info_reg_btn', { corp_cd: 'RC', corp_nm: 'Resumed corp' }, t.token);
    expect(corp.body.code, JSON.stringify(corp.body)).toBe(0);
    corpId = corp.body.data!.corp.corp_id;
  });

  it('resumes to completion: one result per written user, memberships and counts exact', async () => {
    const withGroup = (i: number) => i % 4 === 0;
    const bytes = utf8(csv(COLUMNS.join(','), ...Array.from({ length: ROWS }, (_, n) => {
      const i = n + 1;
      return line({
        user_id: `k${pad(i)}`, user_nm: `Killed ${i}`, email: isBad(i) ? 'not-an-address' : `k${i}@example.com`,
        corp_cd: 'RC', ...(withGroup(i) ? { group_ata: 'Resumed' } : {}),
      });
    })));
    const requestId = await heldUpload('com/user_import', t, bytes);

    const kill = killDatabaseAfterWrites(520);
    try {
      expect(await resumeImport(t.kykId, requestId)).toBe(true);
      expect(kill.dead).toBe(true);
    } finally {
      kill.revive();
    }
    const died = (await getJob(t.kykId, requestId))!;
    expect(died).toMatchObject({ status: 'running', result_count: 200, ok_rows: 180, error_rows: 20 });
    expect(await storedResults(t.kykId, requestId)).toBe(200);
    const usersAtDeath = await storedUsers(t.kykId, 'k');
    expect(usersAtDeath).toBeGreaterThan(180);

    const job = await waitForJob(t.token, requestId);
    expect(job).toMatchObject({ status: 'warning', total_rows: ROWS, ok_rows: 405, error_rows: 45 });
    const rows = await allRows(t.token, requestId);
    expect(rows.map((row) => row.row_no)).toEqual(Array.from({ length: ROWS }, (_, i) => i + 2));
    // A user the dead worker registered is found on resume and still reported created (it carries
    // the job that created it; its group join, a transaction after the registration's, is done
    // then if it had not happened yet); never registered twice.
    expect(rows.filter((row) => row.result === 'ok')).toHaveLength(405);
    expect(rows.filter((row) => row.result === 'ok').every((row) => row.action === 'created')).toBe(true);

    const good = Array.from({ length: ROWS }, (_, n) => n + 1).filter((i) => !isBad(i));
    expect(await storedResults(t.kykId, requestId)).toBe(ROWS);
    expect(await storedUsers(t.kykId, 'k')).toBe(405);
    expect((await call('com/user_info_list', { page_size: 50 }, t.token)).body.data!.total_size).toBe(406);
    // Each of them found by the list's search, including any whose search grams (written after the
    // registration's transaction) the dead worker never wrote.
    expect((await call('com/user_info_list', { search_key: 'killed', page_size: 50 }, t.token)).body.data!.total_size).toBe(405);
    expect(await auditByAction(t.kykId, 'admin', 'user.create')).toHaveLength(405);
    const group = await call('com/user_group', { user_group_id: groupId }, t.token);
    expect(group.body.data!.group.user_count).toBe(good.filter(withGroup).length);
    const corp = await call('com/corp_info', { corp_id: corpId }, t.token);
    expect(corp.body.data!.corp.user_count).toBe(405);
  });
});

describe('imports: one worker per job, and a job whose workers keep dying', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
  });
  const tenant = () => t;

  it('of two workers resuming one job, exactly one takes it; the loser and the displaced worker write nothing', async () => {
    const bytes = utf8(csv(HEADER, ...Array.from({ length: 250 }, (_, i) => `TWO-${pad(i + 1)},Corp ${i + 1},,,`)));
    // The stack's minute sweep resumes any lapsed job too (the sweep is global, in another process):
    // when it took this one between the upload and the race, the race runs again on a new tenant.
    let t = tenant();
    let requestId = await heldUpload('com/corp_import', t, bytes);
    let taken = await Promise.all([resumeImport(t.kykId, requestId), resumeImport(t.kykId, requestId)]);
    for (let attempt = 1; attempt < 4 && !taken.some(Boolean) && (await getJob(t.kykId, requestId))?.run_id !== 'held-by-test'; attempt++) {
      t = await newTenant();
      requestId = await heldUpload('com/corp_import', t, bytes);
      taken = await Promise.all([resumeImport(t.kykId, requestId), resumeImport(t.kykId, requestId)]);
    }
    expect(taken.filter(Boolean)).toHaveLength(1);

    const job = (await getJob(t.kykId, requestId))!;
    expect(job).toMatchObject({ status: 'normal', total_rows: 250, ok_rows: 250, result_count: 250 });
    expect(await storedResults(t.kykId, requestId)).toBe(250);
    expect(await storedCorps(t.kykId, 'TWO-')).toBe(250);
    expect(await auditByAction(t.kykId, 'admin', 'corp.create')).toHaveLength(250);
    expect((await allRows(t.token, requestId)).every((row) => row.action === 'created')).toBe(true);

    // The worker that held the job before the take-over can neither renew nor move the cursor.
    expect(await renewLease(t.kykId, requestId, 'held-by-test', new Date(Date.now() + 60_000).toISOString())).toBe(false);
    await expect(saveProgress(t.kykId, requestId, 'held-by-test', 0, { total_rows: 1, ok_rows: 1, warning_rows: 0, error_rows: 0, result_count: 1, problem_count: 0, no_password_count: 0 }, PAST))
      .rejects.toBeInstanceOf(LeaseLostError);
    expect((await getJob(t.kykId, requestId))!.result_count).toBe(250);
  });

  it('a worker whose job was taken over mid-chunk stops: it stores no results and never moves the cursor', async () => {
    const bytes = utf8(csv(HEADER, ...Array.from({ length: 30 }, (_, i) => `DISP-${pad(i + 1)},Corp ${i + 1},,,`)));
    const requestId = await heldUpload('com/corp_import', t, bytes);
    // As the displaced worker writes its first corp, another worker takes the job over.
    let takenOver = false;
    const name = 'take-over-mid-chunk';
    db().middlewareStack.add((next, context) => async (args) => {
      if (!takenOver && context.commandName === 'TransactWriteItemsCommand') {
        takenOver = true;
        await db().send(new UpdateCommand({
          TableName: mainTable(), Key: jobKey(t.kykId, requestId), UpdateExpression: 'SET run_id = :b, stale_after = :future',
          ExpressionAttributeValues: { ':b': 'worker-b', ':future': new Date(Date.now() + 60_000).toISOString() },
        }));
      }
      return next(args);
    }, { step: 'initialize', name });
    try {
      expect(await resumeImport(t.kykId, requestId)).toBe(true);
    } finally {
      db().middlewareStack.remove(name);
    }
    expect(takenOver).toBe(true);
    expect(await getJob(t.kykId, requestId)).toMatchObject({ status: 'running', run_id: 'worker-b', result_count: 0 });
    expect(await storedResults(t.kykId, requestId)).toBe(0);

    // Worker B dies in turn; a read resumes the job, and every corp gets its one result.
    await db().send(new UpdateCommand({
      TableName: mainTable(), Key: jobKey(t.kykId, requestId), UpdateExpression: 'SET stale_after = :past', ExpressionAttributeValues: { ':past': PAST },
    }));
    expect(await waitForJob(t.token, requestId)).toMatchObject({ status: 'normal', ok_rows: 30 });
    expect(await storedResults(t.kykId, requestId)).toBe(30);
    expect(await storedCorps(t.kykId, 'DISP-')).toBe(30);
  });

  it('never takes a job from a live worker (lease renewed), and a read leaves it running', async () => {
    const requestId = await heldUpload('com/corp_import', t, utf8(csv(HEADER, 'LIVE-1,Live,,,')), new Date(Date.now() + 10 * 60_000).toISOString());
    expect(await resumeImport(t.kykId, requestId)).toBe(false);
    const read = await detail(t.token, { request_id: requestId });
    expect(read.body.data!.history.status).toBe('running');
    expect(await storedCorps(t.kykId, 'LIVE-')).toBe(0);
    expect((await call('com/import_history_list_delete', { delete_list: [requestId] }, t.token)).body.code).toBe(-203);
  });

  it(`ends a job abnormal once its workers died ${MAX_RESUMES} times, with the reason as a result row; then it can be deleted`, async () => {
    const requestId = await heldUpload('com/corp_import', t, utf8(csv(HEADER, 'GIVEUP-1,Never,,,')));
    await db().send(new UpdateCommand({
      TableName: mainTable(), Key: jobKey(t.kykId, requestId), UpdateExpression: 'SET attempts = :max', ExpressionAttributeValues: { ':max': MAX_RESUMES },
    }));
    const read = await detail(t.token, { request_id: requestId });
    expect(read.body.data!.history).toMatchObject({ status: 'abnormal' });
    expect(read.body.data!.history.end_datetime).not.toBeNull();
    expect(read.body.data!.return_list).toEqual([{ row_no: 0, result: 'error', key: '', action: null, messages: [INTERRUPTED] }]);
    expect(await resumeImport(t.kykId, requestId)).toBe(false);
    expect((await call('com/import_history_list_delete', { delete_list: [requestId] }, t.token)).body.code).toBe(0);
    expect((await detail(t.token, { request_id: requestId })).body.code).toBe(-3);
  });

  it('deletes a running job whose worker is dead without resuming it first; no worker can take it afterwards', async () => {
    const requestId = await heldUpload('com/corp_import', t, utf8(csv(HEADER, 'GONE-1,Gone,,,')));
    const deleted = await call('com/import_history_list_delete', { delete_list: [requestId] }, t.token);
    expect(deleted.body.code).toBe(0);
    expect(await resumeImport(t.kykId, requestId)).toBe(false);
    expect((await detail(t.token, { request_id: requestId })).body.code).toBe(-3);
    expect(await storedCorps(t.kykId, 'GONE-')).toBe(0);
  });

  it('the history list resumes a dead worker\'s job too (no detail read needed)', async () => {
    const requestId = await heldUpload('com/corp_import', t, utf8(csv(HEADER, 'LIST-1,Listed,,,', 'LIST-2,Listed,,,')));
    const listed = await call('com/import_history', { sort_flg: 2 }, t.token);
    expect(listed.body.data!.return_list.find((row) => row.request_id === requestId)?.status).toBe('running');
    expect((await getJob(t.kykId, requestId))!.attempts).toBe(1);
    const job = await waitForJob(t.token, requestId);
    expect(job).toMatchObject({ status: 'normal', ok_rows: 2 });
  });
  it('the scheduled sweep resumes a dead worker\'s job that nobody reads, and the running marker goes with its end', async () => {
    const requestId = await heldUpload('com/corp_import', t, utf8(csv(HEADER, 'SWEPT-1,Swept,,,', 'SWEPT-2,Swept,,,')));
    const marker = async () => (await db().send(new GetCommand({ TableName: mainTable(), Key: runningJobKey(t.kykId, requestId), ConsistentRead: true }))).Item;
    expect(await marker()).toBeDefined();
    expect(await sweepRunningImports()).toBeGreaterThanOrEqual(1);
    expect((await getJob(t.kykId, requestId))!.attempts).toBe(1);
    // No read through the API: the job ends on its own.
    let job = await getJob(t.kykId, requestId);
    for (let attempt = 0; attempt < 200 && job?.status === 'running'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      job = await getJob(t.kykId, requestId);
    }
    expect(job).toMatchObject({ status: 'normal', ok_rows: 2 });
    expect(await marker()).toBeUndefined();
  });
});
