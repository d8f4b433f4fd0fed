import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RouteRequest } from '#shared/routes.ts';
import type { ScanStatus } from '#shared/schemas/drive.ts';
import type { DriveItem } from '#shared/schemas/drive.ts';
import { config } from '#lib/config.ts';
import { handler as storageEvents } from '#functions/storage-events/handler.ts';
import { getShareLink } from '#data/share-links.ts';
import { aFolder, aGroup, aUser } from './support/factories.ts';
import { call, inOneWindow, postFrom } from './support/api.ts';
import { THROTTLE_WINDOW_SECONDS } from '#functions/shares/link-rules.ts';
import { auditOfTarget } from './support/audit.ts';
import { fresh, trash, uploadFile } from './support/drive.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

/** Each test calls the public page from addresses of its own, so the per-address throttle of one never meets another's. */
let nextAddress = 10;
const anAddress = () => `127.0.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 2}`;

const tokenOf = (urlPath: string) => {
  const [, , kykId, token] = urlPath.split('/');
  return { kyk_id: decodeURIComponent(kykId!), token: token! };
};

async function makeLink(token: string, body: RouteRequest<'com_drive/share_link_create_btn'>) {
  const result = await call('com_drive/share_link_create_btn', body, token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return { ...result.body.data!, ...tokenOf(result.body.data!.url_path) };
}

const info = (link: { kyk_id: string; token: string }, from = anAddress()) => postFrom(from, 'share/info', { kyk_id: link.kyk_id, token: link.token });
const grant = (link: { kyk_id: string; token: string }, password?: string, from = anAddress()) =>
  postFrom(from, 'share/download', { kyk_id: link.kyk_id, token: link.token, ...(password === undefined ? {} : { password }) });

async function settle(t: TestTenant, changes: RouteRequest<'com/common_setting_save_btn'>extends infer R ? Omit<R, 'row_version'> : never) {
  const current = await call('com/common_setting_info', {}, t.token);
  const saved = await call('com/common_setting_save_btn', { ...changes, row_version: current.body.data!.row_version }, t.token);
  expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
}

describe('share links', { timeout: 120_000 }, () => {
  let t: TestTenant;
  let folder: DriveItem;
  beforeAll(async () => {
    t = await newTenant();
    folder = await aFolder(t, { name: 'Shared out' });
  });

  it('makes a link within the defaults, shows its URL once, and hands out the file without sign-in', async () => {
    const file = await uploadFile(t.token, folder.id, '見積書.txt', bytes('quote 2026'), 'text/plain');
    const made = await makeLink(t.token, { id: file.id });
    expect(made.url_path).toMatch(new RegExp(`^/share/${t.kykId}/[A-Za-z0-9_-]{59}$`));
    // The contract's defaults (common settings): 7 days, no download limit.
    expect(made.link).toMatchObject({ item_id: file.id, item_name: '見積書.txt', state: 'active', max_downloads: 0, downloads: 0, has_password: false, may_revoke: true });
    expect(Date.parse(made.link.expires_at) - Date.parse(made.link.created_at)).toBe(7 * 86_400_000);

    // Only the secret's hash is kept.
    const stored = await getShareLink(t.kykId, made.link.link_id);
    const secret = made.token.slice(16);
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(stored!.secret_hash).toMatch(/^[0-9a-f]{64}$/);

    const shown = await info(made);
    expect(shown.body).toMatchObject({ code: 0, data: { password_required: false, file_name: '見積書.txt', size: 10, downloads_left: null } });
    const granted = await grant(made);
    expect(granted.body.code, JSON.stringify(granted.body)).toBe(0);
    const { url, expires_at } = granted.body.data!;
    expect(Date.parse(expires_at) - Date.now()).toBeLessThanOrEqual(60_000);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('quote 2026');
    expect(response.headers.get('content-disposition')).toContain("filename*=UTF-8''%E8%A6%8B%E7%A9%8D%E6%9B%B8.txt");

    // The grant is in the access log as the link's (anonymous), its creator on the event.
    const log = await call('com_drive/access_log', { item_id: file.id, action: 'share_download' }, t.token);
    expect(log.body.data!.events).toHaveLength(1);
    expect(log.body.data!.events[0]).toMatchObject({ action: 'share_download', user_id: '', item_name: '見積書.txt', link_id: made.link.link_id, link_creator_id: 'admin' });
    // The dialog's list shows the count; the audit log holds the making of it.
    const listed = await call('com_drive/share_link_list', { id: file.id }, t.token);
    expect(listed.body.data!.links).toEqual([expect.objectContaining({ link_id: made.link.link_id, downloads: 1, state: 'active' })]);
    expect((await auditOfTarget(t.kykId, 'file', file.id)).map((record) => record.action)).toContain('drive.share_link_create');
  });

  it('gives exactly the limit of grants to 20 parallel attempts, and range requests inside a grant count nothing more', async () => {
    const file = await uploadFile(t.token, folder.id, 'limited.bin', randomBytes(4096));
    const made = await makeLink(t.token, { id: file.id, max_downloads: 3 });
    const from = Array.from({ length: 20 }, anAddress);
    const answers = await Promise.all(from.map((address) => grant(made, undefined, address)));
    const codes = answers.map((answer) => answer.body.code);
    expect(codes.filter((code) => code === 0)).toHaveLength(3);
    expect(codes.filter((code) => code === -990000320003)).toHaveLength(17);
    expect(answers.find((answer) => answer.body.code !== 0)!.body.message).toBe('This link has reached its download limit. Ask the person who sent it for a new one.');
    expect((await getShareLink(t.kykId, made.link.link_id))!.downloads).toBe(3);

    const { url } = answers.find((answer) => answer.body.code === 0)!.body.data!;
    for (const range of ['bytes=0-1023', 'bytes=1024-4095']) {
      const part = await fetch(url, { headers: { range } });
      expect(part.status).toBe(206);
    }
    expect((await getShareLink(t.kykId, made.link.link_id))!.downloads).toBe(3);
    expect((await info(made)).body.code).toBe(-990000320003);
  });

  it('keeps a password-protected link closed until the password, and throttles guessing it', async () => {
    const file = await uploadFile(t.token, folder.id, 'payroll.csv', bytes('a,b'));
    const made = await makeLink(t.token, { id: file.id, password: 'correct horse' });
    expect(made.link.has_password).toBe(true);
    const shown = await info(made);
    expect(shown.body.data).toMatchObject({ password_required: true, file_name: null, size: null });
    const missing = await grant(made);
    expect(missing.body).toMatchObject({ code: -990000320006, message: 'The password is incorrect.' });
    expect(missing.status).toBe(403);
    expect((await grant(made, 'correct horse')).body.code).toBe(0);

    // Ten wrong passwords in the window, from ten addresses: the eleventh try is refused even when right.
    for (let index = 0; index < 9; index += 1) expect((await grant(made, `wrong ${index}`)).body.code).toBe(-990000320006);
    const refused = await grant(made, 'correct horse');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(-990000320007);
    expect(refused.body.message).toMatch(/^Too many failed attempts\. Please wait \d+ minutes and try again\.$/);
    expect((await getShareLink(t.kykId, made.link.link_id))!.downloads).toBe(1);
  });

  it('counts no right password as a failure however many run in parallel, and answers late ones with the download limit', async () => {
    const file = await uploadFile(t.token, folder.id, 'board.pdf', bytes('%PDF-1.7 minutes'));
    // Twice the link's throttle at once from one address, the right password: every one is a grant (no limit).
    const open = await makeLink(t.token, { id: file.id, password: 'correct horse' });
    const office = anAddress();
    const all = await Promise.all(Array.from({ length: 20 }, () => grant(open, 'correct horse', office)));
    expect(all.map((answer) => answer.body.code)).toEqual(Array.from({ length: 20 }, () => 0));
    expect((await getShareLink(t.kykId, open.link.link_id))!.downloads).toBe(20);

    // 40 at once (past the address's throttle too) on a limit of 5: exactly 5 grants, and the 35
    // others hear the limit, not "too many failed attempts".
    const limited = await makeLink(t.token, { id: file.id, password: 'correct horse', max_downloads: 5 });
    const answers = await Promise.all(Array.from({ length: 40 }, () => grant(limited, 'correct horse', office)));
    const codes = answers.map((answer) => answer.body.code);
    expect(codes.filter((code) => code === 0)).toHaveLength(5);
    expect(codes.filter((code) => code === -990000320003)).toHaveLength(35);
    expect(answers.filter((answer) => answer.status === 429)).toEqual([]);

    // Wrong passwords in parallel are still judged ten at most: the rest, and then the right one, are refused.
    const guesses = await Promise.all(Array.from({ length: 15 }, (_, index) => grant(open, `wrong ${index}`)));
    const guessed = guesses.map((answer) => answer.body.code);
    expect(guessed.filter((code) => code === -990000320006)).toHaveLength(10);
    expect(guessed.filter((code) => code === -990000320007)).toHaveLength(5);
    expect((await grant(open, 'correct horse', office)).status).toBe(429);
    expect((await getShareLink(t.kykId, open.link.link_id))!.downloads).toBe(20);
  });

  // Its time allows for the wait of up to 61 s for a throttle window with a minute left, on top of the checks' own minute.
  it('answers a guessed, malformed or cross-contract token as unknown, and throttles an address that guesses', { timeout: 130_000 }, async () => {
    const file = await uploadFile(t.token, folder.id, 'target.txt', bytes('secret'));
    const made = await makeLink(t.token, { id: file.id });
    const guessed = { kyk_id: t.kykId, token: `${made.token.slice(0, 16)}${randomBytes(32).toString('base64url')}` };
    const unknown = await info(guessed);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: -990000320001, message: 'This link does not exist. Check that the whole URL was copied.' });
    expect((await grant(guessed)).body.code).toBe(-990000320001);
    // Another contract with the same token: unknown there (its key names that contract).
    const other = await newTenant();
    expect((await info({ kyk_id: other.kykId, token: made.token })).body.code).toBe(-990000320001);
    // Ill-formed input changes nothing and says which field.
    const malformed = await postFrom(anAddress(), 'share/download', { kyk_id: t.kykId, token: 'short' });
    expect(malformed.body.code).toBe(-4);
    expect((await postFrom(anAddress(), 'share/info', { kyk_id: t.kykId, token: made.token, extra: 1 })).body.code).toBe(-4);

    // One address: 30 failed guesses in the window, then even the right token waits.
    await inOneWindow(THROTTLE_WINDOW_SECONDS);
    const guesser = anAddress();
    for (let index = 0; index < 30; index += 1) {
      expect((await info({ kyk_id: t.kykId, token: `${randomBytes(12).toString('base64url')}${randomBytes(32).toString('base64url')}` }, guesser)).body.code).toBe(-990000320001);
    }
    const throttled = await info(made, guesser);
    expect(throttled.body.code).toBe(-990000320007);
    // Another address is not held up.
    expect((await info(made)).body.code).toBe(0);
    expect((await getShareLink(t.kykId, made.link.link_id))!.downloads).toBe(0);
  });

  it('stops a link after expiry, revocation, trashing of its file or folder, deletion, and suspension of its creator', async () => {
    const file = await uploadFile(t.token, folder.id, 'stops.txt', bytes('x'));
    const made = await makeLink(t.token, { id: file.id });

    // Revoked: for good, by its creator (again: no change).
    const revoked = await makeLink(t.token, { id: file.id });
    const revoke = await call('com_drive/share_link_revoke_btn', { link_id: revoked.link.link_id }, t.token);
    expect(revoke.body.data!.link).toMatchObject({ state: 'revoked', revoked_by_nm: expect.any(String) });
    expect((await grant(revoked)).body).toMatchObject({ code: -990000320004, message: 'This link has been revoked. Ask the person who sent it for a new one.' });
    expect((await call('com_drive/share_link_revoke_btn', { link_id: revoked.link.link_id }, t.token)).body.code).toBe(0);
    expect((await auditOfTarget(t.kykId, 'file', file.id)).filter((record) => record.action === 'drive.share_link_revoke')).toHaveLength(1);

    // Expired (the record's date set in the past, as time would).
    const expiring = await makeLink(t.token, { id: file.id, days: 1 });
    const { db } = await import('#lib/clients.ts');
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { shareLinkKey } = await import('#data/share-links.ts');
    await db().send(new UpdateCommand({ TableName: config.tableName, Key: shareLinkKey(t.kykId, expiring.link.link_id), UpdateExpression: 'SET expires_at = :past', ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() } }));
    expect((await grant(expiring)).body).toMatchObject({ code: -990000320002, message: 'This link has expired. Ask the person who sent it for a new one.' });

    // Its folder in the trash: stopped while there (as in Google Drive), working again once restored.
    await trash(t.token, await fresh(t.token, folder.id));
    const stopped = await grant(made);
    expect(stopped.body).toMatchObject({ code: -990000320005, message: 'This link no longer works: its file was removed, or it can no longer be shared.' });
    const [entry] = (await call('com_drive/recycle_list', {}, t.token)).body.data!.items.filter((item) => item.id === folder.id);
    expect((await call('com_drive/restore_btn', { items: [{ id: folder.id, row_version: entry!.row_version }] }, t.token)).body.code).toBe(0);
    expect((await grant(made)).body.code).toBe(0);

    // Its creator suspended: stopped, and the administrator's list says so.
    const member = await aUser(t, { indiv_permission_flg: 1, indiv_com_drive_permission: 3 });
    const theirs = await makeLink(member.token, { id: file.id });
    expect(theirs.link.may_revoke).toBe(true);
    const { user } = (await call('com/user_info', { user_id: member.userId }, t.token)).body.data!;
    expect((await call('com/user_info_lapse_btn', { user_id: member.userId, row_version: user.row_version }, t.token)).body.code).toBe(0);
    expect((await grant(theirs)).body.code).toBe(-990000320005);
    const all = await call('com_drive/share_link_admin_list', {}, t.token);
    expect(all.body.data!.links.find((link) => link.link_id === theirs.link.link_id)).toMatchObject({ state: 'stopped', creator_id: member.userId });
    expect(all.body.data!.links.find((link) => link.link_id === revoked.link.link_id)).toMatchObject({ state: 'revoked' });
    expect(all.body.data!.links.find((link) => link.link_id === expiring.link.link_id)).toMatchObject({ state: 'expired' });

    // The file trashed, then deleted for good: stopped for good.
    await trash(t.token, await fresh(t.token, file.id));
    expect((await grant(made)).body.code).toBe(-990000320005);
    const [trashed] = (await call('com_drive/recycle_list', {}, t.token)).body.data!.items.filter((item) => item.id === file.id);
    expect((await call('com_drive/force_delete_btn', { items: [{ id: file.id, row_version: trashed!.row_version }] }, t.token)).body.code).toBe(0);
    expect((await grant(made)).body.code).toBe(-990000320005);
  });

  it('follows the common settings: off, maxima, required password; and refuses a threat', async () => {
    const local = await newTenant();
    const file = await uploadFile(local.token, 'root', 'rules.txt', bytes('rules'));
    const allowed = await makeLink(local.token, { id: file.id });
    await settle(local, { link_max_days: 10, link_default_days: 5, link_max_downloads: 5, link_default_downloads: 2, link_password_required: 1 });
    const listed = await call('com_drive/share_link_list', { id: file.id }, local.token);
    expect(listed.body.data!.rules).toEqual({ allowed: true, default_days: 5, max_days: 10, default_downloads: 2, max_downloads: 5, password_required: true });

    const over = await call('com_drive/share_link_create_btn', { id: file.id, days: 11, max_downloads: 0 }, local.token);
    expect(over.body.code).toBe(-4);
    expect(over.body.info).toMatchObject({ fields: {
      days: 'A link may be valid for at most 10 days.',
      max_downloads: 'A link may allow at most 5 downloads.',
      password: 'Links must have a password.',
    } });
    expect((await call('com_drive/share_link_create_btn', { id: file.id, password: 'short' }, local.token)).body.info).toMatchObject({ fields: { password: 'Please enter a password of 8 to 64 characters.' } });
    const fitting = await makeLink(local.token, { id: file.id, password: 'long enough' });
    expect(fitting.link).toMatchObject({ max_downloads: 2, has_password: true });
    expect(Date.parse(fitting.link.expires_at) - Date.parse(fitting.link.created_at)).toBe(5 * 86_400_000);

    // Turned off: no new links, and the existing ones stop.
    await settle(local, { url_issuing: 0 });
    const off = await call('com_drive/share_link_create_btn', { id: file.id, password: 'long enough' }, local.token);
    expect(off.body).toMatchObject({ code: -990000320008, message: 'Share links are turned off for this contract. Ask your administrator.' });
    expect((await grant(allowed)).body.code).toBe(-990000320005);
    await settle(local, { url_issuing: 1, link_password_required: 0 });
    expect((await grant(allowed)).body.code).toBe(0);

    // A file the malware scan found a threat in is never shared, nor handed out by a link made before.
    const key = `t/${local.kykId}/${file.id}/v1`;
    const status: ScanStatus = 'THREATS_FOUND';
    await storageEvents({
      source: 'aws.guardduty', 'detail-type': 'GuardDuty Malware Protection Object Scan Result',
      detail: { scanStatus: 'COMPLETED', s3ObjectDetails: { bucketName: config.bucketName, objectKey: key }, scanResultDetails: { scanResultStatus: status, threats: [{ name: 'EICAR' }] } },
    } as never);
    expect((await call('com_drive/share_link_create_btn', { id: file.id }, local.token)).body.code).toBe(-2);
    const refused = await grant(allowed);
    expect(refused.body.code).toBe(-2);
    expect(refused.body.message).toContain('"rules.txt"');
  });

  it('issues links from the drive level the common settings choose, and stops those of an issuer who falls below it', async () => {
    const local = await newTenant();
    const file = await uploadFile(local.token, 'root', 'rights.txt', bytes('rights'));
    const viewer = await aUser(local, { indiv_permission_flg: 1, indiv_com_drive_permission: 1 });
    const active = await aUser(local, { indiv_permission_flg: 1, indiv_com_drive_permission: 2 });
    const updaters = await aGroup(local, { com_drive_permission: 3 });
    const updater = await aUser(local, { groups: { ata: updaters.user_group_id } });
    const rightsOf = async (token: string) => (await call('com/get_login_user_info', {}, token)).body.data!.user.rights;

    // The default: update (3) and administrators. Below it, no link, however open the settings.
    for (const below of [viewer, active]) {
      const refused = await call('com_drive/share_link_create_btn', { id: file.id }, below.token);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: -101, message: 'You do not have permission to access this function.' });
    }
    expect((await rightsOf(viewer.token)).link_issuer_level).toBe(3);
    expect((await rightsOf(local.token))).toMatchObject({ admin: 1, link_issuer_level: 3 });
    const made = await makeLink(updater.token, { id: file.id });
    expect((await grant(made)).body.code).toBe(0);

    // Its issuer's group lowered to active: the link stops, as when links are off, and the lists say so; restored, it works again.
    const lower = async (level: 2 | 3) => {
      const { group } = (await call('com/user_group', { user_group_id: updaters.user_group_id }, local.token)).body.data!;
      const saved = await call('com/user_group_list_upd_btn', { updates: [{ user_group_id: group.user_group_id, row_version: group.row_version, com_drive_permission: level }] }, local.token);
      expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    };
    await lower(2);
    expect((await grant(made)).body).toMatchObject({ code: -990000320005, message: 'This link no longer works: its file was removed, or it can no longer be shared.' });
    expect((await info(made)).body.code).toBe(-990000320005);
    const listed = await call('com_drive/share_link_list', { id: file.id }, local.token);
    expect(listed.body.data!.links.find((link) => link.link_id === made.link.link_id)).toMatchObject({ state: 'stopped' });
    const all = await call('com_drive/share_link_admin_list', {}, local.token);
    expect(all.body.data!.links.find((link) => link.link_id === made.link.link_id)).toMatchObject({ state: 'stopped' });
    expect((await call('com_drive/share_link_create_btn', { id: file.id }, updater.token)).body.code).toBe(-101);
    await lower(3);
    expect((await grant(made)).body.code).toBe(0);

    // From view (1): the viewer may; raised to active (2), the viewer's link stops and comes back with view again.
    const current = await call('com/common_setting_info', {}, local.token);
    const outOfRange = await call('com/common_setting_save_btn', { link_issuer_level: 4, row_version: current.body.data!.row_version }, local.token);
    expect(outOfRange.body.code).toBe(-4);
    expect(outOfRange.body.info).toMatchObject({ fields: { link_issuer_level: expect.any(String) } });
    await settle(local, { link_issuer_level: 1 });
    expect((await rightsOf(viewer.token)).link_issuer_level).toBe(1);
    const theirs = await makeLink(viewer.token, { id: file.id });
    expect((await grant(theirs)).body.code).toBe(0);
    await settle(local, { link_issuer_level: 2 });
    expect((await grant(theirs)).body.code).toBe(-990000320005);
    expect((await call('com_drive/share_link_create_btn', { id: file.id }, viewer.token)).body.code).toBe(-101);
    expect((await makeLink(active.token, { id: file.id })).link.state).toBe('active');
    await settle(local, { link_issuer_level: 1 });
    expect((await grant(theirs)).body.code).toBe(0);

    // The level that counts is the one on the file, after folder settings: view there issues nothing at update.
    await settle(local, { link_issuer_level: 3 });
    const minutes = await aFolder(local, { name: 'Minutes' });
    const inside = await uploadFile(local.token, minutes.id, 'board.txt', bytes('board'));
    const insideLink = await makeLink(updater.token, { id: inside.id });
    const saved = await call('com_drive/permission_save_btn', {
      id: minutes.id, row_version: (await fresh(local.token, minutes.id)).row_version, policy: 'allow',
      view: { users: [updater.userId], groups: [] }, update: { users: ['admin'], groups: [] },
    }, local.token);
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    expect((await call('com_drive/share_link_create_btn', { id: inside.id }, updater.token)).body.code).toBe(-101);
    expect((await grant(insideLink)).body.code).toBe(-990000320005);
    expect((await makeLink(local.token, { id: inside.id })).link.state).toBe('active');
  });

  it("logs a link's anonymous download as the link's, not its creator's, and the creator's own access log still lists it", async () => {
    const local = await newTenant();
    const open = await aFolder(local, { name: 'Out' });
    const creator = await aUser(local, { indiv_permission_flg: 1, indiv_com_drive_permission: 3 });
    const file = await uploadFile(creator.token, open.id, 'offer.txt', bytes('offer'));
    const link = await makeLink(creator.token, { id: file.id });
    const from = anAddress();
    expect((await grant(link, undefined, from)).body.code).toBe(0);

    const seenByAdmin = await call('com_drive/access_log', { item_id: file.id, action: 'share_download' }, local.token);
    const [event] = seenByAdmin.body.data!.events;
    expect(event).toMatchObject({ action: 'share_download', user_id: '', user_nm: '', link_id: link.link.link_id, link_creator_id: creator.userId, detail: from });
    // The creator reads it in their own log (the rule for others than administrators), and a filter by their ID finds it.
    const own = await call('com_drive/access_log', { action: 'share_download' }, creator.token);
    expect(own.body.data).toMatchObject({ scope: 'own', events: [expect.objectContaining({ id: event!.id, link_id: link.link.link_id })] });
    const ownOnFile = await call('com_drive/access_log', { item_id: file.id }, creator.token);
    expect(ownOnFile.body.data!.events.map((one) => one.id)).toContain(event!.id);
    const byCreator = await call('com_drive/access_log', { user_id: creator.userId, action: 'share_download' }, local.token);
    expect(byCreator.body.data!.events.map((one) => one.id)).toEqual([event!.id]);
    // The export names the link in the user name column, not the creator.
    const exported = await call('com_drive/access_log_export', { action: 'share_download' }, local.token);
    const csv = new TextDecoder().decode(new Uint8Array(await (await fetch(exported.body.data!.url)).arrayBuffer()));
    expect(csv).toContain(`Anonymous, through link ${link.link.link_id}`);
    expect(csv.split('\r\n')[1]).not.toContain(creator.userId);
  });

  it('lets only the creator, an administrator or an updater revoke, and shows a file\'s links only to those who reach it', async () => {
    const local = await newTenant();
    const open = await aFolder(local, { name: 'Open' });
    const file = await uploadFile(local.token, open.id, 'team.txt', bytes('team'));
    const creator = await aUser(local, { indiv_permission_flg: 1, indiv_com_drive_permission: 3 });
    const other = await aUser(local, { indiv_permission_flg: 1, indiv_com_drive_permission: 1 });
    const theirs = await makeLink(creator.token, { id: file.id });
    const seenByOther = await call('com_drive/share_link_list', { id: file.id }, other.token);
    expect(seenByOther.body.data!.links).toEqual([expect.objectContaining({ link_id: theirs.link.link_id, may_revoke: false })]);
    const refused = await call('com_drive/share_link_revoke_btn', { link_id: theirs.link.link_id }, other.token);
    expect(refused.body.code).toBe(-101);
    expect((await getShareLink(local.kykId, theirs.link.link_id))!.revoked_at).toBeUndefined();
    // The administrator may.
    expect((await call('com_drive/share_link_revoke_btn', { link_id: theirs.link.link_id }, local.token)).body.code).toBe(0);

    // A folder closed to a user: its files' links are not there for them, nor may they make one.
    const closed = await aFolder(local, { name: 'Closed' });
    const hidden = await uploadFile(local.token, closed.id, 'hidden.txt', bytes('h'));
    const adminLink = await makeLink(local.token, { id: hidden.id });
    const saved = await call('com_drive/permission_save_btn', {
      id: closed.id, row_version: (await fresh(local.token, closed.id)).row_version, policy: 'allow',
      view: { users: [], groups: [] }, update: { users: ['admin'], groups: [] },
    }, local.token);
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    expect((await call('com_drive/share_link_list', { id: hidden.id }, other.token)).body.code).toBe(-3);
    expect((await call('com_drive/share_link_create_btn', { id: hidden.id }, other.token)).body.code).toBe(-3);
    expect((await call('com_drive/share_link_revoke_btn', { link_id: adminLink.link.link_id }, other.token)).body.code).toBe(-990000320001);
    // Only administrators list the contract's links; another contract's token sees none of them.
    expect((await call('com_drive/share_link_admin_list', {}, other.token)).body.code).toBe(-101);
    const outsider = await newTenant();
    expect((await call('com_drive/share_link_admin_list', {}, outsider.token)).body.data!.links).toEqual([]);
    expect((await call('com_drive/share_link_list', { id: file.id }, outsider.token)).body.code).toBe(-3);
    expect((await call('com_drive/share_link_revoke_btn', { link_id: adminLink.link.link_id }, outsider.token)).body.code).toBe(-990000320001);
    expect((await call('com_drive/share_link_create_btn', { id: file.id }, outsider.token)).body.code).toBe(-3);
    // Folders have no links.
    expect((await call('com_drive/share_link_create_btn', { id: open.id }, local.token)).body.code).toBe(-3);
    expect((await call('com_drive/share_link_create_btn', { id: randomUUID() }, local.token)).body.code).toBe(-3);
  });

  it('pages the administrator\'s list newest first and refuses a forged cursor', async () => {
    const local = await newTenant();
    const file = await uploadFile(local.token, 'root', 'many.txt', bytes('m'));
    const made = [];
    for (let index = 0; index < 3; index += 1) made.push(await makeLink(local.token, { id: file.id }));
    const first = await call('com_drive/share_link_admin_list', { page_size: 50 }, local.token);
    expect(first.body.data!.links.map((link) => link.link_id)).toEqual(made.map((link) => link.link.link_id).reverse());
    expect(first.body.data!.next_cursor).toBeNull();
    expect((await call('com_drive/share_link_admin_list', { cursor: 'eyJzIjoieCJ9' }, local.token)).body.code).toBe(-4);
  });
});
