import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addFavourite, FAVOURITES_MAX } from '#data/favourites.ts';
import { aFolder, aUser } from './support/factories.ts';
import { call } from './support/api.ts';
import { trash, uploadFile } from './support/drive.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const favorites = async (token: string, body: { page_size?: 50 | 100 | 1000; cursor?: string } = {}) => {
  const result = await call('com_drive/favorite_list', body, token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!;
};
const recent = async (token: string) => {
  const result = await call('com_drive/recent_list', {}, token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!.items;
};
const favorite = async (token: string, id: string) => {
  const result = await call('com_drive/favorite_add_btn', { id }, token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
};

describe('favourites', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
  });

  it('adds files and folders once each, lists them newest first with their place, and removes them', async () => {
    const folder = await aFolder(t, { name: 'Contracts' });
    const file = await uploadFile(t.token, folder.id, 'nda.pdf', bytes('nda'));
    await favorite(t.token, file.id);
    await favorite(t.token, folder.id);
    await favorite(t.token, file.id);
    const list = await favorites(t.token);
    expect(list.items.map((item) => item.id)).toEqual([file.id, folder.id]);
    expect(list.items[0]).toMatchObject({ name: 'nda.pdf', parent_id: folder.id, path: [{ id: folder.id, name: 'Contracts' }] });
    expect(list.items[1]).toMatchObject({ name: 'Contracts', path: [] });

    expect((await call('com_drive/favorite_del_btn', { id: folder.id }, t.token)).body.data).toEqual({ favorite: false });
    expect((await favorites(t.token)).items.map((item) => item.id)).toEqual([file.id]);
  });

  it('leaves out what is in the trash (and under a trashed folder) until it is restored', async () => {
    const folder = await aFolder(t);
    const file = await uploadFile(t.token, folder.id, 'inside.txt', bytes('in'));
    await favorite(t.token, file.id);
    await trash(t.token, folder);
    expect((await favorites(t.token)).items.map((item) => item.id)).not.toContain(file.id);
    const [entry] = (await call('com_drive/recycle_list', {}, t.token)).body.data!.items.filter((item) => item.id === folder.id);
    expect((await call('com_drive/restore_btn', { items: [{ id: folder.id, row_version: entry!.row_version }] }, t.token)).body.code).toBe(0);
    expect((await favorites(t.token)).items.map((item) => item.id)).toContain(file.id);
    // Nothing that cannot be reached is added.
    expect((await call('com_drive/favorite_add_btn', { id: randomUUID() }, t.token)).body.code).toBe(-3);
  });

  it('keeps favourites per user, pages them, and stops at the cap', async () => {
    const user = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 1 });
    expect((await favorites(user.token)).items).toEqual([]);
    const folders = await Promise.all(Array.from({ length: 3 }, () => aFolder(t)));
    for (const folder of folders) await favorite(user.token, folder.id);
    const first = await call('com_drive/favorite_list', { page_size: 50 }, user.token);
    expect(first.body.data!.items).toHaveLength(3);
    // Filled to the cap directly (500 calls would only slow the suite): the next add is refused.
    const capped = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 1 });
    await Promise.all(Array.from({ length: FAVOURITES_MAX }, (_, index) => addFavourite(t.kykId, capped.userId, randomUUID(), new Date(Date.now() - index).toISOString())));
    const refused = await call('com_drive/favorite_add_btn', { id: folders[0]!.id }, capped.token);
    expect(refused.body).toMatchObject({ code: -202, message: 'You have 500 favourites, the most there can be. Remove one to add another.' });
    const page = await favorites(capped.token, { page_size: 100 });
    // Entries that no longer exist are left out of a page; the cursor still goes on.
    expect(page.items).toEqual([]);
    expect(page.next_cursor).not.toBeNull();
    expect((await call('com_drive/favorite_list', { cursor: 'bogus!' }, capped.token)).body.code).toBe(-4);
  });
});

describe('recent files', () => {
  it('lists the files the user uploaded, downloaded or renamed, newest first, once each, and never another user\'s', async () => {
    const t = await newTenant();
    const folder = await aFolder(t, { name: 'Reports' });
    const a = await uploadFile(t.token, folder.id, 'a.txt', bytes('a'));
    const b = await uploadFile(t.token, 'root', `b-${randomUUID()}.txt`, bytes('b'));
    expect((await recent(t.token)).map((item) => [item.id, item.action])).toEqual([[b.id, 'change'], [a.id, 'change']]);
    expect((await call('com_drive/download', { id: a.id }, t.token)).body.code).toBe(0);
    const list = await recent(t.token);
    expect(list.map((item) => [item.id, item.action])).toEqual([[a.id, 'download'], [b.id, 'change']]);
    expect(list[0]).toMatchObject({ name: 'a.txt', path: [{ id: folder.id, name: 'Reports' }] });

    const viewer = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 1 });
    expect(await recent(viewer.token)).toEqual([]);
    expect((await call('com_drive/download', { id: b.id }, viewer.token)).body.code).toBe(0);
    expect((await recent(viewer.token)).map((item) => item.id)).toEqual([b.id]);

    await trash(t.token, await (async () => (await call('com_drive/file_info', { id: b.id }, t.token)).body.data!.item)());
    expect((await recent(t.token)).map((item) => item.id)).toEqual([a.id]);

    const other = await newTenant();
    expect(await recent(other.token)).toEqual([]);
    expect((await call('com_drive/favorite_add_btn', { id: a.id }, other.token)).body.code).toBe(-3);
    expect((await favorites(other.token)).items).toEqual([]);
  });
});
