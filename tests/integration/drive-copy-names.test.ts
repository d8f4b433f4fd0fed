import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DriveItem } from '#shared/schemas/drive.ts';
import { aFolder, aUser, type SignedInUser } from './support/factories.ts';
import { call } from './support/api.ts';
import { namesIn, seen, uploadFile } from './support/drive.ts';
import { downloadBytes, treeOf } from './support/drive-jobs.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const copy = (token: string, items: DriveItem[], folderId: string) => call('com_drive/copy_btn', { items: items.map(seen), folder_id: folderId }, token);

/** Copies into the source's own folder get numbered names (issue 28 item 12), the way Windows and Google Drive name them. */
describe('copy into its own folder', { timeout: 120_000 }, () => {
  let t: TestTenant;
  let other: SignedInUser;
  beforeAll(async () => {
    t = await newTenant();
    other = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 3 });
  });

  it('a file copied into its own folder twice becomes "name (1).ext", then "name (2).ext"; the answer names each copy', async () => {
    const folder = await aFolder(t);
    const report = await uploadFile(t.token, folder.id, 'report.pdf', bytes('the report'));
    const first = await copy(t.token, [report], folder.id);
    expect(first.body.code, JSON.stringify(first.body)).toBe(0);
    const made = first.body.data!.job.items[0]!;
    expect(made.name).toBe('report (1).pdf');
    expect(first.body.data!.copies).toEqual([{ source_id: report.id, id: made.id, name: 'report (1).pdf' }]);
    const second = await copy(t.token, [report], folder.id);
    expect(second.body.code, JSON.stringify(second.body)).toBe(0);
    expect(second.body.data!.copies.map((entry) => entry.name)).toEqual(['report (2).pdf']);
    expect(await namesIn(t.token, folder.id)).toEqual(['report (1).pdf', 'report (2).pdf', 'report.pdf']);
    expect(new TextDecoder().decode(await downloadBytes(t.token, made.id))).toBe('the report');
    // A copy of the copy numbers its own name; a name without an extension is numbered at its end.
    const again = await copy(t.token, [made], folder.id);
    expect(again.body.data!.copies.map((entry) => entry.name)).toEqual(['report (1) (1).pdf']);
    const readme = await uploadFile(t.token, folder.id, 'README', bytes('r'));
    expect((await copy(t.token, [readme], folder.id)).body.data!.copies.map((entry) => entry.name)).toEqual(['README (1)']);
  });

  it('two copies racing into the folder each get their own number, and both succeed', async () => {
    const folder = await aFolder(t);
    const photo = await uploadFile(t.token, folder.id, 'photo.jpg', bytes('jpeg'));
    const racing = await Promise.all([copy(t.token, [photo], folder.id), copy(other.token, [photo], folder.id)]);
    expect(racing.map((result) => result.body.code), JSON.stringify(racing.map((result) => result.body))).toEqual([0, 0]);
    expect(racing.map((result) => result.body.data!.copies[0]!.name).sort()).toEqual(['photo (1).jpg', 'photo (2).jpg']);
    expect(await namesIn(t.token, folder.id)).toEqual(['photo (1).jpg', 'photo (2).jpg', 'photo.jpg']);
  });

  it('a folder copied into its own parent becomes "name (1)" with everything inside it; a dotted folder name is numbered whole', async () => {
    const parent = await aFolder(t);
    const project = await aFolder(t, { parentId: parent.id, name: 'Project' });
    await aFolder(t, { parentId: project.id, name: 'Specs' });
    await uploadFile(t.token, project.id, 'plan.txt', bytes('plan'));
    const result = await copy(t.token, [project], parent.id);
    expect(result.body.code, JSON.stringify(result.body)).toBe(0);
    expect(result.body.data!.copies.map((entry) => entry.name)).toEqual(['Project (1)']);
    expect(await treeOf(t.token, result.body.data!.job.items[0]!.id)).toEqual(await treeOf(t.token, project.id));
    const version = await aFolder(t, { parentId: parent.id, name: 'v1.2' });
    expect((await copy(t.token, [version], parent.id)).body.data!.copies.map((entry) => entry.name)).toEqual(['v1.2 (1)']);
    // At the root too.
    const top = await aFolder(t, { name: `Top ${randomUUID().slice(0, 6)}` });
    expect((await copy(t.token, [top], 'root')).body.data!.copies.map((entry) => entry.name)).toEqual([`${top.name} (1)`]);
  });

  it('a copy elsewhere onto a taken name is refused as before, and nothing is numbered', async () => {
    const from = await aFolder(t);
    const to = await aFolder(t);
    const file = await uploadFile(t.token, from.id, 'taken.txt', bytes('a'));
    await uploadFile(t.token, to.id, 'TAKEN.txt', bytes('b'));
    const refused = await copy(t.token, [file], to.id);
    expect(refused.body).toMatchObject({ code: 990000090008, message: 'A file with the same name already exists at the destination. Please rename it.' });
    expect(await namesIn(t.token, to.id)).toEqual(['TAKEN.txt']);
  });
});
