import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DriveItem, PermissionSaveRequest } from '#shared/schemas/drive.ts';
import type { Envelope } from '#shared/envelope.ts';
import { aFolder, aGroup, aUser } from './support/factories.ts';
import { call } from './support/api.ts';
import { fresh, namesIn, seen, uploadFile } from './support/drive.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

/**
 * The permission table (docs/drive.md "Folder permissions"): every drive call, for users reaching a
 * folder by their user id or their group, on the update side or the view side or neither, through
 * the folder's own settings or those it inherits, at drive levels 1, 2 and 3, and the administrator.
 * The expected level of each viewer in each folder is written out below (never computed by the
 * rule under test); each call must then answer as that level allows: reads at 1, adding at 2,
 * changing another's entry at 3, and a folder at 0 is not there at all (-3, as an unknown id).
 */

type Viewer = 'admin' | 'userUpdater' | 'groupUpdater' | 'userViewer' | 'groupViewer' | 'outsider' | 'activeUpdater' | 'readerUpdater';
type Place = 'allow' | 'allowInherited' | 'allowNarrowed' | 'deny' | 'open';
type Level = 0 | 1 | 2 | 3;

/**
 * allow: update side userUpdater, activeUpdater, readerUpdater and group G; view side userViewer and group H.
 * allowInherited: inside allow, no settings of its own.
 * allowNarrowed: inside allow, its own allow list: update side group G, view side userUpdater.
 * deny: view side ("no access") the outsider and group H; update side ("view only") group G.
 * open: no settings anywhere.
 */
const expected: Record<Place, Record<Viewer, Level>> = {
  allow: { admin: 3, userUpdater: 3, groupUpdater: 3, userViewer: 1, groupViewer: 1, outsider: 0, activeUpdater: 2, readerUpdater: 1 },
  allowInherited: { admin: 3, userUpdater: 3, groupUpdater: 3, userViewer: 1, groupViewer: 1, outsider: 0, activeUpdater: 2, readerUpdater: 1 },
  allowNarrowed: { admin: 3, userUpdater: 1, groupUpdater: 3, userViewer: 0, groupViewer: 0, outsider: 0, activeUpdater: 0, readerUpdater: 0 },
  deny: { admin: 3, userUpdater: 3, groupUpdater: 1, userViewer: 3, groupViewer: 0, outsider: 0, activeUpdater: 2, readerUpdater: 1 },
  open: { admin: 3, userUpdater: 3, groupUpdater: 3, userViewer: 3, groupViewer: 3, outsider: 3, activeUpdater: 2, readerUpdater: 1 },
};

type Outcome = 'ok' | 'missing' | 'refused';

/** What a call answered, as the table speaks of it (a bulk call: its one entry's answer). */
function outcomeOf(body: Envelope<unknown>): Outcome | string {
  const failed = (body.data as { failed?: { code: number }[] } | undefined)?.failed;
  const code = body.code === 0 && failed && failed.length > 0 ? failed[0]!.code : body.code;
  // -201: the call got past every permission check (the probe sends a stale row_version on purpose).
  if (code === 0 || code === -201) return 'ok';
  if (code === -3 || code === 990000090004 || code === 990000090005) return 'missing';
  if (code === -101) return 'refused';
  return `code ${code}: ${body.message}`;
}

/** Each viewer's level at the root (no folder settings there): their drive level. */
const rootLevels: Record<Viewer, Level> = expected.open;

const reads = (level: Level): Outcome => (level >= 1 ? 'ok' : 'missing');
/** Calls that add or change need drive level 2 (`drive-active`): below it the kit refuses them before any folder is read. */
const adds = (level: Level, drive: Level): Outcome => (drive < 2 ? 'refused' : level >= 2 ? 'ok' : level === 1 ? 'refused' : 'missing');
const changesOthers = (level: Level, drive: Level): Outcome => (drive < 2 ? 'refused' : level === 3 ? 'ok' : level >= 1 ? 'refused' : 'missing');

const bytes = (text: string) => new TextEncoder().encode(text);
const side = (users: string[] = [], groups: string[] = []) => ({ users, groups });

describe('the permission table over every drive call', { timeout: 600_000 }, () => {
  let t: TestTenant;
  const tokens = {} as Record<Viewer, string>;
  const folders = {} as Record<Place, DriveItem>;
  const parents = {} as Record<Place, string>;

  beforeAll(async () => {
    t = await newTenant();
    const [groupG, groupH] = await Promise.all([aGroup(t, { product: 'ata', com_drive_permission: 3 }), aGroup(t, { product: 'ata', com_drive_permission: 3 })]);
    const individual = (level: 1 | 2 | 3) => ({ indiv_permission_flg: 1, indiv_com_drive_permission: level }) as const;
    const [userUpdater, groupUpdater, userViewer, groupViewer, outsider, activeUpdater, readerUpdater] = await Promise.all([
      aUser(t, individual(3)),
      aUser(t, { groups: { ata: groupG.user_group_id } }),
      aUser(t, individual(3)),
      aUser(t, { groups: { ata: groupH.user_group_id } }),
      aUser(t, individual(3)),
      aUser(t, individual(2)),
      aUser(t, individual(1)),
    ]);
    Object.assign(tokens, {
      admin: t.token, userUpdater: userUpdater.token, groupUpdater: groupUpdater.token, userViewer: userViewer.token,
      groupViewer: groupViewer.token, outsider: outsider.token, activeUpdater: activeUpdater.token, readerUpdater: readerUpdater.token,
    });
    const settle = async (folder: DriveItem, settings: Omit<PermissionSaveRequest, 'id' | 'row_version'>) => {
      const saved = await call('com_drive/permission_save_btn', { id: folder.id, row_version: folder.row_version, ...settings }, t.token);
      expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    };
    const run = randomUUID().slice(0, 6);
    folders.allow = await aFolder(t, { name: `Allow ${run}` });
    folders.allowInherited = await aFolder(t, { parentId: folders.allow.id, name: 'Inherited' });
    folders.allowNarrowed = await aFolder(t, { parentId: folders.allow.id, name: 'Narrowed' });
    folders.deny = await aFolder(t, { name: `Deny ${run}` });
    folders.open = await aFolder(t, { name: `Open ${run}` });
    await settle(folders.allow, {
      policy: 'allow',
      update: side([userUpdater.userId, activeUpdater.userId, readerUpdater.userId], [groupG.user_group_id]),
      view: side([userViewer.userId], [groupH.user_group_id]),
    });
    await settle(folders.allowNarrowed, { policy: 'allow', update: side([], [groupG.user_group_id]), view: side([userUpdater.userId]) });
    await settle(folders.deny, { policy: 'deny', view: side([outsider.userId], [groupH.user_group_id]), update: side([], [groupG.user_group_id]) });
    Object.assign(parents, { allow: 'root', allowInherited: folders.allow.id, allowNarrowed: folders.allow.id, deny: 'root', open: 'root' });
  });

  const cells = (Object.keys(expected) as Place[]).flatMap((place) => (Object.keys(expected[place]) as Viewer[]).map((viewer) => [place, viewer] as const));

  // The cells share nothing they change (each has files of its own), so they run side by side.
  it.concurrent.for(cells)('%s folder, %s', async ([place, viewer], { expect }) => {
    const level = expected[place][viewer];
    const drive = rootLevels[viewer];
    const token = tokens[viewer];
    const folder = await fresh(t.token, folders[place].id);
    // The administrator's file in the folder, one per cell (the changes below use it up).
    const file = await uploadFile(t.token, folder.id, `doc-${viewer}-${randomUUID().slice(0, 6)}.txt`, bytes('the document'));
    const answers: Record<string, Outcome | string> = {};
    const expect_: Record<string, Outcome> = {};
    const probe = async (name: string, wanted: Outcome, run: () => Promise<{ body: Envelope<unknown> }>) => {
      expect_[name] = wanted;
      answers[name] = outcomeOf((await run()).body);
    };

    // Listings: the folder is in its parent's page exactly when it can be read.
    // (A parent the viewer cannot read lists nothing: a folder is never open where its parent is closed.)
    const listed = (await namesIn(token, parents[place]).catch(() => [] as string[])).includes(folder.name);
    answers.listedInParent = listed ? 'ok' : 'missing';
    expect_.listedInParent = reads(level);

    // Reads (level 1).
    await probe('drive_info', reads(level), () => call('com_drive/drive_info', { folder_id: folder.id }, token));
    await probe('file_info', reads(level), () => call('com_drive/file_info', { id: file.id }, token));
    await probe('download', reads(level), () => call('com_drive/download', { id: file.id }, token));
    await probe('file_history', reads(level), () => call('com_drive/file_history', { id: file.id }, token));
    await probe('item_tags', reads(level), () => call('com_drive/item_tags', { id: file.id }, token));
    await probe('favorite_add_btn', reads(level), () => call('com_drive/favorite_add_btn', { id: file.id }, token));
    await probe('permission_info', reads(level), () => call('com_drive/permission_info', { id: folder.id }, token));
    await probe('zip_download_btn', reads(level), () => call('com_drive/zip_download_btn', { items: [seen(file)] }, token));
    await probe('share_link_list', reads(level), () => call('com_drive/share_link_list', { id: file.id }, token));
    // Issuing links needs update (3) on the file by default (common settings' link_issuer_level).
    await probe('share_link_create_btn', level >= 3 ? 'ok' : reads(level) === 'ok' ? 'refused' : 'missing', () => call('com_drive/share_link_create_btn', { id: file.id }, token));

    // Adding (level 2): a folder, a file, a copy of the viewer's own file into it.
    await probe('folder_reg_btn', adds(level, drive), () => call('com_drive/folder_reg_btn', { parent_id: folder.id, name: `New ${viewer}` }, token));
    await probe('file_reg_btn', adds(level, drive), () => call('com_drive/file_reg_btn', { folder_id: folder.id, name: `new-${viewer}.txt`, size: 3 }, token));
    // A file the viewer may read at the root (their own where they may add there).
    const source = drive >= 2
      ? await uploadFile(token, 'root', `own-${randomUUID().slice(0, 6)}.txt`, bytes('own'))
      : await uploadFile(t.token, 'root', `shared-${randomUUID().slice(0, 6)}.txt`, bytes('shared'));
    await probe('copy_btn into', adds(level, drive), () => call('com_drive/copy_btn', { items: [seen(source)], folder_id: folder.id }, token));
    // Moves need a change right where the entry leaves too: only viewers who may change at the root are asked.
    if (drive >= 2) {
      const mine = await uploadFile(token, 'root', `mine-${randomUUID().slice(0, 6)}.txt`, bytes('mine'));
      await probe('move_btn into', adds(level, drive), () => call('com_drive/move_btn', { items: [seen(mine)], folder_id: folder.id }, token));
    }

    // Changing the administrator's entry (level 3; level 2 changes only its own).
    await probe('rename_btn', changesOthers(level, drive), async () => call('com_drive/rename_btn', { id: file.id, name: `renamed-${viewer}.txt`, row_version: (await fresh(t.token, file.id)).row_version }, token));
    if (drive >= 2) await probe('move_btn out', changesOthers(level, drive), async () => {
      const away = await aFolder(t, { name: `Away ${randomUUID().slice(0, 6)}` });
      return call('com_drive/move_btn', { items: [seen(await fresh(t.token, file.id))], folder_id: away.id }, token);
    });
    const second = await uploadFile(t.token, folder.id, `second-${viewer}-${randomUUID().slice(0, 6)}.txt`, bytes('another'));
    await probe('delete_btn', changesOthers(level, drive), () => call('com_drive/delete_btn', { items: [seen(second)] }, token));
    // Past the permission check a stale row_version answers -201, so the settings other cells stand on never change.
    // The permission save is a view-level route: whoever reaches the folder is answered by its level there.
    await probe('permission_save_btn', changesOthers(level, 3), () => call('com_drive/permission_save_btn', { id: folder.id, row_version: folder.row_version + 1000, inherit: 1 }, token));

    expect(answers).toEqual(expect_);
  });
});
