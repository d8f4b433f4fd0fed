import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DriveTag } from '#shared/schemas/drive.ts';
import { aFolder, aUser, type SignedInUser } from './support/factories.ts';
import { call } from './support/api.ts';
import { trash, uploadFile } from './support/drive.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const createTag = async (token: string, name: string, scope: 'common' | 'private'): Promise<DriveTag> => {
  const result = await call('com_drive/tag_create_btn', { name, scope }, token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!.tag;
};
const setTags = (token: string, id: string, tags: DriveTag[]) => call('com_drive/item_tags_save_btn', { id, tag_ids: tags.map((tag) => tag.id) }, token);
const tagsOf = async (token: string, id: string) => (await call('com_drive/item_tags', { id }, token)).body.data!.tags.map((tag) => tag.name);

describe('tags', () => {
  let t: TestTenant;
  let member: SignedInUser;
  beforeAll(async () => {
    t = await newTenant();
    member = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 2 });
  });

  it('creates common tags (administrators) and private tags (anyone), unique in their scope, at most 40 characters', async () => {
    const invoices = await createTag(t.token, 'Invoices', 'common');
    expect(invoices).toMatchObject({ name: 'Invoices', scope: 'common' });
    const refused = await call('com_drive/tag_create_btn', { name: 'Mine', scope: 'common' }, member.token);
    expect(refused.body).toMatchObject({ code: -990000270001, message: 'Only administrators can register or set common tags.' });
    expect((await call('com_drive/tag_create_btn', { name: 'INVOICES', scope: 'common' }, t.token)).body.code).toBe(-990000270003);
    await createTag(member.token, 'invoices', 'private');
    expect((await call('com_drive/tag_create_btn', { name: ' Invoices ', scope: 'private' }, member.token)).body).toMatchObject({
      code: -990000270004, message: 'You already have a private tag with the same name.',
    });
    // Another user's private tag of the same name is theirs alone.
    await createTag(t.token, 'invoices', 'private');
    const long = await call('com_drive/tag_create_btn', { name: '長'.repeat(41), scope: 'private' }, member.token);
    expect(long.body).toMatchObject({ code: -990000270002, message: 'Tag names can be at most 40 characters.' });
    await createTag(member.token, '長'.repeat(40), 'private');
    expect((await call('com_drive/tag_create_btn', { name: '   ', scope: 'private' }, member.token)).body.code).toBe(-4);

    const seen = (await call('com_drive/tag_search', { prefix: 'inv' }, member.token)).body.data!.tags;
    expect(seen.map((tag) => [tag.name, tag.scope])).toEqual([['Invoices', 'common'], ['invoices', 'private']]);
    expect((await call('com_drive/tag_search', { scope: 'common' }, member.token)).body.data!.tags.map((tag) => tag.name)).toEqual(['Invoices']);
  });

  it('sets an entry\'s tags: common ones by administrators, private ones seen only by their owner, at most 20', async () => {
    const common = await createTag(t.token, `Contracts ${randomUUID().slice(0, 4)}`, 'common');
    const mine = await createTag(member.token, `todo ${randomUUID().slice(0, 4)}`, 'private');
    const file = await uploadFile(member.token, 'root', `c-${randomUUID()}.pdf`, bytes('c'));

    expect((await setTags(member.token, file.id, [common])).body.code).toBe(-990000270001);
    expect((await setTags(t.token, file.id, [common])).body.code).toBe(0);
    expect((await setTags(member.token, file.id, [common, mine])).body.data!.tags.map((tag) => tag.name)).toEqual([common.name, mine.name]);
    // The administrator sees the common tag only; saving its own list never drops the member's private tag.
    expect(await tagsOf(t.token, file.id)).toEqual([common.name]);
    expect((await setTags(t.token, file.id, [])).body.code).toBe(0);
    expect(await tagsOf(member.token, file.id)).toEqual([mine.name]);
    // Another user's private tag cannot be set, nor a tag that does not exist.
    const theirs = await createTag(t.token, `secret ${randomUUID().slice(0, 4)}`, 'private');
    expect((await setTags(member.token, file.id, [mine, theirs])).body).toMatchObject({ code: -990000270005 });
    expect((await call('com_drive/item_tags_save_btn', { id: file.id, tag_ids: [randomUUID()] }, member.token)).body.code).toBe(-990000270005);

    // Every user's tags count toward the 20 an entry may carry.
    expect((await setTags(t.token, file.id, [theirs])).body.code).toBe(0);
    const many = await Promise.all(Array.from({ length: 20 }, (_, index) => createTag(member.token, `bulk ${index} ${randomUUID().slice(0, 4)}`, 'private')));
    expect((await setTags(member.token, file.id, many)).body.code).toBe(-990000270005);
    expect((await setTags(member.token, file.id, many.slice(0, 19))).body.code).toBe(0);
    expect((await setTags(member.token, file.id, [mine])).body.code).toBe(0);
    expect((await call('com_drive/item_tags_save_btn', { id: file.id, tag_ids: Array.from({ length: 21 }, () => randomUUID()) }, member.token)).body.code).toBe(-4);
    expect(await tagsOf(member.token, file.id)).toEqual([mine.name]);
  });

  it('filters by tag: the entries carrying it, newest first, without what is in the trash; tenants stay apart', async () => {
    const tag = await createTag(t.token, `Filter ${randomUUID().slice(0, 4)}`, 'common');
    const folder = await aFolder(t, { name: 'Tagged folder' });
    const file = await uploadFile(t.token, folder.id, 'tagged.txt', bytes('t'));
    expect((await setTags(t.token, folder.id, [tag])).body.code).toBe(0);
    expect((await setTags(t.token, file.id, [tag])).body.code).toBe(0);
    const listed = (await call('com_drive/tag_items', { tag_id: tag.id }, member.token)).body.data!;
    expect(listed.items.map((item) => item.id)).toEqual([file.id, folder.id]);
    expect(listed.items[0]!.path).toEqual([{ id: folder.id, name: 'Tagged folder' }]);
    await trash(t.token, (await call('com_drive/file_info', { id: folder.id }, t.token)).body.data!.item);
    expect((await call('com_drive/tag_items', { tag_id: tag.id }, t.token)).body.data!.items).toEqual([]);

    const other = await newTenant();
    expect((await call('com_drive/tag_items', { tag_id: tag.id }, other.token)).body.code).toBe(-3);
    expect((await call('com_drive/tag_search', {}, other.token)).body.data!.tags).toEqual([]);
    const theirFile = await uploadFile(other.token, 'root', 'theirs.txt', bytes('x'));
    expect((await call('com_drive/item_tags_save_btn', { id: theirFile.id, tag_ids: [tag.id] }, other.token)).body.code).toBe(-990000270005);
    expect((await call('com_drive/item_tags', { id: file.id }, other.token)).body.code).toBe(-3);
  });
});
