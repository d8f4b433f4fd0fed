import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DriveItem } from '#shared/schemas/drive.ts';
import { aFolder, aUser } from './support/factories.ts';
import { call } from './support/api.ts';
import { fresh, namesIn, seen, uploadFile } from './support/drive.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const move = (token: string, items: DriveItem[], folderId: string) => call('com_drive/move_btn', { items: items.map(seen), folder_id: folderId }, token);

describe('move', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
  });

  it('moves files and a whole folder in one call: listings, breadcrumbs, downloads and favourites follow', async () => {
    const from = await aFolder(t, { name: 'From' });
    const to = await aFolder(t, { name: 'To' });
    const sub = await aFolder(t, { parentId: from.id, name: 'Sub' });
    const deep = await aFolder(t, { parentId: sub.id, name: 'Deep' });
    const file = await uploadFile(t.token, deep.id, 'deep.txt', bytes('deep'));
    const loose = await uploadFile(t.token, from.id, 'loose.txt', bytes('loose'));
    expect((await call('com_drive/favorite_add_btn', { id: file.id }, t.token)).body.code).toBe(0);

    const result = await move(t.token, [sub, loose], to.id);
    expect(result.body.data).toEqual({ done: [sub.id, loose.id], row_versions: { [sub.id]: sub.row_version + 1, [loose.id]: loose.row_version + 1 }, failed: [] });
    expect(await namesIn(t.token, from.id)).toEqual([]);
    expect(await namesIn(t.token, to.id)).toEqual(['Sub', 'loose.txt']);
    const page = (await call('com_drive/drive_info', { folder_id: deep.id }, t.token)).body.data!;
    expect(page.path).toEqual([{ id: to.id, name: 'To' }, { id: sub.id, name: 'Sub' }]);
    expect((await call('com_drive/download', { id: file.id }, t.token)).body.code).toBe(0);
    const [favorite] = (await call('com_drive/favorite_list', {}, t.token)).body.data!.items;
    expect(favorite!.path.map((folder) => folder.name)).toEqual(['To', 'Sub', 'Deep']);
    // A folder picker reads the subfolders only, by key condition.
    const picker = (await call('com_drive/drive_info', { folder_id: to.id, folders_only: 1 }, t.token)).body.data!;
    expect(picker.items.map((item) => item.name)).toEqual(['Sub']);
    expect(picker.next_cursor).toBeNull();
    // The names moved with them: the old folder takes the same names again.
    await aFolder(t, { parentId: from.id, name: 'Sub' });
    await uploadFile(t.token, from.id, 'loose.txt', bytes('again'));
  });

  it('refuses a folder into itself or below itself, a name held at the destination, a gone destination, and changes nothing', async () => {
    const a = await aFolder(t, { name: `A ${randomUUID().slice(0, 6)}` });
    const b = await aFolder(t, { parentId: a.id, name: 'B' });
    const into = await move(t.token, [a], b.id);
    expect(into.body.code).toBe(-4);
    expect(into.body.info?.fields).toEqual({ folder_id: 'A folder cannot be moved into itself or into a folder inside it.' });
    expect((await move(t.token, [a], a.id)).body.code).toBe(-4);

    const target = await aFolder(t);
    await aFolder(t, { parentId: target.id, name: 'B' });
    const file = await uploadFile(t.token, a.id, 'x.txt', bytes('x'));
    await uploadFile(t.token, target.id, 'X.TXT', bytes('y'));
    const taken = await move(t.token, [await fresh(t.token, b.id), file], target.id);
    expect(taken.body).toMatchObject({ code: 990000090002, message: 'A folder with the same name already exists at the destination.' });
    const onlyFile = await move(t.token, [file], target.id);
    expect(onlyFile.body).toMatchObject({ code: 990000090008, message: 'A file with the same name already exists at the destination. Please rename it.' });

    const gone = await move(t.token, [file], randomUUID());
    expect(gone.body).toMatchObject({ code: -3, message: 'The destination folder does not exist. It may have been moved or deleted.' });
    expect((await move(t.token, [{ ...file, row_version: file.row_version + 3 }], 'root')).body.code).toBe(-201);
    expect(await namesIn(t.token, a.id)).toEqual(['B', 'x.txt']);
  });

  it('lets two crossing folder moves never make a cycle', async () => {
    for (let round = 0; round < 5; round++) {
      const [x, y] = await Promise.all([aFolder(t), aFolder(t)]);
      const results = await Promise.all([move(t.token, [x], y.id), move(t.token, [y], x.id)]);
      const codes = results.map((result) => result.body.code).sort();
      // One wins; the other is refused (its destination's path changed, or it now sits inside the mover).
      expect(codes.filter((code) => code === 0)).toHaveLength(1);
      const [xNow, yNow] = [await fresh(t.token, x.id), await fresh(t.token, y.id)];
      expect(xNow.parent_id === y.id && yNow.parent_id === x.id).toBe(false);
    }
  });

  it('answers per level: view never moves, active moves its own file and empty folder only; tenants stay apart', async () => {
    const active = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 2 });
    const viewer = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 1 });
    const own = await uploadFile(active.token, 'root', `own-${randomUUID()}.txt`, bytes('o'));
    const ownFolder = await aFolder(t, { token: active.token });
    const full = await aFolder(t, { token: active.token });
    await aFolder(t, { parentId: full.id, token: active.token });
    const admins = await uploadFile(t.token, 'root', `admin-${randomUUID()}.txt`, bytes('a'));
    const to = await aFolder(t, { token: active.token });
    expect((await move(viewer.token, [own], to.id)).body.code).toBe(-101);
    const result = await move(active.token, [own, ownFolder, full, admins], to.id);
    expect(result.body.data!.done).toEqual([own.id, ownFolder.id]);
    expect(result.body.data!.failed.map((entry) => entry.code)).toEqual([-101, -101]);

    const other = await newTenant();
    const theirs = await aFolder(other);
    expect((await move(other.token, [admins], theirs.id)).body.code).toBe(-3);
    expect((await move(t.token, [admins], theirs.id)).body.code).toBe(-3);
    expect((await fresh(t.token, admins.id)).parent_id).toBe('root');
  });
});
