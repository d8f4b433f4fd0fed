import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DriveTag } from '#shared/schemas/drive.ts';
import { aFolder, aUser, type SignedInUser } from './support/factories.ts';
import { call } from './support/api.ts';
import { uploadFile } from './support/drive.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const createTag = async (token: string, name: string, scope: 'common' | 'private'): Promise<DriveTag> => {
  const result = await call('com_drive/tag_create_btn', { name, scope }, token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!.tag;
};
const setTags = async (token: string, id: string, tags: DriveTag[]) => {
  const result = await call('com_drive/item_tags_save_btn', { id, tag_ids: tags.map((tag) => tag.id) }, token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
};
const names = (tags: DriveTag[] | undefined) => (tags ?? []).map((tag) => `${tag.scope}:${tag.name}`);

/** `com_drive/items_tags`: the Tags column of a listing page (docs/drive.md "Tags"). */
describe('tags of a page of entries', () => {
  let t: TestTenant;
  let member: SignedInUser;
  beforeAll(async () => {
    t = await newTenant();
    member = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 1 });
  });

  it('answers each entry\'s tags the caller sees: common first, then the caller\'s private ones, by name', async () => {
    const run = randomUUID().slice(0, 4);
    const folder = await aFolder(t, { name: `Tagged ${run}` });
    const file = await uploadFile(t.token, folder.id, `a-${run}.pdf`, bytes('a'));
    const bare = await uploadFile(t.token, folder.id, `b-${run}.pdf`, bytes('b'));
    const zeta = await createTag(t.token, `Zeta ${run}`, 'common');
    const alpha = await createTag(t.token, `alpha ${run}`, 'common');
    const adminsOwn = await createTag(t.token, `admin only ${run}`, 'private');
    const membersOwn = await createTag(member.token, `mine ${run}`, 'private');
    await setTags(t.token, file.id, [zeta, adminsOwn, alpha]);
    await setTags(t.token, folder.id, [zeta]);
    await setTags(member.token, file.id, [zeta, alpha, membersOwn]);

    const asAdmin = await call('com_drive/items_tags', { ids: [file.id, bare.id, folder.id] }, t.token);
    expect(asAdmin.body.code).toBe(0);
    expect(names(asAdmin.body.data!.tags[file.id])).toEqual([`common:alpha ${run}`, `common:Zeta ${run}`, `private:admin only ${run}`]);
    expect(asAdmin.body.data!.tags[bare.id]).toEqual([]);
    expect(names(asAdmin.body.data!.tags[folder.id])).toEqual([`common:Zeta ${run}`]);

    // A level-1 user reads the Tags column too: another user's private tag is never shown.
    const asMember = await call('com_drive/items_tags', { ids: [file.id] }, member.token);
    expect(names(asMember.body.data!.tags[file.id])).toEqual([`common:alpha ${run}`, `common:Zeta ${run}`, `private:mine ${run}`]);
  });

  it('refuses bad input with -4 and more than 100 entries a call', async () => {
    const empty = await call('com_drive/items_tags', { ids: [] }, t.token);
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe(-4);
    const bad = await call('com_drive/items_tags', { ids: ['../x'] }, t.token);
    expect(bad.body.code).toBe(-4);
    const file = await uploadFile(t.token, 'root', `many-${randomUUID()}.txt`, bytes('m'));
    const tooMany = await call('com_drive/items_tags', { ids: Array.from({ length: 101 }, () => file.id) }, t.token);
    expect(tooMany.body.code).toBe(-4);
    const missing = await call('com_drive/items_tags', {} as never, t.token);
    expect(missing.body.code).toBe(-4);
  });

  it('refuses a user without drive rights (-101) and keeps tenants apart', async () => {
    const file = await uploadFile(t.token, 'root', `iso-${randomUUID()}.txt`, bytes('i'));
    const tag = await createTag(t.token, `Secret ${randomUUID().slice(0, 4)}`, 'common');
    await setTags(t.token, file.id, [tag]);

    const noDrive = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 0 });
    const refused = await call('com_drive/items_tags', { ids: [file.id] }, noDrive.token);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(-101);

    // Another contract asking for this contract's entry reads its own partition: nothing.
    const other = await newTenant();
    const theirs = await call('com_drive/items_tags', { ids: [file.id] }, other.token);
    expect(theirs.body.code).toBe(0);
    expect(theirs.body.data!.tags[file.id]).toEqual([]);
    // And what this contract sees is unchanged.
    const mine = await call('com_drive/items_tags', { ids: [file.id] }, t.token);
    expect(names(mine.body.data!.tags[file.id])).toEqual([`common:${tag.name}`]);
  });
});
