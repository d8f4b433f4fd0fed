import { randomUUID } from 'node:crypto';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DriveItem } from '#shared/schemas/drive.ts';
import { getContract } from '#data/contracts.ts';
import { getItem } from '#data/drive-items.ts';
import { purgeMarkers, purgeShards } from '#data/drive-trash.ts';
import { runPurges } from '#domain/drive/purge.ts';
import { s3 } from '#lib/clients.ts';
import { config } from '#lib/config.ts';
import { logger } from '#lib/logger.ts';
import { objectKey } from '#lib/object-storage.ts';
import { aFolder, aUser } from './support/factories.ts';
import { call } from './support/api.ts';
import { fresh, namesIn, seen, trash, uploadFile } from './support/drive.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

const DUPLICATE = -990000090007;
const bytes = (text: string) => new TextEncoder().encode(text);

const trashOf = async (token: string) => {
  const page = await call('com_drive/recycle_list', { page_size: 1000 }, token);
  expect(page.body.code, JSON.stringify(page.body)).toBe(0);
  return page.body.data!;
};
const trashed = async (token: string, id: string) => (await trashOf(token)).items.find((item) => item.id === id)!;
const objectExists = (key: string) => s3().send(new GetObjectCommand({ Bucket: config.bucketName, Key: key })).then(() => true, () => false);

describe('rename', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
  });

  it('renames a file and a folder over the version seen: listing, download name and a case-only change', async () => {
    const folder = await aFolder(t, { name: 'Drafts' });
    const file = await uploadFile(t.token, folder.id, 'report.txt', bytes('hello'));
    const renamed = await call('com_drive/rename_btn', { id: file.id, name: '報告書 2026.txt', row_version: file.row_version }, t.token);
    expect(renamed.body.code, JSON.stringify(renamed.body)).toBe(0);
    expect(renamed.body.data!.item).toMatchObject({ id: file.id, name: '報告書 2026.txt', row_version: file.row_version + 1, version: file.version });
    expect(await namesIn(t.token, folder.id)).toEqual(['報告書 2026.txt']);
    const download = await call('com_drive/download', { id: file.id }, t.token);
    expect(download.body.data!.file_name).toBe('報告書 2026.txt');

    const caseOnly = await call('com_drive/rename_btn', { id: folder.id, name: 'DRAFTS', row_version: folder.row_version }, t.token);
    expect(caseOnly.body.code).toBe(0);
    expect(await namesIn(t.token)).toContain('DRAFTS');
    // The old name is free again after a real rename.
    const again = await call('com_drive/rename_btn', { id: file.id, name: 'final.txt', row_version: file.row_version + 1 }, t.token);
    expect(again.body.code).toBe(0);
    await uploadFile(t.token, folder.id, '報告書 2026.txt', bytes('new'));
  });

  it('refuses a name held in the folder (-990000090007), a stale version (-201) and bad names (-4), and changes nothing', async () => {
    const a = await aFolder(t, { name: `A ${randomUUID().slice(0, 6)}` });
    const b = await aFolder(t, { name: `B ${randomUUID().slice(0, 6)}` });
    const taken = await call('com_drive/rename_btn', { id: b.id, name: a.name.toUpperCase(), row_version: b.row_version }, t.token);
    expect(taken.body).toMatchObject({ code: DUPLICATE, message: 'An item with the same name already exists. Please rename it.' });
    expect(taken.body.info?.fields).toEqual({ name: 'An item with the same name already exists. Please rename it.' });

    const stale = await call('com_drive/rename_btn', { id: b.id, name: 'Stale', row_version: b.row_version + 5 }, t.token);
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe(-201);

    for (const name of ['   ', '\u3000', 'x'.repeat(222), 'a/b', 'CON', 'trailing.']) {
      const bad = await call('com_drive/rename_btn', { id: b.id, name, row_version: b.row_version }, t.token);
      expect(bad.body.code, name).toBe(-4);
      expect(Object.keys(bad.body.info!.fields!), name).toEqual(['name']);
    }
    expect(await fresh(t.token, b.id)).toMatchObject({ name: b.name, row_version: b.row_version });
  });

  it('lets one of two simultaneous renames of the same entry win; the other answers -201', async () => {
    const folder = await aFolder(t);
    const results = await Promise.all(['One', 'Two'].map((name) => call('com_drive/rename_btn', { id: folder.id, name: `${name} ${folder.id.slice(0, 4)}`, row_version: folder.row_version }, t.token)));
    expect(results.map((result) => result.body.code).sort()).toEqual([-201, 0]);
    const winner = results.find((result) => result.body.code === 0)!.body.data!.item.name;
    expect((await namesIn(t.token)).filter((name) => name.endsWith(folder.id.slice(0, 4)))).toEqual([winner]);
  });

  it('lets the active level rename only what the user registered', async () => {
    const active = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 2 });
    const theirs = await aFolder(t, { token: active.token });
    const admins = await aFolder(t);
    expect((await call('com_drive/rename_btn', { id: theirs.id, name: `Mine ${theirs.id.slice(0, 6)}`, row_version: theirs.row_version }, active.token)).body.code).toBe(0);
    const refused = await call('com_drive/rename_btn', { id: admins.id, name: 'Not mine', row_version: admins.row_version }, active.token);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(-101);
    const viewer = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 1 });
    expect((await call('com_drive/rename_btn', { id: admins.id, name: 'Viewer', row_version: admins.row_version }, viewer.token)).body.code).toBe(-101);
    expect((await fresh(t.token, admins.id)).name).toBe(admins.name);
  });
});

describe('trash', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
  });

  it('takes entries out of their folder, frees their names, and lists them newest first with where they were', async () => {
    const folder = await aFolder(t, { name: 'Invoices' });
    const inner = await aFolder(t, { parentId: folder.id, name: 'March' });
    const file = await uploadFile(t.token, inner.id, 'invoice.pdf', bytes('pdf'));
    const done = await trash(t.token, file);
    expect(done).toEqual({ done: [file.id], row_versions: { [file.id]: file.row_version + 1 }, failed: [] });
    expect(await namesIn(t.token, inner.id)).toEqual([]);
    // The name is free: the same name uploads again.
    await uploadFile(t.token, inner.id, 'invoice.pdf', bytes('pdf2'));
    await trash(t.token, await fresh(t.token, inner.id));

    const list = await trashOf(t.token);
    expect(list.scope).toBe('contract');
    expect(list.items.map((item) => item.id).slice(0, 2)).toEqual([inner.id, file.id]);
    expect(list.items[1]).toMatchObject({ name: 'invoice.pdf', trashed_user_id: 'admin', original_place: 'trashed', original_path: [{ id: folder.id, name: 'Invoices' }, { id: inner.id, name: 'March' }] });
    expect(list.items[0]).toMatchObject({ name: 'March', original_place: 'present', original_path: [{ id: folder.id, name: 'Invoices' }] });
  });

  it('never opens a trashed folder nor anything inside it', async () => {
    const outer = await aFolder(t);
    const inner = await aFolder(t, { parentId: outer.id });
    const file = await uploadFile(t.token, inner.id, 'inside.txt', bytes('x'));
    await trash(t.token, outer);
    for (const [path, body] of [
      ['com_drive/drive_info', { folder_id: outer.id }],
      ['com_drive/drive_info', { folder_id: inner.id }],
      ['com_drive/file_info', { id: file.id }],
      ['com_drive/download', { id: file.id }],
      ['com_drive/folder_reg_btn', { parent_id: inner.id, name: 'new' }],
      ['com_drive/file_reg_btn', { folder_id: inner.id, name: 'new.txt', size: 1 }],
      ['com_drive/rename_btn', { id: file.id, name: 'renamed.txt', row_version: file.row_version }],
    ] as const) {
      const result = await call(path, body as never, t.token);
      expect(result.body.code, path).toBe(-3);
    }
  });

  it('answers each entry of a bulk delete: done, gone (990000090004/5) or changed (-201); all refused is the call\'s code', async () => {
    const kept = await aFolder(t);
    const gone = await aFolder(t);
    const file = await uploadFile(t.token, 'root', `f-${randomUUID()}.txt`, bytes('x'));
    await trash(t.token, gone);
    const mixed = await call('com_drive/delete_btn', { items: [seen(kept), seen(gone), { ...seen(file), row_version: file.row_version + 1 }] }, t.token);
    expect(mixed.body.code).toBe(0);
    expect(mixed.body.data).toEqual({
      done: [kept.id],
      row_versions: { [kept.id]: kept.row_version + 1 },
      failed: [
        { id: gone.id, code: 990000090004, message: 'The folder to delete does not exist.' },
        { id: file.id, code: -201, message: 'This item was edited by another user. Please reload and try again.' },
      ],
    });
    const missingFile = await call('com_drive/delete_btn', { items: [{ id: randomUUID(), type: 'file', row_version: 1 }] }, t.token);
    expect(missingFile.body).toMatchObject({ code: 990000090005, msg_level: 'ERROR', message: 'The file to delete does not exist.' });
    expect((await call('com_drive/delete_btn', { items: [] }, t.token)).body.code).toBe(-4);
    expect((await call('com_drive/delete_btn', { items: Array.from({ length: 101 }, () => seen(kept)) }, t.token)).body.code).toBe(-4);
  });

  it('lets the active level trash what it registered (a folder only while empty) and see only its own deletions', async () => {
    const active = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 2 });
    const empty = await aFolder(t, { token: active.token });
    const full = await aFolder(t, { token: active.token });
    await aFolder(t, { parentId: full.id });
    const admins = await aFolder(t);
    const result = await call('com_drive/delete_btn', { items: [seen(empty), seen(full), seen(admins)] }, active.token);
    expect(result.body.data!.done).toEqual([empty.id]);
    expect(result.body.data!.failed.map((entry) => [entry.id, entry.code])).toEqual([[full.id, -101], [admins.id, -101]]);
    await trash(t.token, admins);
    const own = await trashOf(active.token);
    expect(own.scope).toBe('own');
    expect(own.items.map((item) => item.id)).toEqual([empty.id]);
    const viewer = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 1 });
    expect((await call('com_drive/delete_btn', { items: [seen(full)] }, viewer.token)).body.code).toBe(-101);
  });
});

describe('restore', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
  });

  it('puts an entry back where it was, with its name, versions and contents', async () => {
    const folder = await aFolder(t);
    const file = await uploadFile(t.token, folder.id, 'back.txt', bytes('back'));
    await trash(t.token, folder);
    const entry = await trashed(t.token, folder.id);
    const restored = await call('com_drive/restore_btn', { items: [{ id: folder.id, row_version: entry.row_version }] }, t.token);
    expect(restored.body.data).toEqual({ done: [folder.id], row_versions: { [folder.id]: entry.row_version + 1 }, failed: [] });
    expect(await namesIn(t.token, folder.id)).toEqual(['back.txt']);
    expect((await call('com_drive/download', { id: file.id }, t.token)).body.code).toBe(0);
    expect((await trashOf(t.token)).items.map((item) => item.id)).not.toContain(folder.id);
  });

  it('answers the restore codes: name taken where it was, place in the trash or gone, new location taken or gone', async () => {
    const place = await aFolder(t);
    const file = await uploadFile(t.token, place.id, 'same.txt', bytes('1'));
    const folder = await aFolder(t, { parentId: place.id, name: 'Same' });
    await uploadFile(t.token, folder.id, 'inside.txt', bytes('i'));
    await trash(t.token, file, await fresh(t.token, folder.id));
    await uploadFile(t.token, place.id, 'same.txt', bytes('2'));
    await aFolder(t, { parentId: place.id, name: 'same' });
    const restore = async (entry: DriveItem, folderId?: string) => {
      const current = await trashed(t.token, entry.id);
      return (await call('com_drive/restore_btn', { items: [{ id: entry.id, row_version: current.row_version }], ...(folderId ? { folder_id: folderId } : {}) }, t.token)).body;
    };
    expect(await restore(file)).toMatchObject({ code: -990000310002, message: 'A file with the same name already exists in the original location.' });
    expect(await restore(folder)).toMatchObject({ code: -990000310001, message: 'A folder with the same name already exists in the original location.' });

    // A new location: the name taken there, a place that is gone, a folder elsewhere (a move), then a place that fits.
    const other = await aFolder(t);
    await uploadFile(t.token, other.id, 'same.txt', bytes('3'));
    expect((await restore(file, other.id)).code).toBe(-990000310005);
    expect((await restore(file, randomUUID())).code).toBe(-990000310006);
    const free = await aFolder(t);
    expect((await restore(file, free.id)).code).toBe(0);
    expect(await namesIn(t.token, free.id)).toEqual(['same.txt']);
    // A folder goes to a new location with everything inside it.
    expect((await restore(folder, free.id)).code).toBe(0);
    expect(await namesIn(t.token, free.id)).toEqual(['Same', 'same.txt']);
    expect(await namesIn(t.token, folder.id)).toEqual(['inside.txt']);

    // The original place in the trash, then gone for good.
    const lost = await aFolder(t);
    const orphan = await uploadFile(t.token, lost.id, 'orphan.txt', bytes('o'));
    await trash(t.token, orphan);
    await trash(t.token, await fresh(t.token, lost.id));
    expect(await restore(orphan)).toMatchObject({ code: -990000310004, message: 'The original location is in the trash. Restore it first, or choose a new location.' });
    const lostEntry = await trashed(t.token, lost.id);
    expect((await call('com_drive/force_delete_btn', { items: [{ id: lost.id, row_version: lostEntry.row_version }] }, t.token)).body.code).toBe(0);
    expect((await trashOf(t.token)).items.find((item) => item.id === orphan.id)?.original_place).toBe('missing');
    expect(await restore(orphan)).toMatchObject({ code: -990000310003, message: 'The original location no longer exists. Choose a new location.' });
    expect((await restore(orphan, 'root')).code).toBe(0);
  });
});

describe('delete for good and empty the trash', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
  });

  it('removes a file\'s bytes and gives its usage back; a folder\'s whole subtree goes', async () => {
    const before = (await getContract(t.kykId))!.usage_bytes;
    const folder = await aFolder(t);
    const inner = await aFolder(t, { parentId: folder.id });
    const deep = await uploadFile(t.token, inner.id, 'deep.bin', bytes('0123456789'));
    const file = await uploadFile(t.token, 'root', `top-${randomUUID()}.bin`, bytes('abcde'));
    expect((await getContract(t.kykId))!.usage_bytes).toBe(before + 15);
    await trash(t.token, folder, file);
    // Trashed entries still hold their bytes.
    expect((await getContract(t.kykId))!.usage_bytes).toBe(before + 15);

    const entries = (await trashOf(t.token)).items;
    const result = await call('com_drive/force_delete_btn', { items: [folder, file].map((item) => ({ id: item.id, row_version: entries.find((entry) => entry.id === item.id)!.row_version })) }, t.token);
    // Gone for good: no version to undo with.
    expect(result.body.data).toEqual({ done: [folder.id, file.id], row_versions: {}, failed: [] });
    expect((await getContract(t.kykId))!.usage_bytes).toBe(before);
    for (const id of [folder.id, inner.id, deep.id, file.id]) expect(await getItem(t.kykId, id), id).toBeUndefined();
    expect(await objectExists(objectKey(t.kykId, deep.id, 1))).toBe(false);
    expect(await objectExists(objectKey(t.kykId, file.id, 1))).toBe(false);
    expect((await trashOf(t.token)).items).toEqual([]);
  });

  it('needs drive level 3 to delete for good and an administrator to empty the trash', async () => {
    const active = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 2 });
    const own = await aFolder(t, { token: active.token });
    await trash(active.token, own);
    const entry = (await trashOf(active.token)).items[0]!;
    expect((await call('com_drive/force_delete_btn', { items: [{ id: own.id, row_version: entry.row_version }] }, active.token)).body.code).toBe(-101);
    const updater = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 3 });
    expect((await call('com_drive/trash_empty_btn', {}, updater.token)).body.code).toBe(-101);
    expect((await trashOf(updater.token)).items.map((item) => item.id)).toContain(own.id);

    const emptied = await call('com_drive/trash_empty_btn', {}, t.token);
    expect(emptied.body.data).toEqual({ finished: true });
    expect((await trashOf(t.token)).items).toEqual([]);
    expect(await getItem(t.kykId, own.id)).toBeUndefined();
  });

  it('finishes a purge the call could not in time from the scheduled run, and a crash only delays it', async () => {
    const folder = await aFolder(t);
    const children = await Promise.all(Array.from({ length: 12 }, () => aFolder(t, { parentId: folder.id })));
    await uploadFile(t.token, children[0]!.id, 'x.bin', bytes('xyz'));
    await trash(t.token, folder);
    const entry = await trashed(t.token, folder.id);
    // The inline part has no time at all: the folder leaves the trash, its subtree stays queued.
    const { deleteForever } = await import('#domain/drive/purge.ts');
    await deleteForever((await getItem(t.kykId, folder.id))!, entry.row_version, Date.now() - 1, logger);
    expect((await trashOf(t.token)).items.map((item) => item.id)).not.toContain(folder.id);
    const queued = (await Promise.all(purgeShards().map((shard) => purgeMarkers(shard)))).flat();
    expect(queued).toContainEqual({ kyk_id: t.kykId, item_id: folder.id });
    expect(await getItem(t.kykId, children[5]!.id)).toBeDefined();

    await runPurges(Date.now() + 20_000, logger);
    for (const child of [folder, ...children]) expect(await getItem(t.kykId, child.id)).toBeUndefined();
    expect((await Promise.all(purgeShards().map((shard) => purgeMarkers(shard)))).flat().filter((marker) => marker.kyk_id === t.kykId)).toEqual([]);
  });
});

describe('tenant isolation of the trash calls', () => {
  it("never reaches another contract's entries: rename, trash, list, restore, delete for good", async () => {
    const [a, b] = await Promise.all([newTenant(), newTenant()]);
    const folder = await aFolder(a, { name: 'Private' });
    const gone = await aFolder(a);
    await trash(a.token, gone);
    const entry = await trashed(a.token, gone.id);
    expect((await call('com_drive/rename_btn', { id: folder.id, name: 'Hacked', row_version: folder.row_version }, b.token)).body.code).toBe(-3);
    expect((await call('com_drive/delete_btn', { items: [seen(folder)] }, b.token)).body.code).toBe(990000090004);
    expect((await call('com_drive/restore_btn', { items: [{ id: gone.id, row_version: entry.row_version }] }, b.token)).body.code).toBe(-3);
    expect((await call('com_drive/force_delete_btn', { items: [{ id: gone.id, row_version: entry.row_version }] }, b.token)).body.code).toBe(-3);
    expect((await call('com_drive/trash_empty_btn', {}, b.token)).body.data).toEqual({ finished: true });
    expect((await trashOf(b.token)).items).toEqual([]);
    expect((await fresh(a.token, folder.id)).name).toBe('Private');
    expect((await trashOf(a.token)).items.map((item) => item.id)).toEqual([gone.id]);
  });
});
