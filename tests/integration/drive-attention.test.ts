import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DriveItem } from '#shared/schemas/drive.ts';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { attentionKey, listAttention } from '#data/attention.ts';
import { reindexSearch } from '#domain/search-reindex.ts';
import { db } from '#lib/clients.ts';
import { table } from '#lib/data/table.ts';
import { aFolder, aUser, type SignedInUser } from './support/factories.ts';
import { call } from './support/api.ts';
import { aFile, fresh, seen, sendBytes } from './support/drive.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

/**
 * Issue 28 item 13: the drive's "Needs attention" filter (com_drive/attention_list) lists the scans
 * that failed a scanner check or were registered after their input deadline, among the entries the
 * caller reaches, kept in step by the storage event's check, the trash, its restore and a correction.
 */
const unique = (name: string) => `${randomUUID().slice(0, 8)}-${name}`;
const png = (dpi: number) =>
  sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 200, g: 120, b: 40 } } }).png().withMetadata({ density: dpi }).toBuffer().then((buffer) => new Uint8Array(buffer));
const todayInJapan = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);

const aScan = async (token: string, folderId: string, dpi: number, fields: { received_date?: string } = {}): Promise<DriveItem> =>
  aFile(token, folderId, unique('scan.png'), { document_style: 'scanner', content_type: 'image/png', ...fields }, await png(dpi));

/** The storage event's check runs just after the bytes are confirmed. */
const checked = async (token: string, id: string): Promise<DriveItem> => {
  for (let attempt = 0; attempt < 100; attempt++) {
    const item = await fresh(token, id);
    if (item.scanner_check) return item;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no scanner check');
};

const attention = async (token: string, request: { page_size?: 50 | 100 | 1000; cursor?: string } = {}) => {
  const result = await call('com_drive/attention_list', { page_size: 100, ...request }, token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!;
};
const listedIds = async (token: string) => (await attention(token)).items.map((item) => item.id);

describe('needs attention', { timeout: 120_000 }, () => {
  let t: TestTenant;
  let other: TestTenant;
  let viewer: SignedInUser;

  beforeAll(async () => {
    [t, other] = await Promise.all([newTenant(), newTenant()]);
    viewer = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 3 });
  });

  it('lists a scan that failed its check once the check is in, with the rule and its place; a compliant one is not listed', async () => {
    const folder = await aFolder(t, { name: unique('Scans') });
    const low = await checked(t.token, (await aScan(t.token, folder.id, 150)).id);
    const good = await checked(t.token, (await aScan(t.token, folder.id, 300)).id);
    expect(low.scanner_check).toMatchObject({ status: 'non_compliant', findings: ['dpi'] });
    const page = await attention(t.token);
    expect(page.items.find((item) => item.id === low.id)).toMatchObject({ reasons: ['scanner_check'], path: [{ id: folder.id, name: folder.name }] });
    expect(page.items.map((item) => item.id)).not.toContain(good.id);
    // Another user of the contract who reaches the folder sees it too.
    expect(await listedIds(viewer.token)).toContain(low.id);
  });

  it('lists a scan registered after its input deadline (a correction leaves it late: that stays a fact), and a failed scan leaves once new bytes pass', async () => {
    const late = await aScan(t.token, 'root', 300, { received_date: '2026-01-05' });
    expect(late.input_late).toBe(true);
    const now = await checked(t.token, late.id);
    expect((await attention(t.token)).items.find((item) => item.id === late.id)).toMatchObject({ reasons: ['late'] });
    const corrected = await call('com_drive/file_detail_upd_btn', { id: late.id, row_version: now.row_version, received_date: todayInJapan(), reason: '受領日の入力誤り' }, t.token);
    expect(corrected.body.code, JSON.stringify(corrected.body)).toBe(0);
    expect((await attention(t.token)).items.find((item) => item.id === late.id)).toMatchObject({ reasons: ['late'], version: 2 });

    const low = await checked(t.token, (await aScan(t.token, 'root', 150)).id);
    expect(await listedIds(t.token)).toContain(low.id);
    const next = await png(300);
    const update = await call('com_drive/file_upd_btn', { id: low.id, size: next.byteLength, reason: '再スキャン' }, t.token);
    expect(update.body.code, JSON.stringify(update.body)).toBe(0);
    await sendBytes(t.token, low.id, update.body.data!.upload, next);
    await expect.poll(async () => (await fresh(t.token, low.id)).scanner_check?.status, { timeout: 15_000 }).toBe('compliant');
    expect(await listedIds(t.token)).not.toContain(low.id);
    expect((await listAttention(t.kykId, { pageSize: 1000 }))!.entries.map((entry) => entry.itemId)).not.toContain(low.id);
  });

  it('leaves the list when trashed (its row removed, not only hidden) and comes back with the restore', async () => {
    const low = await checked(t.token, (await aScan(t.token, 'root', 100)).id);
    expect(await listedIds(t.token)).toContain(low.id);
    const trashed = await call('com_drive/delete_btn', { items: [seen(low)], reason: '読み取り直し' }, t.token);
    expect(trashed.body.code, JSON.stringify(trashed.body)).toBe(0);
    expect(await listedIds(t.token)).not.toContain(low.id);
    expect((await listAttention(t.kykId, { pageSize: 100 }))!.entries.map((entry) => entry.itemId)).not.toContain(low.id);
    const restored = await call('com_drive/restore_btn', { items: [{ id: low.id, row_version: low.row_version + 1 }] }, t.token);
    expect(restored.body.code, JSON.stringify(restored.body)).toBe(0);
    expect(await listedIds(t.token)).toContain(low.id);
  });

  it('never lists an entry the caller does not reach: a folder closed to them', async () => {
    const closed = await aFolder(t, { name: unique('Closed') });
    const low = await checked(t.token, (await aScan(t.token, closed.id, 120)).id);
    const folder = await fresh(t.token, closed.id);
    const saved = await call('com_drive/permission_save_btn', {
      id: closed.id, row_version: folder.row_version, policy: 'deny', view: { users: [viewer.userId], groups: [] }, update: { users: [], groups: [] },
    }, t.token);
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    expect(await listedIds(t.token)).toContain(low.id);
    expect(await listedIds(viewer.token)).not.toContain(low.id);
    // The folder carries the restricted marker in its parent's listing.
    const root = await call('com_drive/drive_info', { folder_id: 'root', page_size: 1000 }, t.token);
    expect(root.body.data!.items.find((item) => item.id === closed.id)).toMatchObject({ restricted: true });
  });

  it('pages by cursor, newest registration first, and refuses a cursor that is not one', async () => {
    const first = (await listAttention(t.kykId, { pageSize: 1 }))!;
    expect(first.entries).toHaveLength(1);
    const second = (await listAttention(t.kykId, { pageSize: 1, cursor: first.nextCursor! }))!;
    expect(second.entries[0]!.itemId).not.toBe(first.entries[0]!.itemId);
    const all = (await attention(t.token)).items;
    expect(all.slice(0, 2).map((item) => item.id)).toEqual([first.entries[0]!.itemId, second.entries[0]!.itemId]);
    expect(all[0]!.regist_date >= all[1]!.regist_date).toBe(true);
    const bad = await call('com_drive/attention_list', { page_size: 50, cursor: 'bm90LWEtY3Vyc29y' }, t.token);
    expect(bad.body).toMatchObject({ code: -4, info: { fields: { cursor: 'The value is not valid.' } } });
  });

  it('keeps each contract to its own: another contract sees none of them, even with this one\'s cursor', async () => {
    const low = await checked(t.token, (await aScan(t.token, 'root', 90)).id);
    expect((await attention(t.token)).items[0]!.id).toBe(low.id);
    const mine = (await listAttention(t.kykId, { pageSize: 1 }))!;
    expect(mine.entries.map((entry) => entry.itemId)).toEqual([low.id]);
    expect((await attention(other.token)).items).toEqual([]);
    const borrowed = await call('com_drive/attention_list', { page_size: 100, cursor: mine.nextCursor! }, other.token);
    expect(borrowed.body.code).toBe(0);
    expect(borrowed.body.data!.items).toEqual([]);
    // Its file is an unknown id there, and stays as it was.
    expect((await call('com_drive/file_info', { id: low.id }, other.token)).body.code).toBe(-3);
    expect(await listedIds(t.token)).toContain(low.id);
  });
  it('the operator\'s reindex puts back the rows of files checked before "Needs attention" existed, never a trashed one\'s', async () => {
    const folder = await aFolder(t, { name: unique('Old scans') });
    const old = await checked(t.token, (await aScan(t.token, folder.id, 100)).id);
    const trashed = await checked(t.token, (await aScan(t.token, folder.id, 100)).id);
    // As a contract from before the rows: none for either.
    for (const item of [old, trashed]) await db().send(new DeleteCommand({ TableName: table(), Key: attentionKey(t.kykId, item.regist_date, item.id) }));
    const trash = await call('com_drive/delete_btn', { items: [seen(trashed)], reason: '読み取り直し' }, t.token);
    expect(trash.body.code, JSON.stringify(trash.body)).toBe(0);
    expect(await listedIds(t.token)).not.toContain(old.id);

    const report = await reindexSearch(t.kykId);
    expect(report.attention).toBeGreaterThanOrEqual(1);
    expect((await attention(t.token)).items.find((item) => item.id === old.id)).toMatchObject({ reasons: ['scanner_check'] });
    expect((await listAttention(t.kykId, { pageSize: 1000 }))!.entries.map((entry) => entry.itemId)).not.toContain(trashed.id);
    // Another contract's reindex puts nothing of this one's.
    expect((await reindexSearch(other.kykId)).attention).toBe(0);
  });
});
