import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CommonTagInfo } from '#shared/schemas/tag-admin.ts';
import { aFolder, aUser, type SignedInUser } from './support/factories.ts';
import { call } from './support/api.ts';
import { auditOfTarget } from './support/audit.ts';
import { waitForDriveJob } from './support/drive-jobs.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

const save = (token: string, body: { id?: string; name: string }) => call('com/tag_info_save_btn', body, token);
const created = async (token: string, name: string): Promise<CommonTagInfo> => {
  const result = await save(token, { name });
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!.tag;
};
const listNames = async (token: string, prefix = '') => (await call('com/tag_info_list', { prefix, page_size: 1000 }, token)).body.data!.tags.map((tag) => tag.name);
const tagNamesOn = async (token: string, id: string) => (await call('com_drive/item_tags', { id }, token)).body.data!.tags.map((tag) => tag.name);

describe('tags administration', () => {
  let t: TestTenant;
  let member: SignedInUser;
  beforeAll(async () => {
    t = await newTenant();
    member = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 3 });
  });

  it('creates common tags, unique ignoring case, at most 40 characters, each audited', async () => {
    const tag = await created(t.token, 'Contracts');
    expect(tag).toMatchObject({ name: 'Contracts', regist_user_id: 'admin', update_date: null });
    expect((await save(t.token, { name: ' contracts ' })).body).toMatchObject({ code: -990000270003, message: 'A common tag with the same name already exists.' });
    expect((await save(t.token, { name: '長'.repeat(41) })).body).toMatchObject({ code: -990000270002, message: 'Tag names can be at most 40 characters.' });
    expect((await save(t.token, { name: '　' })).body.code).toBe(-4);
    expect(await listNames(t.token, 'contr')).toEqual(['Contracts']);
    // The drive's tag search sees it as a common tag (one data set for both).
    expect((await call('com_drive/tag_search', { scope: 'common', prefix: 'Contr' }, member.token)).body.data!.tags).toEqual([{ id: tag.id, name: 'Contracts', scope: 'common' }]);
    expect(await auditOfTarget(t.kykId, 'tag', tag.id)).toMatchObject([{ action: 'tag.create', user_id: 'admin', before: null, after: { name: 'Contracts' } }]);
  });

  it('is for administrators only: list, save and delete answer -101 to others and change nothing', async () => {
    const tag = await created(t.token, `Admin only ${randomUUID().slice(0, 4)}`);
    expect((await call('com/tag_info_list', {}, member.token)).body.code).toBe(-101);
    expect((await save(member.token, { name: 'Sneaky' })).body.code).toBe(-101);
    expect((await save(member.token, { id: tag.id, name: 'Sneaky' })).body.code).toBe(-101);
    expect((await call('com/tag_info_del_btn', { id: tag.id }, member.token)).body.code).toBe(-101);
    expect(await listNames(t.token)).toContain(tag.name);
    expect(await listNames(t.token)).not.toContain('Sneaky');
  });

  it('renames a tag keeping its links, frees the old name, refuses a taken one and a private tag', async () => {
    const tag = await created(t.token, `Old name ${randomUUID().slice(0, 4)}`);
    const other = await created(t.token, `Taken ${randomUUID().slice(0, 4)}`);
    const folder = await aFolder(t, { name: `Renamed tag ${randomUUID().slice(0, 4)}` });
    expect((await call('com_drive/item_tags_save_btn', { id: folder.id, tag_ids: [tag.id] }, t.token)).body.code).toBe(0);

    const newName = `New name ${randomUUID().slice(0, 4)}`;
    const renamed = await save(t.token, { id: tag.id, name: newName });
    expect(renamed.body.code).toBe(0);
    expect(renamed.body.data!.tag).toMatchObject({ id: tag.id, name: newName, update_user_id: 'admin' });
    expect(await tagNamesOn(member.token, folder.id)).toEqual([newName]);
    expect((await call('com_drive/tag_items', { tag_id: tag.id }, t.token)).body.data!.items.map((item) => item.id)).toEqual([folder.id]);
    // The old name is free again; the other tag's name is not.
    expect((await save(t.token, { name: tag.name })).body.code).toBe(0);
    expect((await save(t.token, { id: tag.id, name: other.name.toUpperCase() })).body.code).toBe(-990000270003);
    // Only the case changes: the same tag keeps its name claim.
    expect((await save(t.token, { id: tag.id, name: newName.toUpperCase() })).body.data!.tag.name).toBe(newName.toUpperCase());
    expect((await save(t.token, { name: newName })).body.code).toBe(-990000270003);

    const mine = (await call('com_drive/tag_create_btn', { name: 'mine', scope: 'private' }, member.token)).body.data!.tag;
    expect((await save(t.token, { id: mine.id, name: 'hijacked' })).body.code).toBe(-3);
    expect((await save(t.token, { id: randomUUID(), name: 'ghost' })).body.code).toBe(-3);
    expect((await auditOfTarget(t.kykId, 'tag', tag.id)).map((record) => [record.action, record.before, record.after])).toEqual([
      ['tag.create', null, { name: tag.name }],
      ['tag.rename', { name: tag.name }, { name: newName }],
      ['tag.rename', { name: newName }, { name: newName.toUpperCase() }],
    ]);
  });

  it('deletes a tag and takes it off every entry, the first ones at once and the rest by a job', async () => {
    const few = await created(t.token, `Few ${randomUUID().slice(0, 4)}`);
    const folder = await aFolder(t, { name: `Few ${randomUUID().slice(0, 4)}` });
    await call('com_drive/item_tags_save_btn', { id: folder.id, tag_ids: [few.id] }, t.token);
    const deleted = await call('com/tag_info_del_btn', { id: few.id }, t.token);
    expect(deleted.body).toMatchObject({ code: 0, data: { detached: 1, job_id: null } });
    expect(await tagNamesOn(t.token, folder.id)).toEqual([]);
    expect(await listNames(t.token)).not.toContain(few.name);
    expect((await call('com/tag_info_del_btn', { id: few.id }, t.token)).body.code).toBe(-3);
    expect((await call('com_drive/item_tags_save_btn', { id: folder.id, tag_ids: [few.id] }, t.token)).body.code).toBe(-990000270005);
    // The name is free again.
    expect((await save(t.token, { name: few.name })).body.code).toBe(0);

    const many = await created(t.token, `Many ${randomUUID().slice(0, 4)}`);
    const parent = await aFolder(t, { name: `Many ${randomUUID().slice(0, 4)}` });
    const folders = await Promise.all(Array.from({ length: 53 }, (_, i) => aFolder(t, { parentId: parent.id, name: `f${i}` })));
    const tagged = await Promise.all(folders.map((entry) => call('com_drive/item_tags_save_btn', { id: entry.id, tag_ids: [many.id] }, t.token)));
    expect(tagged.map((result) => result.body.code)).toEqual(folders.map(() => 0));
    const started = await call('com/tag_info_del_btn', { id: many.id }, t.token);
    expect(started.body.code).toBe(0);
    expect(started.body.data!.detached).toBe(50);
    const job = await waitForDriveJob(t.token, started.body.data!.job_id!);
    expect(job).toMatchObject({ kind: 'tag_detach', state: 'done', done: 3 });
    const tags = (await call('com_drive/items_tags', { ids: folders.map((entry) => entry.id) }, t.token)).body.data!.tags;
    expect(Object.values(tags).flat()).toEqual([]);
    // Nothing carries it any more: the tag filter's listing is empty too.
    expect((await call('com_drive/search', { tag_ids: [many.id] }, t.token)).body.data?.items ?? []).toEqual([]);
    expect((await auditOfTarget(t.kykId, 'tag', many.id)).map((record) => record.action)).toEqual(['tag.create', 'tag.delete']);
  }, 180_000);

  it("keeps contracts apart: another contract's tag cannot be listed, renamed or deleted", async () => {
    const other = await newTenant();
    const theirs = await created(other.token, 'Theirs');
    expect(await listNames(t.token)).not.toContain('Theirs');
    expect((await save(t.token, { id: theirs.id, name: 'Ours now' })).body.code).toBe(-3);
    expect((await call('com/tag_info_del_btn', { id: theirs.id }, t.token)).body.code).toBe(-3);
    expect(await listNames(other.token)).toEqual(['Theirs']);
    // The same name in two contracts is two tags.
    expect((await save(t.token, { name: 'Theirs' })).body.code).toBe(0);
  });

  it('lists by name, ignoring case; a cursor not of the list answers -4', async () => {
    const fresh = await newTenant();
    for (const name of ['b', 'a', 'C', 'd']) await created(fresh.token, name);
    const first = await call('com/tag_info_list', { page_size: 50 }, fresh.token);
    expect(first.body.data!.tags.map((tag) => tag.name)).toEqual(['a', 'b', 'C', 'd']);
    expect((await call('com/tag_info_list', { cursor: 'bm9wZQ' }, fresh.token)).body.code).toBe(-4);
  });
});
