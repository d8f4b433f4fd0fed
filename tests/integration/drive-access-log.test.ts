import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RouteRequest } from '#shared/routes.ts';
import type { DriveItem } from '#shared/schemas/drive.ts';
import type { AccessEvent } from '#shared/schemas/drive-usage.ts';
import { writeAccessEvents, type NewAccessEvent } from '#data/access-log.ts';
import { aFolder, aUser, type SignedInUser } from './support/factories.ts';
import { call, post } from './support/api.ts';
import { seen, trash, uploadFile } from './support/drive.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

/**
 * The drive's access log (docs/drive.md "Access log"): each drive operation writes who did what to
 * which entry and when; the list pages newest first and filters by user, action, entry and time by
 * key condition; the export is CSV; others than administrators read their own events only; no
 * contract reads another's.
 */
const text = (value: string) => new TextEncoder().encode(value);
type Filters = Omit<RouteRequest<'com_drive/access_log'>, 'cursor'>;

async function logPage(token: string, body: RouteRequest<'com_drive/access_log'>) {
  const result = await call('com_drive/access_log', body, token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!;
}

/** Every page of a filter, in order. */
async function wholeLog(token: string, filters: Filters = {}): Promise<AccessEvent[]> {
  const events: AccessEvent[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 50; pages++) {
    const page = await logPage(token, { page_size: 50, ...filters, ...(cursor ? { cursor } : {}) });
    events.push(...page.events);
    if (!page.next_cursor) return events;
    cursor = page.next_cursor;
  }
  throw new Error('the log did not end');
}

const actionsOn = async (token: string, itemId: string) => (await wholeLog(token, { item_id: itemId })).map((event) => event.action);
const trashRow = async (token: string, id: string) => {
  const entry = (await call('com_drive/recycle_list', { page_size: 1000 }, token)).body.data!.items.find((item) => item.id === id)!;
  return { id: entry.id, row_version: entry.row_version };
};

describe('the access log', () => {
  let t: TestTenant;
  let other: TestTenant;
  let member: SignedInUser;
  let file: DriveItem;
  const started = new Date().toISOString();

  beforeAll(async () => {
    [t, other] = await Promise.all([newTenant(), newTenant()]);
    member = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 3 });
  });

  it('records each operation with who, what and when, newest first', async () => {
    const folder = await aFolder(t, { name: 'Contracts' });
    // The helper waits for the file as the SPA's upload does (`polling`): no "info" event.
    file = await uploadFile(t.token, 'root', 'offer.pdf', text('offer bytes'));
    // The storage event logs the upload just after it makes the file ready: wait for it, so the events' order is the calls'.
    for (let attempt = 0; attempt < 100 && !(await wholeLog(t.token, { item_id: file.id })).some((event) => event.action === 'upload'); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await call('com_drive/file_info', { id: file.id }, t.token)).body.code).toBe(0);
    expect((await call('com_drive/download', { id: file.id }, t.token)).body.code).toBe(0);
    const renamed = await call('com_drive/rename_btn', { id: file.id, name: 'offer-final.pdf', row_version: file.row_version }, t.token);
    expect(renamed.body.code).toBe(0);
    const tag = await call('com_drive/tag_create_btn', { name: 'Signed', scope: 'common' }, t.token);
    expect((await call('com_drive/item_tags_save_btn', { id: file.id, tag_ids: [tag.body.data!.tag.id] }, t.token)).body.code).toBe(0);
    const moved = await call('com_drive/move_btn', { items: [seen(renamed.body.data!.item)], folder_id: folder.id }, t.token);
    expect(moved.body.data!.done).toEqual([file.id]);
    const current = (await call('com_drive/file_info', { id: file.id }, t.token)).body.data!.item;
    await trash(t.token, current);
    expect((await call('com_drive/restore_btn', { items: [await trashRow(t.token, file.id)] }, t.token)).body.data!.done).toEqual([file.id]);

    const events = await wholeLog(t.token, { item_id: file.id });
    expect(events.map((event) => event.action)).toEqual(['restore', 'trash', 'info', 'move', 'tags', 'rename', 'download', 'info', 'upload']);
    for (const event of events) {
      expect(event).toMatchObject({ user_id: 'admin', user_nm: '管理者 太郎', item_id: file.id, item_type: 'file', size: 11 });
      expect(event.at >= started && event.at <= new Date().toISOString()).toBe(true);
    }
    expect(events.map((event) => event.at)).toEqual(events.map((event) => event.at).sort().reverse());
    const byAction = Object.fromEntries(events.map((event) => [event.action, event]));
    expect(byAction.upload).toMatchObject({ item_name: 'offer.pdf', detail: null });
    expect(byAction.rename).toMatchObject({ item_name: 'offer-final.pdf', detail: 'offer.pdf' });
    expect(byAction.tags).toMatchObject({ detail: 'Signed' });
    expect(byAction.move).toMatchObject({ detail: '/Contracts' });
  });

  it('writes one event per entry of a bulk call, and deleting for good and emptying the trash', async () => {
    const files = await Promise.all(['a.txt', 'b.txt', 'c.txt'].map((name) => uploadFile(t.token, 'root', name, text(name))));
    await trash(t.token, ...files);
    for (const one of files) expect((await actionsOn(t.token, one.id))[0]).toBe('trash');
    const gone = await call('com_drive/force_delete_btn', { items: [await trashRow(t.token, files[0]!.id)] }, t.token);
    expect(gone.body.data!.done).toEqual([files[0]!.id]);
    expect((await actionsOn(t.token, files[0]!.id))[0]).toBe('delete');
    expect((await call('com_drive/trash_empty_btn', {}, t.token)).body.data).toEqual({ finished: true });
    for (const one of files.slice(1)) expect((await actionsOn(t.token, one.id)).slice(0, 2)).toEqual(['delete', 'trash']);
    // The entry is gone, its events stay, with the name it had.
    const [last] = await wholeLog(t.token, { item_id: files[2]!.id, action: 'delete' });
    expect(last).toMatchObject({ item_name: 'c.txt', user_id: 'admin' });
  });

  it('filters by user, action, entry and time, alone and together', async () => {
    const own = await uploadFile(member.token, 'root', `member-${Date.now()}.txt`, text('mine'));
    expect((await call('com_drive/download', { id: own.id }, member.token)).body.code).toBe(0);
    expect((await call('com_drive/download', { id: file.id }, member.token)).body.code).toBe(0);

    const byMember = await wholeLog(t.token, { user_id: member.userId });
    expect(byMember.map((event) => [event.action, event.item_id])).toEqual([['download', file.id], ['download', own.id], ['upload', own.id]]);
    const downloads = await wholeLog(t.token, { action: 'download' });
    expect(downloads.every((event) => event.action === 'download')).toBe(true);
    expect(downloads.map((event) => event.user_id)).toEqual([member.userId, member.userId, 'admin']);
    expect((await wholeLog(t.token, { user_id: member.userId, action: 'upload' })).map((event) => event.item_id)).toEqual([own.id]);
    expect((await wholeLog(t.token, { item_id: file.id, user_id: member.userId })).map((event) => event.action)).toEqual(['download']);
    expect((await wholeLog(t.token, { item_id: file.id, action: 'download' })).map((event) => event.user_id)).toEqual([member.userId, 'admin']);

    const middle = byMember[1]!.at;
    const since = await wholeLog(t.token, { user_id: member.userId, date_from: middle });
    expect(since.map((event) => event.action)).toEqual(['download', 'download']);
    const until = await wholeLog(t.token, { user_id: member.userId, date_to: middle });
    expect(until.map((event) => event.action)).toEqual(['upload']);
    expect(await wholeLog(t.token, { date_from: '2020-01-01T00:00:00.000Z', date_to: '2020-02-01T00:00:00.000Z' })).toEqual([]);
  });

  it('pages newest first across days without repeating or losing an event', async () => {
    const seeded = await newTenant();
    const now = Date.now();
    const itemIds = Array.from({ length: 4 }, () => randomUUID());
    // Spread over 70 days with gaps, several events on some days, pages ending inside a day and at its end.
    const events: NewAccessEvent[] = Array.from({ length: 130 }, (_, index) => ({
      kyk_id: seeded.kykId, user_id: index % 3 === 0 ? 'admin' : 'someone', user_nm: 'N', action: index % 2 === 0 ? 'download' : 'info',
      item_id: itemIds[index % 4]!, item_type: 'file', item_name: `f${index}.txt`, size: index, detail: null,
      at: new Date(now - Math.floor(index / 2) * 86_400_000 * (index % 5 === 0 ? 1 : 1.07) - index * 1000).toISOString(),
    }));
    await writeAccessEvents(events);
    const expected = events.map((event) => event.at).sort().reverse();

    const all = await wholeLog(seeded.token);
    expect(all.map((event) => event.at)).toEqual(expected);
    expect(new Set(all.map((event) => event.id)).size).toBe(130);
    const first = await logPage(seeded.token, { page_size: 50 });
    expect(first.events).toHaveLength(50);
    expect(first.scope).toBe('contract');

    const infos = await wholeLog(seeded.token, { action: 'info' });
    expect(infos.map((event) => event.at)).toEqual(events.filter((event) => event.action === 'info').map((event) => event.at).sort().reverse());
    const someone = await wholeLog(seeded.token, { user_id: 'someone' });
    expect(someone).toHaveLength(events.filter((event) => event.user_id === 'someone').length);
    const item = await wholeLog(seeded.token, { item_id: itemIds[1] });
    expect(item.map((event) => event.item_name)).toEqual(events.filter((event) => event.item_id === itemIds[1]).sort((a, b) => (a.at! < b.at! ? 1 : -1)).map((event) => event.item_name));
    // Older than the retention (a year) is never shown, even before DynamoDB's TTL removes it.
    await writeAccessEvents([{ ...events[0]!, at: new Date(now - 400 * 86_400_000).toISOString(), item_name: 'ancient.txt' }]);
    expect((await wholeLog(seeded.token)).some((event) => event.item_name === 'ancient.txt')).toBe(false);
  });

  it('exports the filtered log as CSV in UTF-8 with a BOM, in the caller language', async () => {
    const result = await call('com_drive/access_log_export', { item_id: file.id, action: 'download' }, t.token);
    expect(result.body.code, JSON.stringify(result.body)).toBe(0);
    const { url, file_name, rows, truncated } = result.body.data!;
    expect({ rows, truncated }).toEqual({ rows: 2, truncated: false });
    expect(file_name).toMatch(/^access_log_\d{14}\.csv$/);
    const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.subarray(3)).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Date and time,User ID,User name,Action,Type,Name,Item ID,Size (bytes),Detail');
    expect(lines.slice(1).map((line) => line.split(',').slice(1))).toEqual([
      [member.userId, expect.any(String), 'Downloaded', 'File', 'offer-final.pdf', file.id, '11', ''],
      ['admin', '管理者 太郎', 'Downloaded', 'File', 'offer.pdf', file.id, '11', ''],
    ]);
    expect(lines[1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2},/);

    // The export speaks the caller's language (the profile's, set from the top bar).
    expect((await call('com/chang_language', { language: 'ja' }, member.token)).body.code).toBe(0);
    const ja = await post<{ url: string; file_name: string }>('com_drive/access_log_export', { item_id: file.id, action: 'download' }, member.token);
    expect((await call('com/chang_language', { language: 'en' }, member.token)).body.code).toBe(0);
    expect(ja.body.data!.file_name).toMatch(/^アクセスログ_\d{14}\.csv$/);
    const jaLines = new TextDecoder().decode(new Uint8Array(await (await fetch(ja.body.data!.url)).arrayBuffer()).subarray(3)).split('\r\n');
    expect(jaLines[0]).toBe('日時,ユーザーID,ユーザー名,操作,種類,名前,アイテムID,サイズ（バイト）,詳細');
    expect(jaLines[1]).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2},.*,ダウンロード,ファイル,/);
  });

  it("shows others than administrators their own events only, and refuses another user's (-101)", async () => {
    const page = await logPage(member.token, { page_size: 50 });
    expect(page.scope).toBe('own');
    expect(page.events.length).toBeGreaterThan(0);
    expect(page.events.every((event) => event.user_id === member.userId)).toBe(true);
    expect((await wholeLog(member.token, { item_id: file.id })).map((event) => event.user_id)).toEqual([member.userId]);
    const refused = await call('com_drive/access_log', { user_id: 'admin' }, member.token);
    expect(refused.body).toMatchObject({ code: -101, message: 'You do not have permission to access this function.' });
    const exported = await call('com_drive/access_log_export', {}, member.token);
    const csv = new TextDecoder().decode(new Uint8Array(await (await fetch(exported.body.data!.url)).arrayBuffer()));
    expect(csv).not.toContain(',admin,');
    expect(exported.body.data!.rows).toBe(page.events.length);
  });

  it('keeps contracts apart: filters, ids and cursors of one contract read nothing of another', async () => {
    expect(await wholeLog(other.token)).toEqual([]);
    expect(await wholeLog(other.token, { item_id: file.id })).toEqual([]);
    expect(await wholeLog(other.token, { user_id: 'admin' })).toEqual([]);
    const [newest] = await wholeLog(t.token);
    const cursor = Buffer.from(JSON.stringify({ s: `${new Date(Date.now() + 1000).toISOString()}#${newest!.id}` })).toString('base64url');
    const replayed = await logPage(other.token, { page_size: 50, cursor });
    expect(replayed.events).toEqual([]);
    const exported = await call('com_drive/access_log_export', {}, other.token);
    expect(exported.body.data!.rows).toBe(0);
  });

  it('refuses bad input with -4 on the field and writes nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ action: 'peek' }, 'action', 'The value is not valid.'],
      [{ item_id: '../x' }, 'item_id', 'The value is not valid.'],
      [{ date_from: '2026/11/25' }, 'date_from', 'The value is not valid.'],
      [{ date_from: '2026-11-25T00:00:00.000Z', date_to: '2026-11-24T00:00:00.000Z' }, 'date_to', 'The end must not be before the start.'],
      [{ cursor: 'bm90LWEtY3Vyc29y' }, 'cursor', 'The value is not valid.'],
      [{ page_size: 7 }, 'page_size', 'The value is not valid.'],
      [{ kyk_id: other.kykId }, 'kyk_id', 'This field is not accepted.'],
    ];
    const before = (await wholeLog(t.token)).length;
    for (const [body, field, message] of cases) {
      const result = await call('com_drive/access_log', body as never, t.token);
      expect(result.body.code, JSON.stringify(body)).toBe(-4);
      expect(result.body.info!.fields, JSON.stringify(body)).toEqual({ [field]: message });
    }
    expect((await call('com_drive/access_log_export', { action: 'peek' } as never, t.token)).body.code).toBe(-4);
    const polling = await call('com_drive/file_info', { id: file.id, polling: false } as never, t.token);
    expect(polling.body.info!.fields).toEqual({ polling: 'The value is not valid.' });
    expect((await wholeLog(t.token)).length).toBe(before);
  });
});
