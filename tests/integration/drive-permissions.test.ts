import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DriveItem, PermissionSaveRequest } from '#shared/schemas/drive.ts';
import { getItem } from '#data/drive-items.ts';
import { auditOfTarget } from './support/audit.ts';
import { aFolder, aGroup, aUser, type SignedInUser } from './support/factories.ts';
import { call } from './support/api.ts';
import { fresh, namesIn, seen, trash, uploadFile } from './support/drive.ts';
import { waitForDriveJob } from './support/drive-jobs.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const MISSING = { code: -3, message: 'The folder or file does not exist. It may have been moved or deleted.' };
const NO_RIGHT = { code: -101, message: 'You do not have permission to access this function.' };

const save = (token: string, folder: DriveItem, settings: Omit<PermissionSaveRequest, 'id' | 'row_version'>, rowVersion?: number) =>
  call('com_drive/permission_save_btn', { id: folder.id, row_version: rowVersion ?? folder.row_version, ...settings }, token);
const side = (users: string[] = [], groups: string[] = []) => ({ users, groups });

/**
 * Folder permissions (docs/drive.md "Folder permissions"): every drive call answers by one rule,
 * the drive level narrowed by the settings of every folder on the way.
 */
describe('folder permissions', { timeout: 180_000 }, () => {
  let t: TestTenant;
  /** Update-level users: an editor listed on the update side, a reader on the view side, an outsider on neither. */
  let editor: SignedInUser;
  let reader: SignedInUser;
  let outsider: SignedInUser;
  /** A member of the group named on the view side (by group, not by user). */
  let groupReader: SignedInUser;
  let groupId: string;
  let closed: DriveItem;
  let inner: DriveItem;
  let file: DriveItem;

  beforeAll(async () => {
    t = await newTenant();
    const full = { indiv_permission_flg: 1, indiv_com_drive_permission: 3 } as const;
    [editor, reader, outsider] = await Promise.all([aUser(t, full), aUser(t, full), aUser(t, full)]);
    const group = await aGroup(t, { product: 'ata', com_drive_permission: 3 });
    groupId = group.user_group_id;
    groupReader = await aUser(t, { groups: { ata: groupId } });
    closed = await aFolder(t, { name: `Board ${randomUUID().slice(0, 6)}` });
    inner = await aFolder(t, { parentId: closed.id, name: 'Minutes' });
    file = await uploadFile(t.token, inner.id, 'minutes.txt', bytes('secret minutes'));
    const saved = await save(t.token, closed, { policy: 'allow', view: side([reader.userId], [groupId]), update: side([editor.userId]) });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    closed = await fresh(t.token, closed.id);
  });

  it('shows the settings with names, and who may change them', async () => {
    const info = await call('com_drive/permission_info', { id: closed.id }, t.token);
    expect(info.body.code, JSON.stringify(info.body)).toBe(0);
    expect(info.body.data).toMatchObject({
      own: true, policy: 'allow', may_edit: true, inherited: [],
      view: [{ kind: 'group', id: groupId }, { kind: 'user', id: reader.userId, name: `User ${reader.userId}` }],
      update: [{ kind: 'user', id: editor.userId, name: `User ${editor.userId}` }],
    });
    const below = await call('com_drive/permission_info', { id: inner.id }, editor.token);
    expect(below.body.data).toMatchObject({ own: false, may_edit: true, inherited: [{ folder: { id: closed.id, name: closed.name }, policy: 'allow' }] });
    expect((await call('com_drive/permission_info', { id: inner.id }, reader.token)).body.data).toMatchObject({ may_edit: false });
  });

  it('an allow-list: the outsider sees nothing of the folder, anywhere', async () => {
    expect(await namesIn(outsider.token)).not.toContain(closed.name);
    for (const id of [closed.id, inner.id, file.id]) {
      expect((await call('com_drive/file_info', { id }, outsider.token)).body).toMatchObject(MISSING);
    }
    expect((await call('com_drive/drive_info', { folder_id: inner.id }, outsider.token)).body).toMatchObject(MISSING);
    expect((await call('com_drive/download', { id: file.id }, outsider.token)).body).toMatchObject({ code: -3 });
    expect((await call('com_drive/file_history', { id: file.id }, outsider.token)).body).toMatchObject(MISSING);
    expect((await call('com_drive/folder_reg_btn', { parent_id: inner.id, name: 'sneaky' }, outsider.token)).body).toMatchObject(MISSING);
    expect((await call('com_drive/file_reg_btn', { folder_id: inner.id, name: 'sneaky.txt', size: 3 }, outsider.token)).body).toMatchObject(MISSING);
    expect((await call('com_drive/permission_info', { id: closed.id }, outsider.token)).body).toMatchObject(MISSING);
    const renamed = await call('com_drive/rename_btn', { id: file.id, name: 'x.txt', row_version: file.row_version }, outsider.token);
    expect(renamed.body).toMatchObject(MISSING);
    const trashed = await call('com_drive/delete_btn', { items: [seen(file)] }, outsider.token);
    expect(trashed.body.data?.failed ?? [trashed.body]).toMatchObject([{ code: 990000090005 }]);
    // Favourites and recent files never show it either (the administrator's favourite is theirs).
    const favourite = await call('com_drive/favorite_add_btn', { id: file.id }, outsider.token);
    expect(favourite.body.code).not.toBe(0);
    // A ZIP or a copy of the root's folders leaves it out.
    const holder = await aFolder(t, { name: `Holder ${randomUUID().slice(0, 6)}`, token: outsider.token });
    const zip = await call('com_drive/zip_download_btn', { items: [seen(closed)] }, outsider.token);
    expect(zip.body).toMatchObject({ code: -3 });
    const copied = await call('com_drive/copy_btn', { items: [seen(closed)], folder_id: holder.id }, outsider.token);
    // A bulk call refused for every entry answers the refusal itself (functions/domain/drive/bulk.ts).
    expect(copied.body).toMatchObject(MISSING);
    expect(await getItem(t.kykId, file.id)).toMatchObject({ name: 'minutes.txt' });
    // An id kept from before (or guessed) tells nothing through the Tags column's read either.
    const tag = await call('com_drive/tag_create_btn', { name: `Board ${randomUUID().slice(0, 6)}`, scope: 'common' }, t.token);
    expect((await call('com_drive/item_tags_save_btn', { id: file.id, tag_ids: [tag.body.data!.tag.id] }, t.token)).body.code).toBe(0);
    expect((await call('com_drive/items_tags', { ids: [file.id] }, outsider.token)).body.data).toEqual({ tags: { [file.id]: [] } });
    expect((await call('com_drive/items_tags', { ids: [file.id] }, reader.token)).body.data!.tags[file.id]).toHaveLength(1);
  });

  it('the view side reads (by user or by group) but changes nothing; the update side changes', async () => {
    for (const viewer of [reader, groupReader]) {
      expect(await namesIn(viewer.token)).toContain(closed.name);
      expect(await namesIn(viewer.token, inner.id)).toEqual(['minutes.txt']);
      const listing = await call('com_drive/drive_info', { folder_id: inner.id }, viewer.token);
      expect(listing.body.data).toMatchObject({ level: 1, items: [{ name: 'minutes.txt', level: 1 }] });
      expect((await call('com_drive/download', { id: file.id }, viewer.token)).body.code).toBe(0);
      expect((await call('com_drive/folder_reg_btn', { parent_id: inner.id, name: 'mine' }, viewer.token)).body).toMatchObject(NO_RIGHT);
      expect((await call('com_drive/file_reg_btn', { folder_id: inner.id, name: 'mine.txt', size: 3 }, viewer.token)).body).toMatchObject(NO_RIGHT);
      const now = await fresh(viewer.token, file.id);
      expect((await call('com_drive/rename_btn', { id: file.id, name: 'renamed.txt', row_version: now.row_version }, viewer.token)).body).toMatchObject(NO_RIGHT);
      const trashed = await call('com_drive/delete_btn', { items: [seen(now)] }, viewer.token);
      expect(trashed.body).toMatchObject(NO_RIGHT);
      // Moving out of a folder one may only read is a change there: refused.
      const away = await aFolder(t, { name: `Away ${randomUUID().slice(0, 6)}`, token: viewer.token });
      const moved = await call('com_drive/move_btn', { items: [seen(now)], folder_id: away.id }, viewer.token);
      expect(moved.body.data?.failed ?? [moved.body]).toMatchObject([{ code: -101 }]);
      // ...and moving one's own file into it too.
      const own = await uploadFile(viewer.token, 'root', `own-${randomUUID().slice(0, 6)}.txt`, bytes('own'));
      expect((await call('com_drive/move_btn', { items: [seen(own)], folder_id: inner.id }, viewer.token)).body).toMatchObject(NO_RIGHT);
      expect((await call('com_drive/permission_save_btn', { id: closed.id, row_version: closed.row_version, inherit: 1 }, viewer.token)).body).toMatchObject(NO_RIGHT);
    }
    const created = await call('com_drive/folder_reg_btn', { parent_id: inner.id, name: `By editor ${randomUUID().slice(0, 6)}` }, editor.token);
    expect(created.body.code, JSON.stringify(created.body)).toBe(0);
    expect(created.body.data!.item).toMatchObject({ parent_id: inner.id });
  });

  it('a deny-list: the view side loses the folder, the update side reads, everyone else is as before', async () => {
    const open = await aFolder(t, { name: `Open ${randomUUID().slice(0, 6)}` });
    const saved = await save(t.token, open, { policy: 'deny', view: side([outsider.userId]), update: side([], [groupId]) });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    expect(await namesIn(outsider.token)).not.toContain(open.name);
    expect((await call('com_drive/folder_reg_btn', { parent_id: open.id, name: 'x' }, groupReader.token)).body).toMatchObject(NO_RIGHT);
    expect((await call('com_drive/drive_info', { folder_id: open.id }, groupReader.token)).body.data).toMatchObject({ level: 1 });
    expect((await call('com_drive/folder_reg_btn', { parent_id: open.id, name: `By reader ${randomUUID().slice(0, 6)}` }, reader.token)).body.code).toBe(0);
  });

  it('a subfolder narrows what its parent leaves and never widens it; removing its settings restores the parent’s', async () => {
    const own = await save(editor.token, inner, { policy: 'allow', view: side([outsider.userId]), update: side([editor.userId, reader.userId]) });
    expect(own.body.code, JSON.stringify(own.body)).toBe(0);
    // The outsider is listed below, but the folder above still closes everything to them.
    expect((await call('com_drive/file_info', { id: file.id }, outsider.token)).body).toMatchObject(MISSING);
    // The reader may update here by the subfolder, but the folder above leaves them view only.
    expect((await call('com_drive/drive_info', { folder_id: inner.id }, reader.token)).body.data).toMatchObject({ level: 1 });
    // The group's members are not listed below: the folder is gone for them, its parent stays.
    expect(await namesIn(groupReader.token, closed.id)).toEqual([]);
    expect((await call('com_drive/file_info', { id: closed.id }, groupReader.token)).body.code).toBe(0);
    const back = await call('com_drive/permission_save_btn', { id: inner.id, row_version: own.body.data!.row_version, inherit: 1 }, editor.token);
    expect(back.body.code, JSON.stringify(back.body)).toBe(0);
    expect(await namesIn(groupReader.token, closed.id)).toEqual(['Minutes']);
    expect((await getItem(t.kykId, inner.id))?.acl).toBeUndefined();
  });

  it('trash and restore follow the place an entry was deleted from', async () => {
    const doc = await uploadFile(editor.token, inner.id, `draft-${randomUUID().slice(0, 6)}.txt`, bytes('draft'));
    await trash(editor.token, doc);
    const outsiderTrash = await call('com_drive/recycle_list', {}, outsider.token);
    expect(outsiderTrash.body.data!.items.map((item) => item.id)).not.toContain(doc.id);
    const adminTrash = await call('com_drive/recycle_list', {}, t.token);
    expect(adminTrash.body.data!.items.map((item) => item.id)).toContain(doc.id);
    const trashed = await getItem(t.kykId, doc.id);
    const byOutsider = await call('com_drive/restore_btn', { items: [{ id: doc.id, row_version: trashed!.row_version }] }, outsider.token);
    expect(byOutsider.body).toMatchObject(MISSING);
    const forever = await call('com_drive/force_delete_btn', { items: [{ id: doc.id, row_version: trashed!.row_version }] }, reader.token);
    expect(forever.body).toMatchObject(NO_RIGHT);
    const byEditor = await call('com_drive/restore_btn', { items: [{ id: doc.id, row_version: trashed!.row_version }] }, editor.token);
    expect(byEditor.body.data!.failed).toEqual([]);
  });

  it('a ZIP of a folder leaves out the subfolders closed to its starter', async () => {
    const project = await aFolder(t, { name: `Project ${randomUUID().slice(0, 6)}` });
    const shared = await aFolder(t, { parentId: project.id, name: 'Shared' });
    const secret = await aFolder(t, { parentId: project.id, name: 'Secret' });
    await uploadFile(t.token, shared.id, 'plan.txt', bytes('plan'));
    await uploadFile(t.token, secret.id, 'salaries.txt', bytes('salaries'));
    expect((await save(t.token, await fresh(t.token, secret.id), { policy: 'allow', view: side(), update: side([editor.userId]) })).body.code).toBe(0);
    const zip = await call('com_drive/zip_download_btn', { items: [seen(project)] }, outsider.token);
    expect(zip.body.code, JSON.stringify(zip.body)).toBe(0);
    const job = await waitForDriveJob(outsider.token, zip.body.data!.job.job_id);
    expect(job).toMatchObject({ state: 'done', total: 1 });
    const copyTo = await aFolder(t, { name: `Copy ${randomUUID().slice(0, 6)}`, token: outsider.token });
    const copy = await call('com_drive/copy_btn', { items: [seen(project)], folder_id: copyTo.id }, outsider.token);
    expect(copy.body.code, JSON.stringify(copy.body)).toBe(0);
    const copied = await namesIn(outsider.token, (await call('com_drive/drive_info', { folder_id: copyTo.id }, outsider.token)).body.data!.items[0]!.id);
    expect(copied).toEqual(['Shared']);
  });

  it('refuses settings without an updater, a user or group on both sides, unknown names, and a stale save, changing nothing', async () => {
    const folder = await aFolder(t, { name: `Rules ${randomUUID().slice(0, 6)}` });
    const noUpdater = await save(t.token, folder, { policy: 'allow', view: side([reader.userId]), update: side() });
    expect(noUpdater.body).toMatchObject({ code: 990000140101, message: 'Give at least one user or group update permission.' });
    const both = await save(t.token, folder, { policy: 'allow', view: side([reader.userId]), update: side([reader.userId]) });
    expect(both.body).toMatchObject({ code: 990000140102, message: 'The same user or group cannot have both view and update permission.' });
    const bothGroups = await save(t.token, folder, { policy: 'deny', view: side([], [groupId]), update: side([], [groupId]) });
    expect(bothGroups.body.code).toBe(990000140102);
    const unknown = await save(t.token, folder, { policy: 'allow', view: side(), update: side(['nobody-here']) });
    expect(unknown.body).toMatchObject({ code: -4 });
    const otherProduct = await aGroup(t, { product: 'atp' });
    expect((await save(t.token, folder, { policy: 'allow', view: side([], [otherProduct.user_group_id]), update: side([editor.userId]) })).body.code).toBe(-4);
    const bad = await call('com_drive/permission_save_btn', { id: folder.id, row_version: folder.row_version, policy: 'maybe' } as never, t.token);
    expect(bad.body.code).toBe(-4);
    const ok = await save(t.token, folder, { policy: 'allow', view: side(), update: side([editor.userId]) });
    expect(ok.body.code).toBe(0);
    const stale = await save(t.token, folder, { policy: 'allow', view: side(), update: side([reader.userId]) });
    expect(stale.body.code).toBe(-201);
    expect((await getItem(t.kykId, folder.id))?.acl).toEqual({ policy: 'allow', view: { users: [], groups: [] }, update: { users: [editor.userId], groups: [] } });
    const audit = await auditOfTarget(t.kykId, 'folder', folder.id);
    expect(audit.map((record) => record.action)).toEqual(['drive.folder_permission_save']);
  });

  it('another contract’s token reaches neither the settings nor the folder', async () => {
    const other = await newTenant();
    expect((await call('com_drive/permission_info', { id: closed.id }, other.token)).body).toMatchObject(MISSING);
    expect((await save(other.token, closed, { inherit: 1 })).body).toMatchObject(MISSING);
    expect((await getItem(t.kykId, closed.id))?.acl).toBeDefined();
  });
});
