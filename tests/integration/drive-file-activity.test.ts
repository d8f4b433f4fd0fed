import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DriveItem } from '#shared/schemas/drive.ts';
import type { FileActivityEntry } from '#shared/schemas/drive-usage.ts';
import { aFolder, aUser, type SignedInUser } from './support/factories.ts';
import { call, postFrom } from './support/api.ts';
import { aFile, fresh, seen, sendBytes, uploadFile } from './support/drive.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

/**
 * One entry's activity in the details panel (docs/drive.md "Activity of one entry"): versions,
 * downloads, share links and moves newest first, paged; administrators see everyone's, others the
 * versions and their own events; an entry the caller does not reach, or another contract's, is unknown.
 */
const bytes = (text: string) => new TextEncoder().encode(text);

async function activity(token: string, id: string, pageSize = 50): Promise<{ entries: FileActivityEntry[]; scope: string; pages: number }> {
  const entries: FileActivityEntry[] = [];
  let cursor: string | undefined;
  let scope = '';
  for (let pages = 1; pages < 40; pages++) {
    const result = await call('com_drive/file_activity', { id, page_size: pageSize, ...(cursor ? { cursor } : {}) }, token);
    expect(result.body.code, JSON.stringify(result.body)).toBe(0);
    entries.push(...result.body.data!.entries);
    scope = result.body.data!.scope;
    if (!result.body.data!.next_cursor) return { entries, scope, pages };
    cursor = result.body.data!.next_cursor;
  }
  throw new Error('the activity did not end');
}

const summary = (entries: FileActivityEntry[]) => entries.map((entry) => [entry.kind, entry.action ?? entry.version ?? entry.link_id ?? '', entry.user_id]);

describe("one file's activity", { timeout: 120_000 }, () => {
  let t: TestTenant;
  let other: TestTenant;
  let member: SignedInUser;
  let viewer: SignedInUser;
  let file: DriveItem;
  let linkId: string;

  beforeAll(async () => {
    [t, other] = await Promise.all([newTenant(), newTenant()]);
    [member, viewer] = await Promise.all([
      aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 3 }),
      aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 1 }),
    ]);
    const [from, to] = await Promise.all([aFolder(t, { name: 'Inbox' }), aFolder(t, { name: 'Filed' })]);
    file = await uploadFile(t.token, from.id, 'offer.txt', bytes('offer'), 'text/plain');
    // A second version by the member.
    const next = bytes('offer v2');
    const update = await call('com_drive/file_upd_btn', { id: file.id, size: next.byteLength }, member.token);
    expect(update.body.code, JSON.stringify(update.body)).toBe(0);
    await sendBytes(member.token, file.id, update.body.data!.upload, next);
    for (let attempt = 0; attempt < 100 && (await fresh(t.token, file.id)).version < 2; attempt++) await new Promise((resolve) => setTimeout(resolve, 50));
    for (const token of [t.token, member.token, viewer.token]) expect((await call('com_drive/download', { id: file.id }, token)).body.code).toBe(0);
    const link = await call('com_drive/share_link_create_btn', { id: file.id }, t.token);
    expect(link.body.code, JSON.stringify(link.body)).toBe(0);
    linkId = link.body.data!.link.link_id;
    const [, , kykId, token] = link.body.data!.url_path.split('/');
    expect((await postFrom('127.9.0.2', 'share/download', { kyk_id: decodeURIComponent(kykId!), token: token! })).body.code).toBe(0);
    const moved = await call('com_drive/move_btn', { items: [seen(await fresh(t.token, file.id))], folder_id: to.id }, t.token);
    expect(moved.body.code, JSON.stringify(moved.body)).toBe(0);
  });

  it("shows administrators everything, everyone's downloads included, newest first, the same in pages of any size", async () => {
    const { entries, scope } = await activity(t.token, file.id);
    expect(scope).toBe('contract');
    expect(summary(entries)).toEqual([
      ['access', 'move', 'admin'],
      ['access', 'share_download', ''],
      ['link_created', linkId, 'admin'],
      ['access', 'download', viewer.userId],
      ['access', 'download', member.userId],
      ['access', 'download', 'admin'],
      ['version', 2, member.userId],
      ['version', 1, 'admin'],
    ]);
    expect(entries[1]).toMatchObject({ link_id: linkId, user_nm: '' });
    expect(entries.at(-1)!.user_nm).not.toBe('');
    // Opening the details (file_info) is not activity.
    expect(entries.some((entry) => entry.action === 'info')).toBe(false);
    const paged = await activity(t.token, file.id, 3);
    expect(paged.pages).toBeGreaterThanOrEqual(3);
    expect(paged.entries.map((entry) => entry.id)).toEqual(entries.map((entry) => entry.id));
  });

  it('shows others the versions and their own events only', async () => {
    const { entries, scope } = await activity(member.token, file.id);
    expect(scope).toBe('own');
    expect(summary(entries)).toEqual([
      ['access', 'download', member.userId],
      ['version', 2, member.userId],
      ['version', 1, 'admin'],
    ]);
    expect(summary((await activity(viewer.token, file.id)).entries)).toEqual([
      ['access', 'download', viewer.userId],
      ['version', 2, member.userId],
      ['version', 1, 'admin'],
    ]);
  });

  it("shows a bookkeeping document's corrections, deletion and restore from its history, with their reasons, once each", async () => {
    const document = await aFile(t.token, 'root', `invoice-${randomUUID().slice(0, 8)}.pdf`, { document_style: 'e_trading', transaction_date: '2026-03-31', transaction_amount: 108_000, provider: '株式会社テスト' });
    const corrected = await call('com_drive/file_detail_upd_btn', { id: document.id, row_version: document.row_version, transaction_amount: 110_000, reason: '金額の入力誤り' }, t.token);
    expect(corrected.body.code, JSON.stringify(corrected.body)).toBe(0);
    expect((await call('com_drive/delete_btn', { items: [seen(corrected.body.data!.item)], reason: '重複登録' }, t.token)).body.code).toBe(0);
    const [trashed] = (await call('com_drive/recycle_list', {}, t.token)).body.data!.items.filter((item) => item.id === document.id);
    expect((await call('com_drive/restore_btn', { items: [{ id: document.id, row_version: trashed!.row_version }] }, t.token)).body.code).toBe(0);
    const { entries } = await activity(t.token, document.id);
    expect(entries.map((entry) => [entry.kind, entry.reason ?? null])).toEqual([
      ['restore', null], ['deletion', '重複登録'], ['correction', '金額の入力誤り'], ['version', null],
    ]);
    // Others read the corrections too.
    expect((await activity(viewer.token, document.id)).entries.map((entry) => entry.kind)).toEqual(['restore', 'deletion', 'correction', 'version']);
  });

  it('answers an entry the caller does not reach, and another contract, as an unknown id', async () => {
    const closed = await aFolder(t, { name: 'Closed' });
    const hidden = await uploadFile(t.token, closed.id, 'hidden.txt', bytes('h'));
    const saved = await call('com_drive/permission_save_btn', {
      id: closed.id, row_version: (await fresh(t.token, closed.id)).row_version, policy: 'allow',
      view: { users: [], groups: [] }, update: { users: ['admin'], groups: [] },
    }, t.token);
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    const denied = await call('com_drive/file_activity', { id: hidden.id }, member.token);
    expect(denied.body).toMatchObject({ code: -3 });
    const unknown = await call('com_drive/file_activity', { id: randomUUID() }, member.token);
    expect({ ...denied.body, info: null }).toEqual({ ...unknown.body, info: null });
    const elsewhere = await call('com_drive/file_activity', { id: file.id }, other.token);
    expect(elsewhere.body).toMatchObject({ code: -3 });
    // A forged cursor is refused; one of this contract replayed by another reads nothing.
    const first = await call('com_drive/file_activity', { id: file.id, page_size: 2 }, t.token);
    expect((await call('com_drive/file_activity', { id: file.id, cursor: 'eyJ4IjoxfQ' }, t.token)).body.code).toBe(-4);
    expect((await call('com_drive/file_activity', { id: file.id, cursor: first.body.data!.next_cursor! }, other.token)).body.code).toBe(-3);
  });
});
