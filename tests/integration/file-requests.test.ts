import { randomBytes } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { RouteRequest, RouteResponse } from '#shared/routes.ts';
import type { DriveItem } from '#shared/schemas/drive.ts';
import { LINK_PASSWORD_FAILURES, ADDRESS_FAILURES, THROTTLE_WINDOW_SECONDS } from '#functions/shares/link-rules.ts';
import { sendDueDigests } from '#domain/drive/request-digest.ts';
import { logger } from '#lib/logger.ts';
import { db } from '#lib/clients.ts';
import { config } from '#lib/config.ts';
import { folderRequestCountKey, fileRequestKey, getFileRequest } from '#data/file-requests.ts';
import { aFolder, aUser, type SignedInUser } from './support/factories.ts';
import { call, inOneWindow, postFrom, type ApiResult } from './support/api.ts';
import { auditOfTarget } from './support/audit.ts';
import { fresh, trash, uploadFile } from './support/drive.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

/**
 * File-request links (docs/drive.md "File requests") through the real stand-ins: the public page's
 * two calls, the presigned PUT into s3rver, the storage event that confirms it, the digest mail in
 * the SES stand-in.
 */

const bytes = (text: string) => new TextEncoder().encode(text);
const KiB = 1024;

/** Each test calls the public page from addresses of its own, so the per-address throttle of one never meets another's. */
let nextAddress = 10;
const anAddress = () => `127.1.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 2}`;

interface Link { kyk_id: string; token: string; request: RouteResponse<'com_drive/file_request_create_btn'>['request']; url_path: string }

const tokenOf = (urlPath: string) => {
  const [, , kykId, token] = urlPath.split('/');
  return { kyk_id: decodeURIComponent(kykId!), token: token! };
};

async function makeRequest(token: string, body: RouteRequest<'com_drive/file_request_create_btn'>): Promise<Link> {
  const result = await call('com_drive/file_request_create_btn', body, token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return { ...result.body.data!, ...tokenOf(result.body.data!.url_path) };
}

const info = (link: Pick<Link, 'kyk_id' | 'token'>, password?: string, from = anAddress()) =>
  postFrom(from, 'request/info', { kyk_id: link.kyk_id, token: link.token, ...(password === undefined ? {} : { password }) });

const send = (link: Pick<Link, 'kyk_id' | 'token'>, file: { name: string; size: number; password?: string; sender?: string; content_type?: string }, from = anAddress()) =>
  postFrom(from, 'request/upload', { kyk_id: link.kyk_id, token: link.token, ...file });

/** Sends a file the whole way: the call, then its bytes to the presigned URL (s3rver's event confirms it). */
async function sendFile(link: Link, name: string, content: Uint8Array, extra: { sender?: string; password?: string } = {}): Promise<RouteResponse<'request/upload'>> {
  const answer = await send(link, { name, size: content.byteLength, content_type: 'text/plain', ...extra });
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(0);
  const put = await fetch(answer.body.data!.url, { method: 'PUT', headers: answer.body.data!.headers, body: content });
  expect(put.status).toBe(200);
  return answer.body.data!;
}

/** The folder's entry of a name once the storage event confirmed it. */
async function arrived(token: string, folderId: string, name: string): Promise<DriveItem> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const page = await call('com_drive/drive_info', { folder_id: folderId, page_size: 1000 }, token);
    const item = page.body.data?.items.find((one) => one.name === name);
    if (item?.status === 'ready') return item;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${name} never arrived`);
}

interface StoredMail { destination: { to: string[] }; subject: string; body: { text?: string } }
/** The digest mails of a link (its title is in the subject) the SES stand-in received for an address. */
async function mailsTo(address: string, title: string): Promise<StoredMail[]> {
  const response = await fetch(new URL('store', inject('stack').mailViewer));
  const { emails } = (await response.json()) as { emails: StoredMail[] };
  return emails.filter((mail) => mail.destination.to.includes(address) && mail.subject.includes(title));
}
async function waitForMails(address: string, title: string, count: number): Promise<StoredMail[]> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const mails = await mailsTo(address, title);
    if (mails.length >= count) return mails;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${count} mail(s) to ${address} never came`);
}

const setOnRequest = (kykId: string, requestId: string, expression: string, values: Record<string, unknown>) =>
  db().send(new UpdateCommand({ TableName: config.tableName, Key: fileRequestKey(kykId, requestId), UpdateExpression: expression, ExpressionAttributeValues: values }));

const codeOf = (result: ApiResult<unknown>) => result.body.code;

async function settle(t: TestTenant, changes: Omit<RouteRequest<'com/common_setting_save_btn'>, 'row_version'>) {
  const current = await call('com/common_setting_info', {}, t.token);
  const saved = await call('com/common_setting_save_btn', { ...changes, row_version: current.body.data!.row_version }, t.token);
  expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
}

describe('file-request links', { timeout: 60_000 }, () => {
  let t: TestTenant;
  let creator: SignedInUser;
  beforeAll(async () => {
    t = await newTenant();
    creator = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 3 });
  });

  it('makes a link with the defaults, and a sent file arrives received in the creator\'s name, numbered, logged under the link, mailed', async () => {
    const folder = await aFolder(t, { name: 'Invoices in' });
    await uploadFile(t.token, folder.id, 'invoice.txt', bytes('ours'), 'text/plain');
    const made = await makeRequest(creator.token, { folder_id: folder.id, document_style: 'e_trading' });
    expect(made.url_path).toMatch(new RegExp(`^/request/${t.kykId}/[A-Za-z0-9_-]{59}$`));
    // The contract's default validity (7 days), the schema's defaults: 20 files, 1 GiB, every kind; the folder's name as title.
    expect(made.request).toMatchObject({
      folder_id: folder.id, folder_name: 'Invoices in', title: 'Invoices in', creator_id: creator.userId, state: 'active',
      max_files: 20, max_bytes: 1024 * 1024 * 1024, files_received: 0, allowed_kinds: [], has_password: false, may_revoke: true, document_style: 'e_trading',
    });
    expect(Date.parse(made.request.expires_at) - Date.parse(made.request.created_at)).toBe(7 * 86_400_000);
    const stored = await getFileRequest(t.kykId, made.request.request_id);
    expect(JSON.stringify(stored)).not.toContain(made.token.slice(16));
    expect((await auditOfTarget(t.kykId, 'folder', folder.id)).map((record) => record.action)).toContain('drive.file_request_create');

    const shown = await info(made);
    expect(shown.body).toMatchObject({ code: 0, data: { password_required: false, title: 'Invoices in', creator_nm: `User ${creator.userId}`, files_left: 20, allowed_kinds: [] } });

    const content = bytes('invoice 2026-11 theirs');
    const sent = await sendFile(made, 'invoice.txt', content, { sender: 'Sato, ACME' });
    // The folder holds the name: the sender's file is numbered, and they learn nothing else of the folder.
    expect(sent).toMatchObject({ name: 'invoice (1).txt', files_left: 19, bytes_left: 1024 * 1024 * 1024 - content.byteLength });
    const item = await arrived(t.token, folder.id, 'invoice (1).txt');
    // Received: general until accepted, in the creator's name, its source and sender kept.
    expect(item).toMatchObject({ document_style: 'general', regist_user_id: creator.userId, size: content.byteLength });
    expect(item.received).toMatchObject({ channel: 'link', source_id: made.request.request_id, creator_id: creator.userId, document_style: 'e_trading', sender: 'Sato, ACME' });
    const attention = await call('com_drive/attention_list', {}, t.token);
    expect(attention.body.data!.items.find((one) => one.id === item.id)?.reasons).toContain('received');

    // The access log: the link's upload (anonymous), its creator's to read, not the creator's own upload.
    let events: RouteResponse<'com_drive/access_log'>['events'] = [];
    for (let attempt = 0; attempt < 50 && events.length === 0; attempt++) {
      events = (await call('com_drive/access_log', { item_id: item.id, action: 'upload' }, t.token)).body.data!.events;
      if (events.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(events).toEqual([expect.objectContaining({ action: 'upload', user_id: '', link_id: made.request.request_id, link_creator_id: creator.userId, detail: 'Sato, ACME' })]);
    const own = await call('com_drive/access_log', { action: 'upload', item_id: item.id }, creator.token);
    expect(own.body.data!.events.map((event) => event.link_id)).toEqual([made.request.request_id]);

    // The creator's lists count it.
    const listed = await call('com_drive/file_request_list', { folder_id: folder.id }, creator.token);
    expect(listed.body.data!.requests).toEqual([expect.objectContaining({ request_id: made.request.request_id, files_received: 1, bytes_received: content.byteLength, state: 'active' })]);
    expect((await call('com_drive/file_request_list', {}, creator.token)).body.data!.requests.map((one) => one.request_id)).toContain(made.request.request_id);
    expect((await call('com_drive/file_request_list', { folder_id: folder.id }, t.token)).body.data!.requests).toEqual([]);

    // The first arrival is mailed at once (no mail in the last 10 minutes), in the creator's language.
    const [mail] = await waitForMails(`${creator.userId}@example.com`, 'Invoices in', 1);
    expect(mail!.subject).toBe('Files received through your link "Invoices in"');
    expect(mail!.body.text).toContain('1 file(s) arrived');
    expect(mail!.body.text).toContain('- invoice (1).txt (22 B) — Sato, ACME');
  });

  it('takes exactly N files however many send at once, keeps its byte budget and its kinds', async () => {
    // The administrator's links: their pending uploads (never sent here) stay under the test caps.
    const local = t;
    const folder = await aFolder(local, { name: 'Parallel' });
    const made = await makeRequest(local.token, { folder_id: folder.id, max_files: 3 });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => send(made, { name: `scan-${index}.pdf`, size: 10 })));
    const codes = answers.map(codeOf);
    expect(codes.filter((code) => code === 0)).toHaveLength(3);
    expect(codes.filter((code) => code === -990000360001)).toHaveLength(7);
    expect(answers.find((answer) => answer.body.code !== 0)!.body.message).toBe('This link has received all the files it can take. Ask the person who sent it for a new one.');
    expect((await getFileRequest(local.kykId, made.request.request_id))).toMatchObject({ files_received: 3, bytes_received: 30 });
    expect(codeOf(await info(made))).toBe(-990000360001);
    expect((await call('com_drive/file_request_list', { folder_id: folder.id }, local.token)).body.data!.requests[0]!.state).toBe('full');

    // 1 MiB: what is left is what may come, then the link is full.
    const budget = await makeRequest(local.token, { folder_id: folder.id, max_files: 10, max_megabytes: 1, allowed_kinds: ['pdf'] });
    expect(codeOf(await send(budget, { name: 'a.pdf', size: 600 * KiB }))).toBe(0);
    const tooLarge = await send(budget, { name: 'b.pdf', size: 600 * KiB });
    expect(tooLarge.body).toMatchObject({ code: -990000360004, message: 'This file is larger than what the link can still take (424 KB).' });
    // Kinds are judged by the name (any case); the bytes are checked as any upload's.
    const png = await send(budget, { name: 'photo.png', size: 1 });
    expect(png.body).toMatchObject({ code: -990000360003, message: 'This link does not take this kind of file.' });
    expect(codeOf(await send(budget, { name: 'C.PDF', size: 1024 * KiB - 600 * KiB }))).toBe(0);
    expect(codeOf(await send(budget, { name: 'd.pdf', size: 0 }))).toBe(-990000360001);
    // A file over one PUT's size is refused by the schema.
    expect(codeOf(await send(budget, { name: 'huge.pdf', size: 64 * 1024 * KiB + 1 }))).toBe(-4);

    // What a registration refuses after the count is given back: the folder trashed meanwhile stops the link, the count unchanged.
    const spare = await makeRequest(local.token, { folder_id: folder.id, max_files: 2 });
    await trash(local.token, await fresh(local.token, folder.id));
    expect((await send(spare, { name: 'late.pdf', size: 5 })).body).toMatchObject({ code: -990000360002, message: 'This link no longer takes files: its folder was removed, or it can no longer be used.' });
    expect(await getFileRequest(local.kykId, spare.request.request_id)).toMatchObject({ files_received: 0, bytes_received: 0 });
  });

  // Its time allows for the wait of up to 121 s for a throttle window with 120 s left, on top of the checks' own minute.
  it('keeps a password-protected link closed until the password and throttles guessing it, and a guessing address', { timeout: 190_000 }, async () => {
    // The wrong passwords and the guesses must fall in one of the throttles' fixed windows.
    await inOneWindow(THROTTLE_WINDOW_SECONDS, 120);
    const folder = await aFolder(t, { name: 'Guarded' });
    const made = await makeRequest(creator.token, { folder_id: folder.id, password: 'correct horse', title: 'Payroll', message: 'Send the slips' });
    expect(made.request.has_password).toBe(true);
    // Behind the password: only that one is needed, the expiry and the limits.
    expect((await info(made)).body.data).toMatchObject({ password_required: true, title: null, message: null, creator_nm: null, files_left: 20 });
    expect((await info(made, 'correct horse')).body.data).toMatchObject({ password_required: true, title: 'Payroll', message: 'Send the slips' });
    const missing = await send(made, { name: 'slip.pdf', size: 3 });
    expect(missing.status).toBe(403);
    expect(missing.body).toMatchObject({ code: -990000320006, message: 'The password is incorrect.' });
    const wrong = await Promise.all(Array.from({ length: LINK_PASSWORD_FAILURES - 1 }, (_, index) => info(made, `wrong ${index}`)));
    expect(new Set(wrong.map(codeOf))).toEqual(new Set([-990000320006]));
    // Ten wrong in the window, from ten addresses: now even the right one waits.
    const refused = await send(made, { name: 'slip.pdf', size: 3, password: 'correct horse' });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(-990000320007);
    expect((await getFileRequest(t.kykId, made.request.request_id))!.files_received).toBe(0);

    // An address guessing tokens: after ADDRESS_FAILURES wrong ones, even a right token waits; another address does not.
    const open = await makeRequest(creator.token, { folder_id: folder.id });
    const guesser = anAddress();
    const guesses = await Promise.all(Array.from({ length: ADDRESS_FAILURES }, () =>
      info({ kyk_id: t.kykId, token: `${randomBytes(12).toString('base64url')}${randomBytes(32).toString('base64url')}` }, undefined, guesser)));
    expect(new Set(guesses.map(codeOf))).toEqual(new Set([-990000320001]));
    expect(codeOf(await info(open, undefined, guesser))).toBe(-990000320007);
    expect(codeOf(await info(open))).toBe(0);

    // Another contract never reaches it: the token with the other's contract ID, or a wrong secret, is unknown.
    const other = await newTenant();
    const elsewhere = await info({ kyk_id: other.kykId, token: open.token });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body).toMatchObject({ code: -990000320001, message: 'This link does not exist. Check that the whole URL was copied.' });
    expect(codeOf(await send({ kyk_id: other.kykId, token: open.token }, { name: 'x.pdf', size: 1 }))).toBe(-990000320001);
    expect(codeOf(await info({ kyk_id: t.kykId, token: `${open.token.slice(0, 16)}${randomBytes(32).toString('base64url')}` }))).toBe(-990000320001);
    expect((await call('com_drive/file_request_revoke_btn', { request_id: open.request.request_id }, other.token)).body.code).toBe(-990000320001);
    expect((await call('com_drive/file_request_admin_list', {}, other.token)).body.data!.requests).toEqual([]);
    expect(codeOf(await postFrom(anAddress(), 'request/info', { kyk_id: t.kykId, token: 'short' }))).toBe(-4);
  });

  it('stops when revoked, expired, its creator is suspended or loses the folder, or the folder goes; and follows the settings', async () => {
    // The contract's settings change here and are put back at the end (the tests of a file run one after another).
    const local = t;
    const defaults = (await call('com/common_setting_info', {}, local.token)).body.data!.settings;
    const folder = await aFolder(local, { name: 'Stops' });
    const [member, viewer] = await Promise.all([
      aUser(local, { indiv_permission_flg: 1, indiv_com_drive_permission: 3 }),
      aUser(local, { indiv_permission_flg: 1, indiv_com_drive_permission: 1 }),
    ]);
    // Making one: only who may add to the folder and issue links (the default level: update).
    expect(codeOf(await call('com_drive/file_request_create_btn', { folder_id: folder.id }, viewer.token))).toBe(-101);

    // Revoked: by its creator, an administrator or an updater, not by a viewer; for good.
    const revoked = await makeRequest(member.token, { folder_id: folder.id });
    expect(codeOf(await call('com_drive/file_request_revoke_btn', { request_id: revoked.request.request_id }, viewer.token))).toBe(-101);
    const revoke = await call('com_drive/file_request_revoke_btn', { request_id: revoked.request.request_id }, local.token);
    expect(revoke.body.data!.request).toMatchObject({ state: 'revoked', revoked_by_nm: expect.any(String), may_revoke: false });
    expect((await info(revoked)).body).toMatchObject({ code: -990000320004, message: 'This link has been revoked. Ask the person who sent it for a new one.' });
    expect(codeOf(await send(revoked, { name: 'a.pdf', size: 1 }))).toBe(-990000320004);

    // Expired (its date set in the past, as time would).
    const expiring = await makeRequest(member.token, { folder_id: folder.id, days: 1 });
    await setOnRequest(local.kykId, expiring.request.request_id, 'SET expires_at = :past', { ':past': new Date(Date.now() - 1000).toISOString() });
    expect(codeOf(await send(expiring, { name: 'a.pdf', size: 1 }))).toBe(-990000320002);

    // Its creator moved out of the folder (folder permissions): stopped, working again once back.
    const theirs = await makeRequest(member.token, { folder_id: folder.id });
    const closed = await call('com_drive/permission_save_btn', {
      id: folder.id, row_version: (await fresh(local.token, folder.id)).row_version, policy: 'allow',
      view: { users: [member.userId], groups: [] }, update: { users: ['admin'], groups: [] },
    }, local.token);
    expect(closed.body.code, JSON.stringify(closed.body)).toBe(0);
    expect(codeOf(await info(theirs))).toBe(-990000360002);
    expect(codeOf(await send(theirs, { name: 'a.pdf', size: 1 }))).toBe(-990000360002);
    expect((await call('com_drive/file_request_list', {}, member.token)).body.data!.requests.find((one) => one.request_id === theirs.request.request_id)?.state).toBe('stopped');
    const reopened = await call('com_drive/permission_save_btn', { id: folder.id, row_version: (await fresh(local.token, folder.id)).row_version, inherit: 1 }, local.token);
    expect(reopened.body.code, JSON.stringify(reopened.body)).toBe(0);
    expect(codeOf(await info(theirs))).toBe(0);

    // Its creator suspended: stopped, and the administrator's list says so.
    const { user } = (await call('com/user_info', { user_id: member.userId }, local.token)).body.data!;
    expect(codeOf(await call('com/user_info_lapse_btn', { user_id: member.userId, row_version: user.row_version }, local.token))).toBe(0);
    expect(codeOf(await send(theirs, { name: 'a.pdf', size: 1 }))).toBe(-990000360002);
    const all = await call('com_drive/file_request_admin_list', { page_size: 50 }, local.token);
    const mine = new Set([theirs, expiring, revoked].map((one) => one.request.request_id));
    expect(all.body.data!.requests.filter((one) => mine.has(one.request_id)).map((one) => [one.request_id, one.state])).toEqual([
      [theirs.request.request_id, 'stopped'], [expiring.request.request_id, 'expired'], [revoked.request.request_id, 'revoked'],
    ]);
    expect(codeOf(await call('com_drive/file_request_admin_list', { cursor: 'eyJzIjoieCJ9' }, local.token))).toBe(-4);
    expect(codeOf(await call('com_drive/file_request_admin_list', {}, viewer.token))).toBe(-101);

    // The folder in the trash: stopped.
    const adminLink = await makeRequest(local.token, { folder_id: folder.id });
    await trash(local.token, await fresh(local.token, folder.id));
    expect(codeOf(await info(adminLink))).toBe(-990000360002);

    // The common settings: days within the maximum, a password when required, links off stop them all.
    const other = await aFolder(local, { name: 'Rules' });
    const open = await makeRequest(local.token, { folder_id: other.id });
    await settle(local, { link_max_days: 10, link_default_days: 5, link_password_required: 1 });
    const over = await call('com_drive/file_request_create_btn', { folder_id: other.id, days: 11 }, local.token);
    expect(over.body.info).toMatchObject({ fields: { days: 'A link may be valid for at most 10 days.', password: 'Links must have a password.' } });
    const fitting = await makeRequest(local.token, { folder_id: other.id, password: 'long enough' });
    expect(Date.parse(fitting.request.expires_at) - Date.parse(fitting.request.created_at)).toBe(5 * 86_400_000);
    await settle(local, { url_issuing: 0 });
    expect(codeOf(await call('com_drive/file_request_create_btn', { folder_id: other.id, password: 'long enough' }, local.token))).toBe(-990000320008);
    expect(codeOf(await info(open))).toBe(-990000360002);
    await settle(local, { url_issuing: 1, link_password_required: 0, link_max_days: defaults.link_max_days, link_default_days: defaults.link_default_days });
    expect(codeOf(await info(open))).toBe(0);

    // At most 50 per folder (the counter set near it, as 48 more links would).
    await db().send(new UpdateCommand({ TableName: config.tableName, Key: folderRequestCountKey(local.kykId, other.id), UpdateExpression: 'SET n = :n', ExpressionAttributeValues: { ':n': 49 } }));
    await makeRequest(local.token, { folder_id: other.id });
    const capped = await call('com_drive/file_request_create_btn', { folder_id: other.id }, local.token);
    expect(capped.body).toMatchObject({ code: -990000360005, message: 'This folder already has 50 file-request links. Revoke links it no longer needs first.' });
  });

  it('mails the creator at most once per link every 10 minutes: two arrivals within them make one mail, sent by the schedule', async () => {
    const japanese = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 3, language: 'ja' });
    const address = `${japanese.userId}@example.com`;
    const folder = await aFolder(t, { name: '請求書受付' });
    const TITLE = '取引先からの請求書';
    const made = await makeRequest(japanese.token, { folder_id: folder.id, title: TITLE });
    await sendFile(made, 'first.txt', bytes('%PDF one'));
    const [first] = await waitForMails(address, TITLE, 1);
    expect(first!.subject).toBe('ファイルリクエスト「取引先からの請求書」にファイルが届きました');

    // Two more within the 10 minutes: no mail now, one queued.
    await sendFile(made, 'second.txt', bytes('%PDF two'));
    await sendFile(made, 'third.txt', bytes('%PDF three'));
    await arrived(japanese.token, folder.id, 'second.txt');
    await arrived(japanese.token, folder.id, 'third.txt');
    for (let attempt = 0; attempt < 100 && !(await getFileRequest(t.kykId, made.request.request_id))?.digest_due; attempt++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await getFileRequest(t.kykId, made.request.request_id))!.digest_due).toBeDefined();
    expect(await mailsTo(address, TITLE)).toHaveLength(1);

    // The minute schedule (storage-events' ScheduledEvent branch calls this with the event's time), 11 minutes on:
    // one mail with both, and nothing more on the next run.
    expect(await sendDueDigests(logger, new Date(Date.now() + 11 * 60_000))).toBe(1);
    const mails = await mailsTo(address, TITLE);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.body.text).toContain('「取引先からの請求書」から2件のファイルが届きました');
    expect(mails[1]!.body.text).toContain('- second.txt');
    expect(mails[1]!.body.text).toContain('- third.txt');
    expect(mails[1]!.body.text).not.toContain('first.txt');
    expect(mails[1]!.body.text).toContain('フォルダー「請求書受付」');
    expect(await sendDueDigests(logger, new Date(Date.now() + 12 * 60_000))).toBe(0);
    expect(await mailsTo(address, TITLE)).toHaveLength(2);
  });
});
