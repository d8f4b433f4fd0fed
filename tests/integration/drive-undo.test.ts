import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DriveItem } from '#shared/schemas/drive.ts';
import { getItem } from '#data/drive-items.ts';
import { aFolder } from './support/factories.ts';
import { call } from './support/api.ts';
import { aFile, fresh, namesIn, seen, uploadFile } from './support/drive.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const EDITED = -201;

/** The row_version stored now (read past the API, so the answer is checked against the table). */
const stored = async (t: TestTenant, id: string) => (await getItem(t.kykId, id))!.row_version;

/**
 * Undo of a move, a trash or a rename (issue 28 item 7): the bulk answers carry each done entry's
 * new `row_version` beside `done`, so the SPA's undo is the reverse call over those versions.
 */
describe('undo through the row versions the answers carry', { timeout: 120_000 }, () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
  });

  it('move: the map holds the stored versions; the move back with them succeeds, a stale one gets -201', async () => {
    const from = await aFolder(t, { name: `From ${randomUUID().slice(0, 6)}` });
    const to = await aFolder(t, { name: `To ${randomUUID().slice(0, 6)}` });
    const sub = await aFolder(t, { parentId: from.id, name: 'Sub' });
    const file = await uploadFile(t.token, from.id, 'note.txt', bytes('note'));
    const moved = await call('com_drive/move_btn', { items: [seen(sub), seen(file)], folder_id: to.id }, t.token);
    expect(moved.body.code, JSON.stringify(moved.body)).toBe(0);
    const versions = moved.body.data!.row_versions;
    expect(versions).toEqual({ [sub.id]: await stored(t, sub.id), [file.id]: await stored(t, file.id) });
    expect(versions[file.id]).toBe(file.row_version + 1);

    // A stale version (the one seen before the move) is another user's change in between.
    const stale = await call('com_drive/move_btn', { items: [seen(file)], folder_id: from.id }, t.token);
    expect(stale.body.code).toBe(EDITED);
    expect(await namesIn(t.token, to.id)).toEqual(['Sub', 'note.txt']);

    const back = await call('com_drive/move_btn', { items: [sub, file].map((item) => ({ id: item.id, type: item.type, row_version: versions[item.id]! })), folder_id: from.id }, t.token);
    expect(back.body.code, JSON.stringify(back.body)).toBe(0);
    expect(back.body.data!.done).toEqual([sub.id, file.id]);
    expect(await namesIn(t.token, from.id)).toEqual(['Sub', 'note.txt']);
    expect(await namesIn(t.token, to.id)).toEqual([]);
    expect(back.body.data!.row_versions).toEqual({ [sub.id]: await stored(t, sub.id), [file.id]: await stored(t, file.id) });
  });

  it('trash: the map holds the stored versions; the restore with them succeeds, a stale one gets -201; refused entries are not in it', async () => {
    const folder = await aFolder(t);
    const file = await uploadFile(t.token, folder.id, 'draft.txt', bytes('draft'));
    const gone = { ...(await uploadFile(t.token, folder.id, 'gone.txt', bytes('gone'))) };
    const stale: DriveItem = { ...gone, row_version: gone.row_version + 5 };
    const trashed = await call('com_drive/delete_btn', { items: [seen(file), seen(stale)] }, t.token);
    expect(trashed.body.code, JSON.stringify(trashed.body)).toBe(0);
    expect(trashed.body.data!.failed.map((entry) => entry.id)).toEqual([gone.id]);
    expect(trashed.body.data!.row_versions).toEqual({ [file.id]: await stored(t, file.id) });

    const staleRestore = await call('com_drive/restore_btn', { items: [{ id: file.id, row_version: file.row_version }] }, t.token);
    expect(staleRestore.body.code).toBe(EDITED);
    const restored = await call('com_drive/restore_btn', { items: [{ id: file.id, row_version: trashed.body.data!.row_versions[file.id]! }] }, t.token);
    expect(restored.body.code, JSON.stringify(restored.body)).toBe(0);
    expect(await namesIn(t.token, folder.id)).toEqual(['draft.txt', 'gone.txt']);
    expect(restored.body.data!.row_versions).toEqual({ [file.id]: await stored(t, file.id) });
  });

  it('rename: the answer is the entry with its stored version, and renaming back with it succeeds', async () => {
    const file = await uploadFile(t.token, 'root', `report-${randomUUID().slice(0, 6)}.txt`, bytes('r'));
    const renamed = await call('com_drive/rename_btn', { id: file.id, name: `renamed-${file.name}`, row_version: file.row_version }, t.token);
    expect(renamed.body.code, JSON.stringify(renamed.body)).toBe(0);
    expect(renamed.body.data!.item.row_version).toBe(await stored(t, file.id));
    expect((await call('com_drive/rename_btn', { id: file.id, name: file.name, row_version: file.row_version }, t.token)).body.code).toBe(EDITED);
    const back = await call('com_drive/rename_btn', { id: file.id, name: file.name, row_version: renamed.body.data!.item.row_version }, t.token);
    expect(back.body.code, JSON.stringify(back.body)).toBe(0);
    expect((await fresh(t.token, file.id)).name).toBe(file.name);
  });

  it("undoing the trash of a bookkeeping document is a restore, recorded in its history (each legal style)", async () => {
    for (const style of ['e_document', 'e_bookkeeping', 'e_trading', 'scanner'] as const) {
      const document = await aFile(t.token, 'root', `${randomUUID().slice(0, 8)}-invoice.pdf`, { document_style: style, transaction_date: '2026-03-31', transaction_amount: 1000, provider: 'Acme' });
      const trashed = await call('com_drive/delete_btn', { items: [seen(document)], reason: 'wrong folder' }, t.token);
      expect(trashed.body.code, JSON.stringify(trashed.body)).toBe(0);
      const undo = await call('com_drive/restore_btn', { items: [{ id: document.id, row_version: trashed.body.data!.row_versions[document.id]! }] }, t.token);
      expect(undo.body.code, `${style} ${JSON.stringify(undo.body)}`).toBe(0);
      const history = await call('com_drive/document_history', { id: document.id }, t.token);
      expect(history.body.data!.records.map((record) => record.kind).slice(0, 2), style).toEqual(['restore', 'deletion']);
      expect(history.body.data!.records[0], style).toMatchObject({ user_id: t.adminId, after: { version: document.version } });
    }
  });
});
