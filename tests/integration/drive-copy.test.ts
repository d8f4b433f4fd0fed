import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriveItem } from '#shared/schemas/drive.ts';
import { s3 } from '#lib/clients.ts';
import { functionEnv } from '#lib/table-design.ts';
import { nowIso } from '#lib/data/table.ts';
import { setContractQuota } from '#data/pending-uploads.ts';
import { getDriveJob, insertDriveJob } from '#data/drive-jobs.ts';
import { driveJobWorks } from '#domain/drive/job-kinds.ts';
import { runDriveJob } from '#domain/drive/jobs.ts';
import { copiedId } from '#data/drive-copies.ts';
import { getItem } from '#data/drive-items.ts';
import { aFolder, aUser } from './support/factories.ts';
import { call } from './support/api.ts';
import { aFile, namesIn, seen, sendBytes, trash, uploadFile, waitUntilReady } from './support/drive.ts';
import { downloadBytes, treeOf, waitForDriveJob } from './support/drive-jobs.ts';
import { storedUsage } from './support/uploads.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const copy = (token: string, items: DriveItem[], folderId: string) => call('com_drive/copy_btn', { items: items.map(seen), folder_id: folderId }, token);

/** A folder "Project" with nested subfolders and files (and one Japanese name). */
async function aProject(t: TestTenant, parentId = 'root') {
  const project = await aFolder(t, { parentId, name: `Project ${randomUUID().slice(0, 6)}` });
  const specs = await aFolder(t, { parentId: project.id, name: 'Specs' });
  const deep = await aFolder(t, { parentId: specs.id, name: '深い' });
  await aFolder(t, { parentId: project.id, name: 'Empty' });
  await uploadFile(t.token, project.id, 'readme.txt', bytes('read me'));
  await uploadFile(t.token, specs.id, 'spec.txt', bytes('the spec'));
  const deepFile = await uploadFile(t.token, deep.id, '見積書.txt', bytes('見積'));
  return { project, specs, deep, deepFile, bytes: bytes('read me').length + bytes('the spec').length + bytes('見積').length };
}

describe('copy', { timeout: 120_000 }, () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
  });

  it('copies files and a whole folder with nested subfolders: names, structure, bytes and usage', async () => {
    const { project, deepFile, bytes: projectBytes } = await aProject(t);
    const loose = await uploadFile(t.token, 'root', `loose-${randomUUID().slice(0, 6)}.txt`, bytes('loose bytes'));
    const to = await aFolder(t, { name: 'Copies' });
    const before = await storedUsage(t.kykId);

    const result = await copy(t.token, [project, loose], to.id);
    expect(result.body.code, JSON.stringify(result.body)).toBe(0);
    const { job, failed } = result.body.data!;
    expect(failed).toEqual([]);
    expect(job).toMatchObject({ kind: 'copy', state: 'done', done: 8, total: 8, error: null });
    expect(job.items.map((item) => item.name)).toEqual([project.name, loose.name]);
    expect(job.items.map((item) => item.id)).not.toContain(project.id);

    expect(await treeOf(t.token, to.id)).toEqual(await treeOf(t.token, 'root').then((root) => root.filter((node) => node.name === project.name || node.name === loose.name)));
    const copiedTree = await treeOf(t.token, job.items[0]!.id);
    expect(copiedTree).toEqual([
      { name: 'Empty', type: 'folder', children: [] },
      { name: 'Specs', type: 'folder', children: [{ name: '深い', type: 'folder', children: [{ name: '見積書.txt', type: 'file', size: 6 }] }, { name: 'spec.txt', type: 'file', size: 8 }] },
      { name: 'readme.txt', type: 'file', size: 7 },
    ]);
    // New entries with their own objects: the copy's bytes are the source's, read from its own key.
    const copiedDeep = (await call('com_drive/drive_info', { folder_id: (await call('com_drive/drive_info', { folder_id: (await call('com_drive/drive_info', { folder_id: job.items[0]!.id }, t.token)).body.data!.items.find((item) => item.name === 'Specs')!.id }, t.token)).body.data!.items.find((item) => item.name === '深い')!.id }, t.token)).body.data!.items[0]!;
    expect(copiedDeep.id).not.toBe(deepFile.id);
    expect(copiedDeep.regist_user_id).toBe(t.adminId);
    expect(new TextDecoder().decode(await downloadBytes(t.token, copiedDeep.id))).toBe('見積');
    expect(new TextDecoder().decode(await downloadBytes(t.token, job.items[1]!.id))).toBe('loose bytes');
    const after = await storedUsage(t.kykId);
    expect(after.usage - before.usage).toBe(projectBytes + bytes('loose bytes').length);
    expect(after.committed - before.committed).toBe(projectBytes + bytes('loose bytes').length);
    // The source is untouched, and the copy is independent of it.
    await trash(t.token, project);
    expect(await treeOf(t.token, job.items[0]!.id)).toEqual(copiedTree);
  });

  it("keeps the document's fields, starts the copy's history at version 1 and counts it in the data usage", async () => {
    const folder = await aFolder(t, { name: `Fields ${randomUUID().slice(0, 6)}` });
    const data = bytes('invoice v1');
    const fields = { document_style: 'e_bookkeeping', transaction_date: '2026-03-31', transaction_amount: 108000, recipient: '株式会社テスト', provider: 'Example Ltd.' } as const;
    const registered = await call('com_drive/file_reg_btn', { folder_id: folder.id, name: 'invoice.txt', size: data.byteLength, content_type: 'text/plain', ...fields }, t.token);
    expect(registered.body.code, JSON.stringify(registered.body)).toBe(0);
    await sendBytes(t.token, registered.body.data!.item.id, registered.body.data!.upload, data);
    const source = await waitUntilReady(t.token, registered.body.data!.item.id);
    const to = await aFolder(t, { name: `Fields to ${randomUUID().slice(0, 6)}` });
    const usageBefore = (await call('com_drive/data_usage', {}, t.token)).body.data!;

    const result = await copy(t.token, [source], to.id);
    expect(result.body.code, JSON.stringify(result.body)).toBe(0);
    const copied = result.body.data!.job.items[0]!;
    expect(copied).toMatchObject({ name: 'invoice.txt', version: 1, ...fields });

    const history = await call('com_drive/file_history', { id: copied.id }, t.token);
    expect(history.body.code, JSON.stringify(history.body)).toBe(0);
    expect(history.body.data!.versions).toMatchObject([{ version: 1, size: data.byteLength, current: true, regist_user_id: t.adminId }]);
    const usageAfter = (await call('com_drive/data_usage', {}, t.token)).body.data!;
    expect(usageAfter.file_count - usageBefore.file_count).toBe(1);
    expect(usageAfter.usage_bytes - usageBefore.usage_bytes).toBe(data.byteLength);
  });

  it('refuses a folder into itself or below itself, a name held at the destination, a gone destination, and writes nothing', async () => {
    const { project, specs } = await aProject(t);
    const into = await copy(t.token, [project], specs.id);
    expect(into.body.code).toBe(-4);
    expect(into.body.info?.fields).toEqual({ folder_id: 'A folder cannot be copied into itself or into a folder inside it.' });
    expect((await copy(t.token, [project], project.id)).body.code).toBe(-4);

    const target = await aFolder(t);
    await aFolder(t, { parentId: target.id, name: 'SPECS' });
    await uploadFile(t.token, target.id, 'README.TXT', bytes('other'));
    const before = await storedUsage(t.kykId);
    const readme = (await call('com_drive/drive_info', { folder_id: project.id }, t.token)).body.data!.items.find((item) => item.name === 'readme.txt')!;
    const folderTaken = await copy(t.token, [specs], target.id);
    expect(folderTaken.body).toMatchObject({ code: 990000090002, message: 'A folder with the same name already exists at the destination.' });
    const fileTaken = await copy(t.token, [readme], target.id);
    expect(fileTaken.body).toMatchObject({ code: 990000090008, message: 'A file with the same name already exists at the destination. Please rename it.' });
    // Several at once: the refused one is reported, the other copied.
    const mixed = await copy(t.token, [readme, await aFolder(t, { parentId: project.id, name: 'Fresh' })], target.id);
    expect(mixed.body.code).toBe(0);
    expect(mixed.body.data!.failed.map((entry) => entry.code)).toEqual([990000090008]);
    expect(mixed.body.data!.job.items.map((item) => item.name)).toEqual(['Fresh']);

    const gone = await copy(t.token, [readme], randomUUID());
    expect(gone.body).toMatchObject({ code: -3, message: 'The destination folder does not exist. It may have been moved or deleted.' });
    const bad = await call('com_drive/copy_btn', { items: [], folder_id: target.id }, t.token);
    expect(bad.body.code).toBe(-4);
    expect(await namesIn(t.token, target.id)).toEqual(['Fresh', 'SPECS', 'README.TXT']);
    expect(await namesIn(t.token, specs.id)).toEqual(['深い', 'spec.txt']);
    expect((await storedUsage(t.kykId)).usage).toBe(before.usage);
  });

  it('refuses a copy past the quota with 990000090001 before writing anything', async () => {
    const q = await newTenant();
    const { project } = await aProject(q);
    const to = await aFolder(q);
    const before = await storedUsage(q.kykId);
    await setContractQuota(q.kykId, before.committed + 10);
    const refused = await copy(q.token, [project], to.id);
    expect(refused.body).toMatchObject({ code: 990000090001, message: 'The server capacity has been exceeded.' });
    expect(await namesIn(q.token, to.id)).toEqual([]);
    expect(await storedUsage(q.kykId)).toEqual(before);
    // Within the quota it goes.
    await setContractQuota(q.kykId, before.committed + 1000);
    expect((await copy(q.token, [project], to.id)).body.code).toBe(0);
    expect(await namesIn(q.token, to.id)).toEqual([project.name]);
  });

  it('runs a large copy as a job the caller polls; the copy appears complete', async () => {
    const big = await aFolder(t, { name: `Big ${randomUUID().slice(0, 6)}` });
    const subs = await Promise.all(Array.from({ length: 55 }, (_, index) => aFolder(t, { parentId: big.id, name: `Sub ${String(index).padStart(2, '0')}` })));
    await uploadFile(t.token, subs[0]!.id, 'inside.txt', bytes('inside'));
    const to = await aFolder(t);
    const started = await copy(t.token, [big], to.id);
    expect(started.body.code, JSON.stringify(started.body)).toBe(0);
    expect(started.body.data!.job).toMatchObject({ state: 'running', items: [] });
    const job = await waitForDriveJob(t.token, started.body.data!.job.job_id);
    expect(job).toMatchObject({ state: 'done', done: 57, total: 57 });
    expect(await namesIn(t.token, to.id)).toEqual([big.name]);
    const copied = await treeOf(t.token, job.items[0]!.id);
    expect(copied).toHaveLength(55);
    expect(copied[0]).toEqual({ name: 'Sub 00', type: 'folder', children: [{ name: 'inside.txt', type: 'file', size: 6 }] });
  });

  it('ends failed and leaves nothing when the destination is trashed while the copy runs', async () => {
    const { project } = await aProject(t);
    const to = await aFolder(t);
    const job = { kyk_id: t.kykId, job_id: randomUUID(), kind: 'copy' as const, user_id: t.adminId, language: 'en' as const, state: 'running' as const, items: [project.id], folder_id: to.id, total: null, done: 0, bytes: 0, created_at: nowIso(), ended_at: null, stale_after: nowIso(), run_id: null };
    await insertDriveJob(job);
    const before = await storedUsage(t.kykId);
    // The destination goes to the trash as the first file is copied.
    const name = `trash-destination-${randomUUID()}`;
    let trashed = false;
    s3().middlewareStack.add((next, context) => async (args) => {
      if (context.commandName === 'CopyObjectCommand' && !trashed) {
        trashed = true;
        await trash(t.token, to);
      }
      return next(args);
    }, { step: 'initialize', name });
    try {
      await runDriveJob(t.kykId, job.job_id, driveJobWorks);
    } finally {
      s3().middlewareStack.remove(name);
    }
    expect(trashed).toBe(true);
    const ended = await waitForDriveJob(t.token, job.job_id);
    expect(ended).toMatchObject({ state: 'failed', error: { code: -3, message: 'The destination folder does not exist. It may have been moved or deleted.' } });
    // What it wrote is gone: the unpublished copy, its subtree, its bytes from the usage.
    expect(await getItem(t.kykId, copiedId(job.job_id, project.id))).toBeUndefined();
    expect((await storedUsage(t.kykId)).usage).toBe(before.usage);
  });

  it('locks the bytes of a copied bookkeeping document until its retention ends, as an upload is locked', async () => {
    const invoice = await aFile(t.token, 'root', `invoice-${randomUUID().slice(0, 6)}.pdf`, { document_style: 'e_trading', transaction_date: '2026-03-31', transaction_amount: 108_000, provider: '株式会社テスト' });
    const memo = await aFile(t.token, 'root', `memo-${randomUUID().slice(0, 6)}.pdf`);
    expect([invoice.retention_until, memo.retention_until]).toEqual(['2033-05-31', undefined]);
    const to = await aFolder(t);
    const job = { kyk_id: t.kykId, job_id: randomUUID(), kind: 'copy' as const, user_id: t.adminId, language: 'en' as const, state: 'running' as const, items: [invoice.id, memo.id], folder_id: to.id, total: null, done: 0, bytes: 0, created_at: nowIso(), ended_at: null, stale_after: nowIso(), run_id: null };
    await insertDriveJob(job);
    // s3rver has no Object Lock: its HeadObject answers no retention (as S3 for an object never
    // locked); with the settings of a governance environment, this test records the locks asked for
    // (tests/moto runs the same calls against moto's Object Lock).
    const locks: { Key?: string; Retention?: { Mode?: string; RetainUntilDate?: Date } }[] = [];
    const name = `object-lock-${randomUUID()}`;
    s3().middlewareStack.add((next, context) => async (args) => {
      if (context.commandName === 'PutObjectRetentionCommand') {
        locks.push(args.input as (typeof locks)[number]);
        return { output: { $metadata: {} }, response: {} };
      }
      return next(args);
    }, { step: 'initialize', name });
    process.env[functionEnv.objectLockMode] = 'GOVERNANCE';
    process.env[functionEnv.objectLockMaxRetentionDays] = '1';
    try {
      await runDriveJob(t.kykId, job.job_id, driveJobWorks);
    } finally {
      s3().middlewareStack.remove(name);
      delete process.env[functionEnv.objectLockMode];
      delete process.env[functionEnv.objectLockMaxRetentionDays];
    }
    expect((await waitForDriveJob(t.token, job.job_id)).state).toBe('done');
    const copied = (await getItem(t.kykId, copiedId(job.job_id, invoice.id)))!;
    expect(copied.retention_until).toBe('2033-05-31');
    // One lock, on the invoice's copy only, in the environment's mode (a governance lock is capped at a day).
    expect(locks.map((lock) => [lock.Key, lock.Retention?.Mode])).toEqual([[copied.s3_key, 'GOVERNANCE']]);
    expect(locks[0]!.Retention!.RetainUntilDate!.getTime()).toBeGreaterThan(Date.now());
  });

  describe('a worker that fails midway', () => {
    const name = `fail-copies-${randomUUID()}`;
    let copies = 0;
    beforeAll(() => {
      // An S3 fault s3rver cannot produce: after two server-side copies, CopyObject answers 503.
      s3().middlewareStack.add((next, context) => async (args) => {
        if (context.commandName === 'CopyObjectCommand' && ++copies > 2) throw Object.assign(new Error('Service Unavailable'), { name: 'ServiceUnavailable', $metadata: { httpStatusCode: 503 } });
        return next(args);
      }, { step: 'initialize', name });
    });
    afterAll(() => s3().middlewareStack.remove(name));

    it('is resumed when polled and completes without duplicates', async () => {
      const source = await aFolder(t, { name: `Resumed ${randomUUID().slice(0, 6)}` });
      const files = ['a.txt', 'b.txt', 'c.txt', 'd.txt', 'e.txt'];
      for (const file of files) await uploadFile(t.token, source.id, file, bytes(`bytes of ${file}`));
      const inner = await aFolder(t, { parentId: source.id, name: 'Inner' });
      await uploadFile(t.token, inner.id, 'f.txt', bytes('bytes of f.txt'));
      const to = await aFolder(t);
      const before = await storedUsage(t.kykId);
      const job = { kyk_id: t.kykId, job_id: randomUUID(), kind: 'copy' as const, user_id: t.adminId, language: 'en' as const, state: 'running' as const, items: [source.id], folder_id: to.id, total: null, done: 0, bytes: 0, created_at: nowIso(), ended_at: null, stale_after: nowIso(), run_id: null };
      await insertDriveJob(job);

      await expect(runDriveJob(t.kykId, job.job_id, driveJobWorks)).rejects.toThrow('Service Unavailable');
      const interrupted = (await getDriveJob(t.kykId, job.job_id))!;
      expect(interrupted.state).toBe('running');
      expect(interrupted.done).toBeGreaterThan(0);
      // Half written, nothing shown.
      expect(await namesIn(t.token, to.id)).toEqual([]);

      // The poll finds the lease let go and asks for a resume; the stack's worker finishes it.
      const ended = await waitForDriveJob(t.token, job.job_id);
      expect(ended).toMatchObject({ state: 'done', total: 8 });
      expect(await namesIn(t.token, to.id)).toEqual([source.name]);
      expect(await treeOf(t.token, ended.items[0]!.id)).toEqual(await treeOf(t.token, source.id));
      for (const item of (await call('com_drive/drive_info', { folder_id: ended.items[0]!.id }, t.token)).body.data!.items.filter((entry) => entry.type === 'file')) {
        expect(new TextDecoder().decode(await downloadBytes(t.token, item.id))).toBe(`bytes of ${item.name}`);
      }
      const total = [...files, 'f.txt'].reduce((sum, file) => sum + bytes(`bytes of ${file}`).length, 0);
      expect((await storedUsage(t.kykId)).usage - before.usage).toBe(total);
    });
  });

  it('answers per level and keeps tenants apart', async () => {
    const active = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 2 });
    const viewer = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 1 });
    const admins = await uploadFile(t.token, 'root', `admin-${randomUUID()}.txt`, bytes('a'));
    const to = await aFolder(t, { token: active.token });
    const viewOnly = await copy(viewer.token, [admins], to.id);
    expect(viewOnly.body.code).toBe(-101);
    // Copies only read: the active level copies what others registered, and the copy is its own.
    const byActive = await copy(active.token, [admins], to.id);
    expect(byActive.body.code).toBe(0);
    expect(byActive.body.data!.job.items[0]!.regist_user_id).toBe(active.userId);
    // A job is its starter's alone.
    expect((await call('com_drive/job_info', { job_id: byActive.body.data!.job.job_id }, viewer.token)).body.code).toBe(-3);

    const other = await newTenant();
    const theirs = await aFolder(other);
    expect((await copy(other.token, [admins], theirs.id)).body.code).toBe(-3);
    expect((await copy(t.token, [admins], theirs.id)).body.code).toBe(-3);
    expect((await call('com_drive/job_info', { job_id: byActive.body.data!.job.job_id }, other.token)).body.code).toBe(-3);
    expect(await namesIn(other.token, theirs.id)).toEqual([]);
    expect((await call('com_drive/job_info', { job_id: 'not-a-job' }, t.token)).body.code).toBe(-4);
  });
});
