import { randomUUID } from 'node:crypto';
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DriveItem, DriveJob } from '#shared/schemas/drive.ts';
import { translate } from '#shared/messages.ts';
import { db, s3 } from '#lib/clients.ts';
import { config } from '#lib/config.ts';
import { nowIso } from '#lib/data/table.ts';
import { functionEnv } from '#lib/table-design.ts';
import { getItem } from '#data/drive-items.ts';
import { driveJobKey, finishDriveJob, getDriveJob, runningDriveJobCounts, type DriveJobRecord } from '#data/drive-jobs.ts';
import { leaseUntil, MAX_RESUMES, startCappedJob } from '#domain/drive/jobs.ts';
import { aFolder, aUser } from './support/factories.ts';
import { call } from './support/api.ts';
import { namesIn, seen, uploadFile } from './support/drive.ts';
import { waitForDriveJob } from './support/drive-jobs.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

const TOO_MANY = { code: -202, message: 'Too many jobs are running. Wait for one to finish.' };
const TOO_MANY_JA = '実行中のジョブが多すぎます。いずれかが終わるまでお待ちください。';
const bytes = (text: string) => new TextEncoder().encode(text);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const zip = (token: string, items: DriveItem[]) => call('com_drive/zip_download_btn', { items: items.map(seen) }, token);

/**
 * Caps on running copies, ZIPs and tax-office exports (docs/drive.md "Copy and ZIP jobs"): 3 a
 * user and 10 a contract by default, counted in the transactions that start and end each job; the
 * same start sent twice is one job.
 */
describe('running jobs are capped', { timeout: 180_000 }, () => {
  // Each test has a contract of its own: the contract's count is part of what it checks.
  let t: TestTenant;
  beforeEach(async () => {
    t = await newTenant();
  });

  /**
   * A file whose bytes are gone from the bucket: a ZIP or copy of it stays running (its worker fails
   * on the bytes and lets go, to be resumed a minute later), as a job whose worker keeps dying does.
   */
  const stalledFile = async (token: string, folderId = 'root') => {
    const file = await uploadFile(token, folderId, `stalled-${randomUUID().slice(0, 8)}.txt`, bytes('gone'));
    await s3().send(new DeleteObjectCommand({ Bucket: config.bucketName, Key: (await getItem(t.kykId, file.id))!.s3_key! }));
    return file;
  };
  /** A dead job given up, as the sweep does after its resumes: no resume left, its lease lapsed; the starter's poll settles it. */
  const giveUp = async (token: string, jobId: string): Promise<DriveJob> => {
    for (let attempt = 0; attempt < 50; attempt++) {
      await db().send(new UpdateCommand({
        TableName: config.tableName, Key: driveJobKey(t.kykId, jobId), UpdateExpression: 'SET attempts = :max, stale_after = :lapsed',
        ExpressionAttributeValues: { ':max': MAX_RESUMES, ':lapsed': '2000-01-01T00:00:00.000Z' },
      }));
      const info = await call('com_drive/job_info', { job_id: jobId }, token);
      expect(info.body.code, JSON.stringify(info.body)).toBe(0);
      // A worker resumed meanwhile renews the lease: try again once it let go.
      if (info.body.data!.job.state !== 'running') return info.body.data!.job;
      await sleep(100);
    }
    throw new Error(`job ${jobId} was never settled`);
  };

  it('starts 3 ZIPs of one user at once and refuses a 4th (-202) until one ends; the counters go back to 0 as jobs are settled or finish', async () => {
    expect(config.driveJobsPerUser).toBe(3);
    const user = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 3 });
    const files = await Promise.all([0, 1, 2, 3].map(() => stalledFile(user.token)));
    const starts = await Promise.all(files.map((file) => zip(user.token, [file])));
    const started = starts.filter((start) => start.body.code === 0);
    const refused = starts.filter((start) => start.body.code !== 0);
    expect(started).toHaveLength(3);
    expect(refused.map((start) => start.body)).toMatchObject([TOO_MANY]);
    expect(await runningDriveJobCounts(t.kykId, user.userId)).toEqual({ user: 3, contract: 3 });
    const refusedFile = files[starts.findIndex((start) => start.body.code !== 0)]!;
    // The caps count jobs of every capped kind: a copy waits as well, and writes nothing.
    const plain = await uploadFile(user.token, 'root', `plain-${randomUUID().slice(0, 8)}.txt`, bytes('plain'));
    const target = await aFolder(t, { token: user.token });
    expect((await call('com_drive/copy_btn', { items: [seen(plain)], folder_id: target.id }, user.token)).body).toMatchObject(TOO_MANY);
    expect(await namesIn(user.token, target.id)).toEqual([]);
    // In the user's language.
    expect((await call('com/chang_language', { language: 'ja' }, user.token)).body.code).toBe(0);
    expect((await zip(user.token, [refusedFile])).body).toMatchObject({ code: -202, message: TOO_MANY_JA });
    expect(await runningDriveJobCounts(t.kykId, user.userId)).toEqual({ user: 3, contract: 3 });

    // One ends (settled as dead): another may start.
    const ids = started.map((start) => start.body.data!.job.job_id);
    expect(await giveUp(user.token, ids[0]!)).toMatchObject({ state: 'failed' });
    expect(await runningDriveJobCounts(t.kykId, user.userId)).toEqual({ user: 2, contract: 2 });
    const again = await zip(user.token, [refusedFile]);
    expect(again.body.code, JSON.stringify(again.body)).toBe(0);
    expect(await runningDriveJobCounts(t.kykId, user.userId)).toEqual({ user: 3, contract: 3 });

    for (const id of [...ids.slice(1), again.body.data!.job.job_id]) expect((await giveUp(user.token, id)).state).toBe('failed');
    expect(await runningDriveJobCounts(t.kykId, user.userId)).toEqual({ user: 0, contract: 0 });
    // A job ended once gives its place back once: polling it again changes nothing.
    expect((await call('com_drive/job_info', { job_id: ids[0]! }, user.token)).body.data!.job.state).toBe('failed');
    expect(await runningDriveJobCounts(t.kykId, user.userId)).toEqual({ user: 0, contract: 0 });

    // Jobs that finish give their places back too: ZIPs, and the administrator's tax-office export.
    const [a, b] = await Promise.all(['a', 'b'].map((name) => uploadFile(user.token, 'root', `${name}-${randomUUID().slice(0, 8)}.txt`, bytes(name))));
    const finishing = await Promise.all([[a!], [a!, b!]].map((items) => zip(user.token, items)));
    const exportJob = await call('com_drive/tax_export_btn', { date_from: '2025-04-01', date_to: '2026-03-31', encoding: 'utf-8' }, t.token);
    for (const start of [...finishing, exportJob]) expect(start.body.code, JSON.stringify(start.body)).toBe(0);
    for (const start of finishing) expect((await waitForDriveJob(user.token, start.body.data!.job.job_id)).state).toBe('done');
    expect((await waitForDriveJob(t.token, exportJob.body.data!.job.job_id)).state).toBe('done');
    expect(await runningDriveJobCounts(t.kykId, user.userId)).toEqual({ user: 0, contract: 0 });
    expect((await runningDriveJobCounts(t.kykId, t.adminId)).user).toBe(0);
  });

  it('answers a start sent again while its job runs with that job, for a ZIP and a copy; another start is another job', async () => {
    const user = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 3 });
    const file = await stalledFile(user.token);
    const [first, second] = await Promise.all([zip(user.token, [file]), zip(user.token, [file])]);
    expect(first.body.code, JSON.stringify(first.body)).toBe(0);
    const jobId = first.body.data!.job.job_id;
    expect(second.body).toMatchObject({ code: 0, data: { job: { job_id: jobId, kind: 'zip', state: 'running' } } });
    expect((await zip(user.token, [file])).body.data!.job.job_id).toBe(jobId);
    expect(await runningDriveJobCounts(t.kykId, user.userId)).toEqual({ user: 1, contract: 1 });
    // Another user's same selection is their own job.
    const theirs = await zip(t.token, [file]);
    expect(theirs.body.data!.job.job_id).not.toBe(jobId);

    // A copy large enough to run as a job (more than 50 entries), stalled on its file's bytes.
    const source = await aFolder(t, { token: user.token, name: `Source ${randomUUID().slice(0, 6)}` });
    await Promise.all(Array.from({ length: 51 }, (_, index) => aFolder(t, { token: user.token, parentId: source.id, name: `Sub ${index}` })));
    await stalledFile(user.token, source.id);
    const to = await aFolder(t, { token: user.token });
    const copy = () => call('com_drive/copy_btn', { items: [seen(source)], folder_id: to.id }, user.token);
    const copied = await copy();
    expect(copied.body.code, JSON.stringify(copied.body)).toBe(0);
    const copyId = copied.body.data!.job.job_id;
    // Its name is taken at the destination already: the same start again is its job, not a refusal.
    expect((await copy()).body).toMatchObject({ code: 0, data: { job: { job_id: copyId, kind: 'copy' }, failed: [] } });
    expect(await runningDriveJobCounts(t.kykId, user.userId)).toEqual({ user: 2, contract: 3 });

    // Once a job ended, the same start is a new job (a ZIP made again after a change, a copy tried again).
    for (const [token, id] of [[user.token, jobId], [t.token, theirs.body.data!.job.job_id], [user.token, copyId]] as const) await giveUp(token, id);
    expect(await runningDriveJobCounts(t.kykId, user.userId)).toEqual({ user: 0, contract: 0 });
    const later = await zip(user.token, [file]);
    expect(later.body.code).toBe(0);
    expect(later.body.data!.job.job_id).not.toBe(jobId);
    await giveUp(user.token, later.body.data!.job.job_id);
    expect(await runningDriveJobCounts(t.kykId, user.userId)).toEqual({ user: 0, contract: 0 });
  });

  describe('per contract', () => {
    const capBefore = process.env[functionEnv.driveJobsPerContract];
    afterEach(() => {
      if (capBefore === undefined) delete process.env[functionEnv.driveJobsPerContract];
      else process.env[functionEnv.driveJobsPerContract] = capBefore;
    });

    it("refuses a user's start once the contract has as many running jobs as its cap, whoever started them, and counts each end once", async () => {
      // The stack reads its caps once started: here the start itself runs in the test, under a cap of 2.
      process.env[functionEnv.driveJobsPerContract] = '2';
      const job = (userId: string): DriveJobRecord => ({
        kyk_id: t.kykId, job_id: randomUUID(), kind: 'zip', user_id: userId, language: 'en', state: 'running',
        items: [randomUUID()], total: null, done: 0, bytes: 0, created_at: nowIso(), ended_at: null, stale_after: leaseUntil(), run_id: null,
      });
      const [first, second, third] = [job('user-a'), job('user-b'), job('user-c')];
      await startCappedJob(first, { items: first.items });
      await startCappedJob(second, { items: second.items });
      const refusal = await startCappedJob(third, { items: third.items }).then(() => undefined, (error: unknown) => error);
      expect(refusal).toMatchObject({ codeName: 'updateFailure', messageKey: 'notice.tooManyJobs' });
      expect(translate('en', 'notice.tooManyJobs')).toBe(TOO_MANY.message);
      expect(translate('ja', 'notice.tooManyJobs')).toBe(TOO_MANY_JA);
      expect(await getDriveJob(t.kykId, third.job_id)).toBeUndefined();
      expect(await runningDriveJobCounts(t.kykId, 'user-c')).toEqual({ user: 0, contract: 2 });

      // A dead job settled by two readers at once gives its place back once.
      const stored = (await getDriveJob(t.kykId, first.job_id))!;
      const outcome = { state: 'failed', error_code: 'updateFailure', error_key: 'notice.driveJobInterrupted', error_message: 'stopped' } as const;
      expect((await Promise.all([finishDriveJob(stored, undefined, outcome), finishDriveJob(stored, undefined, outcome)])).sort()).toEqual([false, true]);
      expect(await runningDriveJobCounts(t.kykId, 'user-a')).toEqual({ user: 0, contract: 1 });
      expect((await startCappedJob(third, { items: third.items })).job_id).toBe(third.job_id);
      expect(await runningDriveJobCounts(t.kykId, 'user-c')).toEqual({ user: 1, contract: 2 });

      for (const done of [second, third]) expect(await finishDriveJob((await getDriveJob(t.kykId, done.job_id))!, undefined, outcome)).toBe(true);
      expect(await runningDriveJobCounts(t.kykId, 'user-b')).toEqual({ user: 0, contract: 0 });
    });
  });
});
