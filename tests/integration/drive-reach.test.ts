import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DriveItem, PermissionSaveRequest } from '#shared/schemas/drive.ts';
import { MAX_FOLDER_DEPTH } from '#data/drive-items.ts';
import { aFolder, aUser, type SignedInUser } from './support/factories.ts';
import { call } from './support/api.ts';
import { aFile, fresh, namesIn, seen, trash, uploadFile } from './support/drive.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';
import { waitForDriveJob } from './support/drive-jobs.ts';

/**
 * Issue 26, findings 1-4 and 9: the one reach rule on the paths that used to compute it on their
 * own (an operation through a parent folder, the trash once the original place is gone, a
 * document's history, the search's counts, depth through a move).
 */
const HOLDS_RESTRICTED = 'This folder holds items you may not change, so it cannot be moved, deleted or restored as a whole.';
const bytes = (text: string) => new TextEncoder().encode(text);
const side = (users: string[] = [], groups: string[] = []) => ({ users, groups });
/** An answer as a user reads it: every field but the request's own id. */
const seenAs = (body: { info?: unknown }) => ({ ...body, info: { ...(body.info as object), request_id: undefined } });

describe('the reach rule through parents, the trash and the history', { timeout: 120_000 }, () => {
  let t: TestTenant;
  let updater: SignedInUser;
  let other: SignedInUser;

  beforeAll(async () => {
    t = await newTenant();
    [updater, other] = await Promise.all([
      aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 3 }),
      aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 3 }),
    ]);
  });

  const closeTo = async (folder: DriveItem, settings: Omit<PermissionSaveRequest, 'id' | 'row_version'>) => {
    const current = await fresh(t.token, folder.id);
    const saved = await call('com_drive/permission_save_btn', { id: folder.id, row_version: current.row_version, ...settings }, t.token);
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
  };
  /** A parent the updater may change, holding a subfolder the updater is denied (or only views), with a file in it. */
  const parentWithClosedChild = async (how: 'deny' | 'view' | 'allow-other') => {
    const run = randomUUID().slice(0, 6);
    const parent = await aFolder(t, { name: `Parent ${run}` });
    const child = await aFolder(t, { parentId: parent.id, name: 'Payroll' });
    const file = await uploadFile(t.token, child.id, 'salaries.txt', bytes('salaries'));
    if (how === 'deny') await closeTo(child, { policy: 'deny', view: side([updater.userId]), update: side() });
    if (how === 'view') await closeTo(child, { policy: 'deny', view: side(), update: side([updater.userId]) });
    if (how === 'allow-other') await closeTo(child, { policy: 'allow', view: side(), update: side([other.userId]) });
    return { parent: await fresh(t.token, parent.id), child, file };
  };

  describe('finding 1: a folder holding one closed to the caller is refused whole', () => {
    for (const how of ['deny', 'view', 'allow-other'] as const) {
      it(`trash, move, then (as administrator trashed) restore and delete for good: ${how}`, async () => {
        const { parent, child, file } = await parentWithClosedChild(how);
        const target = await aFolder(t, { name: `Target ${randomUUID().slice(0, 6)}` });

        const trashed = await call('com_drive/delete_btn', { items: [seen(parent)] }, updater.token);
        expect(trashed.body).toMatchObject({ code: -101, message: HOLDS_RESTRICTED });
        const moved = await call('com_drive/move_btn', { folder_id: target.id, items: [seen(parent)] }, updater.token);
        expect(moved.body).toMatchObject({ code: -101, message: HOLDS_RESTRICTED });
        // Nothing changed: the parent is where it was, the hidden folder and its file are still there.
        expect(await namesIn(t.token)).toContain(parent.name);
        expect(await namesIn(t.token, parent.id)).toEqual(['Payroll']);
        expect((await fresh(t.token, file.id)).id).toBe(file.id);
        expect((await fresh(t.token, parent.id)).row_version).toBe(parent.row_version);

        // In the trash (the administrator put it there): the updater can neither restore nor purge it.
        await trash(t.token, parent);
        expect((await call('com_drive/file_info', { id: parent.id }, t.token)).body.code).toBe(-3);
        const listed = await call('com_drive/recycle_list', { page_size: 100 }, updater.token);
        const entry = listed.body.data!.items.find((item) => item.id === parent.id)!;
        expect(entry).toBeDefined();
        const restored = await call('com_drive/restore_btn', { items: [{ id: entry.id, row_version: entry.row_version }] }, updater.token);
        expect(restored.body).toMatchObject({ code: -101, message: HOLDS_RESTRICTED });
        const purged = await call('com_drive/force_delete_btn', { items: [{ id: entry.id, row_version: entry.row_version }] }, updater.token);
        expect(purged.body).toMatchObject({ code: -101, message: HOLDS_RESTRICTED });
        // The administrator is not narrowed by folder settings.
        const back = await call('com_drive/restore_btn', { items: [{ id: entry.id, row_version: entry.row_version }] }, t.token);
        expect(back.body.code, JSON.stringify(back.body)).toBe(0);
        expect(await namesIn(t.token, parent.id)).toEqual([child.name]);
      });
    }

    it('the same refusal whether the closed folder is visible (view only) or hidden, and none once its settings are removed', async () => {
      const { parent, child } = await parentWithClosedChild('deny');
      const hidden = await call('com_drive/delete_btn', { items: [seen(parent)] }, updater.token);
      await closeTo(child, { policy: 'deny', view: side(), update: side([updater.userId]) });
      const visible = await call('com_drive/delete_btn', { items: [seen(parent)] }, updater.token);
      expect(seenAs(visible.body)).toEqual(seenAs(hidden.body));
      // Settings removed (inherit): nothing below is closed any more, and the same call goes through.
      await call('com_drive/permission_save_btn', { id: child.id, row_version: (await fresh(t.token, child.id)).row_version, inherit: 1, policy: 'allow', view: side(), update: side() }, t.token);
      const done = await call('com_drive/delete_btn', { items: [seen(parent)] }, updater.token);
      expect(done.body.code, JSON.stringify(done.body)).toBe(0);
    });

    it('a closed folder two levels down', async () => {
      const run = randomUUID().slice(0, 6);
      const top = await aFolder(t, { name: `Top ${run}` });
      const middle = await aFolder(t, { parentId: top.id, name: 'Middle' });
      const deep = await aFolder(t, { parentId: middle.id, name: 'Board' });
      await uploadFile(t.token, middle.id, 'open.txt', bytes('open'));
      await closeTo(deep, { policy: 'deny', view: side([updater.userId]), update: side() });
      const trashed = await call('com_drive/delete_btn', { items: [seen(await fresh(t.token, top.id))] }, updater.token);
      expect(trashed.body).toMatchObject({ code: -101, message: HOLDS_RESTRICTED });
      // The file beside it is untouched too.
      expect(await namesIn(t.token, middle.id)).toEqual(['Board', 'open.txt']);
    });
  });

  describe('finding 3: the trash keeps the settings of the place an entry came from', () => {
    it('files trashed, then their folder deleted for good: a denied user still cannot see, restore, download or delete them', async () => {
      const run = randomUUID().slice(0, 6);
      const closed = await aFolder(t, { name: `Minutes ${run}` });
      const minutes = await uploadFile(t.token, closed.id, 'minutes.txt', bytes('board minutes'));
      await closeTo(closed, { policy: 'deny', view: side([updater.userId]), update: side() });
      await trash(t.token, minutes);
      await trash(t.token, await fresh(t.token, closed.id));
      const folderEntry = (await call('com_drive/recycle_list', { page_size: 100 }, t.token)).body.data!.items.find((item) => item.id === closed.id)!;
      const gone = await call('com_drive/force_delete_btn', { items: [{ id: closed.id, row_version: folderEntry.row_version }] }, t.token);
      expect(gone.body.code, JSON.stringify(gone.body)).toBe(0);

      const theirs = await call('com_drive/recycle_list', { page_size: 100 }, updater.token);
      expect(theirs.body.data!.items.map((item) => item.id)).not.toContain(minutes.id);
      const mine = await call('com_drive/recycle_list', { page_size: 100 }, t.token);
      const entry = mine.body.data!.items.find((item) => item.id === minutes.id)!;
      expect(entry).toMatchObject({ original_place: 'missing' });
      const ref = [{ id: minutes.id, row_version: entry.row_version }];
      const unknown = [{ id: randomUUID(), row_version: entry.row_version }];
      const restore = await call('com_drive/restore_btn', { items: ref, folder_id: 'root' }, updater.token);
      expect(seenAs(restore.body)).toEqual(seenAs((await call('com_drive/restore_btn', { items: unknown, folder_id: 'root' }, updater.token)).body));
      const purge = await call('com_drive/force_delete_btn', { items: ref }, updater.token);
      expect(seenAs(purge.body)).toEqual(seenAs((await call('com_drive/force_delete_btn', { items: unknown }, updater.token)).body));
      // Another level-3 user, not named by the settings, still reaches it by the recorded settings.
      expect((await call('com_drive/recycle_list', { page_size: 100 }, other.token)).body.data!.items.map((item) => item.id)).toContain(minutes.id);
      // Still in the trash for the administrator, untouched.
      expect((await call('com_drive/recycle_list', { page_size: 100 }, t.token)).body.data!.items.find((item) => item.id === minutes.id)).toMatchObject({ row_version: entry.row_version });
    });

    it('a document its folder\'s purge keeps in the trash is governed by that folder\'s settings', async () => {
      const run = randomUUID().slice(0, 6);
      const closed = await aFolder(t, { name: `Ledger ${run}` });
      const inner = await aFolder(t, { parentId: closed.id, name: 'FY2026' });
      const document = await aFile(t.token, inner.id, 'invoice.pdf', { document_style: 'e_trading', transaction_date: '2026-03-31', transaction_amount: 1000, provider: '株式会社テスト' });
      await closeTo(closed, { policy: 'deny', view: side([updater.userId]), update: side() });
      // Finding 6: the folder deletes the document with it, so it asks for the reason, saying how many.
      const without = await call('com_drive/delete_btn', { items: [seen(await fresh(t.token, closed.id))] }, t.token);
      expect(without.body).toMatchObject({ code: -4, info: { fields: { reason: 'Enter the reason: this folder holds bookkeeping documents (1), and their deletion is recorded with it.' } } });
      expect(await namesIn(t.token)).toContain(closed.name);
      const trashed = await call('com_drive/delete_btn', { items: [seen(await fresh(t.token, closed.id))], reason: '決算書類の整理' }, t.token);
      expect(trashed.body.code, JSON.stringify(trashed.body)).toBe(0);
      const entry = (await call('com_drive/recycle_list', { page_size: 100 }, t.token)).body.data!.items.find((item) => item.id === closed.id)!;
      expect((await call('com_drive/force_delete_btn', { items: [{ id: closed.id, row_version: entry.row_version }] }, t.token)).body.code).toBe(0);
      const kept = (await call('com_drive/recycle_list', { page_size: 100 }, t.token)).body.data!.items.find((item) => item.id === document.id);
      expect(kept).toMatchObject({ original_place: 'missing' });
      expect((await call('com_drive/recycle_list', { page_size: 100 }, updater.token)).body.data!.items.map((item) => item.id)).not.toContain(document.id);
      expect((await call('com_drive/recycle_list', { page_size: 100 }, other.token)).body.data!.items.map((item) => item.id)).toContain(document.id);
      // Its deletion is recorded with the person who deleted the folder for good, and the folder's reason.
      const history = await call('com_drive/document_history', { id: document.id }, t.token);
      expect(history.body.data!.records.at(0)).toMatchObject({ kind: 'deletion', user_id: 'admin', reason: '決算書類の整理' });
    });
  });

  describe('finding 6: a folder that holds documents deletes and restores each, recorded', () => {
    const kindsOf = async (id: string) => ((await call('com_drive/document_history', { id }, t.token)).body.data?.records ?? []).map((record) => `${record.kind}:${record.user_id}:${record.reason ?? ''}`);
    const eventually = async (id: string, wanted: string) => {
      for (let attempt = 0; attempt < 100 && !(await kindsOf(id)).includes(wanted); attempt++) await new Promise((resolve) => setTimeout(resolve, 150));
      return kindsOf(id);
    };

    it('each document below gets a deletion record with the person and the reason, and a restoration record when the folder comes back', async () => {
      const run = randomUUID().slice(0, 6);
      const folder = await aFolder(t, { name: `Receipts ${run}` });
      const inner = await aFolder(t, { parentId: folder.id, name: 'March' });
      const fields = { document_style: 'e_trading', transaction_date: '2026-03-31', transaction_amount: 2000, provider: '株式会社テスト' } as const;
      const [first, second] = [await aFile(t.token, folder.id, 'r1.pdf', fields), await aFile(t.token, inner.id, 'r2.pdf', fields)];
      const without = await call('com_drive/delete_btn', { items: [seen(await fresh(updater.token, folder.id))] }, updater.token);
      expect(without.body).toMatchObject({ code: -4, info: { fields: { reason: 'Enter the reason: this folder holds bookkeeping documents (2), and their deletion is recorded with it.' } } });
      const trashed = await call('com_drive/delete_btn', { items: [seen(await fresh(updater.token, folder.id))], reason: '旧年度の整理' }, updater.token);
      expect(trashed.body.code, JSON.stringify(trashed.body)).toBe(0);
      expect(await eventually(first!.id, `deletion:${updater.userId}:旧年度の整理`)).toContain(`deletion:${updater.userId}:旧年度の整理`);
      expect(await eventually(second!.id, `deletion:${updater.userId}:旧年度の整理`)).toContain(`deletion:${updater.userId}:旧年度の整理`);
      const entry = (await call('com_drive/recycle_list', { page_size: 100 }, t.token)).body.data!.items.find((item) => item.id === folder.id)!;
      const restored = await call('com_drive/restore_btn', { items: [{ id: folder.id, row_version: entry.row_version }] }, updater.token);
      expect(restored.body.code, JSON.stringify(restored.body)).toBe(0);
      expect(await eventually(second!.id, `restore:${updater.userId}:`)).toEqual([`restore:${updater.userId}:`, `deletion:${updater.userId}:旧年度の整理`]);
    });
  });

  describe('finding 11: a finished ZIP only while its starter still reaches what it holds', () => {
    it('asks for the ZIP to be made again once folder settings changed', async () => {
      const run = randomUUID().slice(0, 6);
      const folder = await aFolder(t, { name: `Zip ${run}` });
      await uploadFile(t.token, folder.id, 'a.txt', bytes('a'));
      const started = await call('com_drive/zip_download_btn', { items: [seen(await fresh(updater.token, folder.id))] }, updater.token);
      expect(started.body.code, JSON.stringify(started.body)).toBe(0);
      const done = await waitForDriveJob(updater.token, started.body.data!.job.job_id);
      expect(done.download).not.toBeNull();
      await closeTo(folder, { policy: 'deny', view: side([updater.userId]), update: side() });
      const after = (await call('com_drive/job_info', { job_id: done.job_id }, updater.token)).body.data!.job;
      expect(after).toMatchObject({ state: 'done', download: null, error: { code: -101, message: 'Folder permissions have changed since this ZIP was made. Make it again.' } });
    });
  });

  describe('finding 2: a document\'s history only for those who reach it', () => {
    it('-3 for a level-3 user denied its folder, live and in the trash, as for an unknown id', async () => {
      const run = randomUUID().slice(0, 6);
      const closed = await aFolder(t, { name: `Contracts ${run}` });
      const document = await aFile(t.token, closed.id, 'contract.pdf', { document_style: 'e_trading', transaction_date: '2026-03-31', transaction_amount: 5000, provider: '株式会社テスト' });
      await closeTo(closed, { policy: 'deny', view: side([updater.userId]), update: side() });
      const unknown = await call('com_drive/document_history', { id: randomUUID() }, updater.token);
      expect(unknown.body.code).toBe(-3);
      expect(seenAs((await call('com_drive/document_history', { id: document.id }, updater.token)).body)).toEqual(seenAs(unknown.body));
      expect((await call('com_drive/document_history', { id: document.id }, other.token)).body.code).toBe(0);
      await call('com_drive/delete_btn', { items: [seen(document)], reason: '重複登録' }, t.token);
      expect(seenAs((await call('com_drive/document_history', { id: document.id }, updater.token)).body)).toEqual(seenAs(unknown.body));
      const seenByOther = await call('com_drive/document_history', { id: document.id }, other.token);
      expect(seenByOther.body.data!.records.map((record) => record.kind)).toContain('deletion');
    });
  });

  describe('finding 4: the search tells others no count of what it read', () => {
    it('read_count only for administrators', async () => {
      const answer = await call('com_drive/search', { name: 'salaries' }, updater.token);
      expect(answer.body.code).toBe(0);
      expect(answer.body.data).not.toHaveProperty('read_count');
      expect((await call('com_drive/search', { name: 'salaries' }, t.token)).body.data!.read_count).toBeGreaterThan(0);
    });
  });

  describe('finding 9: depth through a move', () => {
    it('refuses a move whose result would nest past the bound, and takes one that fits', async () => {
      let deepest = await aFolder(t, { name: `Deep ${randomUUID().slice(0, 6)}` });
      for (let depth = 2; depth <= MAX_FOLDER_DEPTH - 2; depth++) deepest = await aFolder(t, { parentId: deepest.id, name: `d${depth}` });
      // A folder two levels high: under the deepest (depth 48) it would reach 51.
      const tall = await aFolder(t, { name: `Tall ${randomUUID().slice(0, 6)}` });
      const tallChild = await aFolder(t, { parentId: tall.id, name: 'child' });
      await aFolder(t, { parentId: tallChild.id, name: 'grandchild' });
      const refused = await call('com_drive/move_btn', { folder_id: deepest.id, items: [seen(await fresh(t.token, tall.id))] }, t.token);
      expect(refused.body).toMatchObject({ code: -202, message: `Folders can be nested at most ${MAX_FOLDER_DEPTH} levels deep.` });
      expect(await namesIn(t.token, deepest.id)).toEqual([]);
      const fits = await call('com_drive/move_btn', { folder_id: deepest.id, items: [seen(await fresh(t.token, tallChild.id))] }, t.token);
      expect(fits.body.code, JSON.stringify(fits.body)).toBe(0);
    });
  });
});
