import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '#shared/routes.ts';
import { aFolder, aUser, type SignedInUser } from './support/factories.ts';
import { call } from './support/api.ts';
import { fresh, trash, uploadFile } from './support/drive.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

const MISSING = { code: -3, message: 'The folder or file does not exist. It may have been moved or deleted.' };
const locations = (token: string, body: Parameters<typeof call<'com_drive/location_sel'>>[1]) => call('com_drive/location_sel', body, token);

/** Creates in parallel, ten at a time. */
async function inBatches<T>(values: T[], make: (value: T) => Promise<unknown>): Promise<void> {
  for (let index = 0; index < values.length; index += 10) await Promise.all(values.slice(index, index + 10).map(make));
}

/** Every page of a folder's locations, following the cursor. */
async function allPages(token: string, folderId: string, pageSize: 50 | 100) {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = await locations(token, { folder_id: folderId, page_size: pageSize, ...(cursor ? { cursor } : {}) });
    expect(page.body.code, JSON.stringify(page.body)).toBe(0);
    pages.push(page.body.data!.folders.map((folder) => folder.name));
    cursor = page.body.data!.next_cursor ?? undefined;
  } while (cursor);
  return pages;
}

/** SPEC.md §7 "location selection" (issue 28 item 8): the save-location dialog's folder tree, one level a call. */
describe('location selection', { timeout: 180_000 }, () => {
  let t: TestTenant;
  let user: SignedInUser;
  beforeAll(async () => {
    t = await newTenant();
    user = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 3 });
  });

  it('is declared once in the manifest, for drive viewers', () => {
    expect(routes['com_drive/location_sel']).toMatchObject({ group: 'drive', access: 'drive-view' });
  });

  it('pages a folder\'s subfolders by name, never its files, with the folder, its path and levels', async () => {
    const top = await aFolder(t, { name: `Top ${randomUUID().slice(0, 6)}` });
    const parent = await aFolder(t, { parentId: top.id, name: 'Parent' });
    const names = Array.from({ length: 53 }, (_, index) => `F${String(index).padStart(3, '0')}`);
    await inBatches(names, (name) => aFolder(t, { parentId: parent.id, name }));
    await uploadFile(t.token, parent.id, 'A file.txt', new TextEncoder().encode('x'));

    const first = await locations(t.token, { folder_id: parent.id, page_size: 50 });
    expect(first.body.code, JSON.stringify(first.body)).toBe(0);
    expect(first.body.data).toMatchObject({ folder: { id: parent.id, name: 'Parent' }, path: [{ id: top.id, name: top.name }], level: 3 });
    expect(first.body.data!.folders).toHaveLength(50);
    expect(first.body.data!.folders[0]).toEqual({ id: expect.any(String), name: 'F000', level: 3 });
    expect(first.body.data!.next_cursor).not.toBeNull();
    const pages = await allPages(t.token, parent.id, 50);
    expect(pages.flat()).toEqual(names);
    expect(pages[1]).toEqual(names.slice(50));

    // The root's own level, and a bad cursor is bad input.
    const root = await locations(t.token, {});
    expect(root.body.data!.folder).toEqual({ id: 'root', name: '' });
    expect(root.body.data!.folders.map((folder) => folder.name)).toContain(top.name);
    expect((await locations(t.token, { folder_id: parent.id, cursor: 'notacursor' })).body.code).toBe(-4);
  });

  it('leaves out a folder closed to the caller, marks restricted ones, and answers -3 for a closed, trashed or unknown folder', async () => {
    const parent = await aFolder(t, { name: `Shared ${randomUUID().slice(0, 6)}` });
    const open = await aFolder(t, { parentId: parent.id, name: 'Open' });
    const closed = await aFolder(t, { parentId: parent.id, name: 'Closed' });
    const readOnly = await aFolder(t, { parentId: parent.id, name: 'Read only' });
    const deny = await call('com_drive/permission_save_btn', { id: closed.id, row_version: closed.row_version, policy: 'deny', view: { users: [user.userId], groups: [] } }, t.token);
    expect(deny.body.code, JSON.stringify(deny.body)).toBe(0);
    const view = await call('com_drive/permission_save_btn', { id: readOnly.id, row_version: readOnly.row_version, policy: 'deny', update: { users: [user.userId], groups: [] } }, t.token);
    expect(view.body.code, JSON.stringify(view.body)).toBe(0);

    const seenByUser = await locations(user.token, { folder_id: parent.id });
    expect(seenByUser.body.data!.folders).toEqual([
      { id: open.id, name: 'Open', level: 3 },
      { id: readOnly.id, name: 'Read only', level: 1, restricted: true },
    ]);
    // The administrator is never narrowed, and sees the marker.
    expect((await locations(t.token, { folder_id: parent.id })).body.data!.folders.map((folder) => [folder.name, folder.restricted ?? false])).toEqual([
      ['Closed', true], ['Open', false], ['Read only', true],
    ]);
    expect((await locations(user.token, { folder_id: closed.id })).body).toMatchObject(MISSING);

    await trash(t.token, await fresh(t.token, open.id));
    expect((await locations(t.token, { folder_id: open.id })).body).toMatchObject(MISSING);
    expect((await locations(t.token, { folder_id: parent.id })).body.data!.folders.map((folder) => folder.name)).toEqual(['Closed', 'Read only']);
    expect((await locations(t.token, { folder_id: randomUUID() })).body).toMatchObject(MISSING);
  });

  it("another contract's token gets the unknown-id answer for a folder of this one, and this contract's folders are not in its tree", async () => {
    const folder = await aFolder(t, { name: `Private ${randomUUID().slice(0, 6)}` });
    await aFolder(t, { parentId: folder.id, name: 'Inside' });
    const other = await newTenant();
    expect((await locations(other.token, { folder_id: folder.id })).body).toMatchObject(MISSING);
    const theirs = await locations(other.token, {});
    expect(theirs.body.code).toBe(0);
    expect(theirs.body.data!.folders.map((entry) => entry.id)).not.toContain(folder.id);
    // A cursor of this contract's pages reads nothing of it in the other.
    const parent = await aFolder(t);
    await inBatches(Array.from({ length: 51 }, (_, index) => `N${index}`), (name) => aFolder(t, { parentId: parent.id, name }));
    const page = await locations(t.token, { folder_id: parent.id, page_size: 50 });
    const foreign = await locations(other.token, { folder_id: parent.id, page_size: 50, cursor: page.body.data!.next_cursor! });
    expect(foreign.body).toMatchObject(MISSING);
  });
});
