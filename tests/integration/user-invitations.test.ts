import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { codes } from '#shared/codes.ts';
import { translate } from '#shared/messages.ts';
import { db } from '#lib/clients.ts';
import { claimJob } from '#data/import-jobs.ts';
import { invitationKey, tokenHash } from '#data/user-invitations.ts';
import { resumeImport } from '#domain/imports/run-import.ts';
import { call, signIn } from './support/api.ts';
import { killDatabaseAfterWrites } from './support/db-kill.ts';
import { allRows, csv, utf8, waitForJob } from './support/imports.ts';
import { mainTable } from './support/imports-suite.ts';
import { testPassword } from './support/passwords.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';
import { mailsTo, stored } from './support/users-suite.ts';

/**
 * Issue 28 item 19: a user the CSV import creates is reported `created` (also when a resumed run
 * finds it written by the dead worker), and with the import's invite option is mailed a one-time
 * link to set a password (72 h, never a password in the mail); without it, the result lists the
 * users who have no password. The link's page calls are public and read the invitation only in
 * the contract the link names.
 */

const PRODUCTS = ['ata', 'atp', 'atk', 'atc', 'atw', 'atd', 'ato'] as const;
const FLAGS = ['ata_admin_permission', 'atp_admin_permission', 'atk_admin_permission', 'atc_admin_permission',
  'atc_lapse_flg', 'atk_lapse_flg', 'atp_lapse_flg', 'ata_corp_permission', 'file_regist_method'];
const COLUMNS = ['user_id', 'user_nm', 'email', 'phone', 'language', 'corp_cd', 'department', 'post',
  ...PRODUCTS.map((product) => `group_${product}`), ...FLAGS, 'status'];
const line = (values: Record<string, string>): string => COLUMNS.map((column) => values[column] ?? '').join(',');
const usersCsv = (...rows: Record<string, string>[]) => utf8(csv(COLUMNS.join(','), ...rows.map(line)));

const NO_PASSWORD = translate('en', 'importResult.noPassword');
const USED = translate('en', 'notice.invitationUsed');
const EXPIRED = translate('en', 'notice.invitationExpired');
const INVALID = translate('en', 'notice.invitationInvalid');

/** Starts a user import (with or without invitations) and uploads its file; `hold`: the test's worker holds the job. */
async function upload(t: TestTenant, bytes: Uint8Array, invite: 0 | 1, hold = false): Promise<string> {
  const started = await call('com/user_import', { file_name: 'users.csv', size: bytes.byteLength, invite }, t.token);
  expect(started.body.code, JSON.stringify(started.body)).toBe(0);
  const { request_id: requestId, upload: put } = started.body.data!;
  if (hold) expect(await claimJob(t.kykId, requestId, 'held-by-test', '2000-01-01T00:00:00.000Z')).toBe(true);
  expect((await fetch(put.url, { method: 'PUT', headers: put.headers, body: bytes })).status).toBe(200);
  return requestId;
}

async function importUsers(t: TestTenant, bytes: Uint8Array, invite: 0 | 1) {
  const requestId = await upload(t, bytes, invite);
  const job = await waitForJob(t.token, requestId);
  return { requestId, job, rows: await allRows(t.token, requestId) };
}

/** The link of the invitation mailed to an address: its contract ID and token. */
async function invitationOf(address: string): Promise<{ text: string; url: URL; kykId: string; token: string }> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const [mail] = await mailsTo(address, '/invitation?');
    if (mail) {
      const text = mail.body.text ?? '';
      const url = new URL(/https?:\/\/\S+\/invitation\?\S+/.exec(text)![0]);
      return { text, url, kykId: url.searchParams.get('kyk_id')!, token: url.searchParams.get('token')! };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no invitation mailed to ${address}`);
}

const setPassword = (kykId: string, token: string, password: string, confirm = password) =>
  call('com/invitation_password_set', { kyk_id: kykId, token, new_password: password, confirm_password: confirm });

describe('user import: created users and their invitations', () => {
  let t: TestTenant;
  let stamp: string;
  beforeAll(async () => {
    t = await newTenant();
    stamp = t.kykId.slice(-6);
  });

  it('without the option, reports created users as created and lists them as having no password', async () => {
    const existing = await importUsers(t, usersCsv({ user_id: 'np0', user_nm: 'Existing', email: `np0-${stamp}@example.com` }), 0);
    expect(existing.rows.map((row) => row.action)).toEqual(['created']);
    const result = await importUsers(t, usersCsv(
      { user_id: 'np0', user_nm: 'Existing', email: `np0-${stamp}@example.com` },
      { user_id: 'np1', user_nm: 'No Password One', email: `np1-${stamp}@example.com` },
      { user_id: 'np2', user_nm: 'No Password Two', email: `np2-${stamp}@example.com` },
    ), 0);
    expect(result.job).toMatchObject({ status: 'normal', no_password_count: 2, invite: 0 });
    expect(result.rows.map((row) => [row.key, row.action, row.password, row.messages])).toEqual([
      ['np0', 'unchanged', undefined, []],
      ['np1', 'created', 'none', [NO_PASSWORD]],
      ['np2', 'created', 'none', [NO_PASSWORD]],
    ]);
    const listed = await call('com/import_history_detail', { request_id: result.requestId, only_no_password: 1, page_size: 50 }, t.token);
    expect(listed.body.data!.total_size).toBe(2);
    expect(listed.body.data!.return_list.map((row) => row.key)).toEqual(['np1', 'np2']);
    expect(await mailsTo(`np1-${stamp}@example.com`, '/invitation?')).toEqual([]);
  });

  it('reports a user the dead worker created as created when the job resumes, and invites it once', async () => {
    const bytes = usersCsv(...Array.from({ length: 6 }, (_, i) => ({ user_id: `rs${i}`, user_nm: `Resumed ${i}`, email: `rs${i}-${stamp}@example.com` })));
    const requestId = await upload(t, bytes, 1, true);
    // The worker dies after a few registrations and invitations, before the chunk's results are
    // stored; its lease (1 s here) lapses at once, so the stack's next read resumes the job.
    const savedLease = process.env.IMPORT_LEASE_SECONDS;
    process.env.IMPORT_LEASE_SECONDS = '1';
    const kill = killDatabaseAfterWrites(8);
    try {
      expect(await resumeImport(t.kykId, requestId)).toBe(true);
      expect(kill.dead).toBe(true);
    } finally {
      kill.revive();
      if (savedLease === undefined) delete process.env.IMPORT_LEASE_SECONDS;
      else process.env.IMPORT_LEASE_SECONDS = savedLease;
    }
    expect(await stored(t.kykId, 'rs0')).toBeDefined();
    const job = await waitForJob(t.token, requestId);
    expect(job).toMatchObject({ status: 'normal', ok_rows: 6, no_password_count: 0 });
    const rows = await allRows(t.token, requestId);
    expect(rows.map((row) => [row.key, row.action, row.password])).toEqual(Array.from({ length: 6 }, (_, i) => [`rs${i}`, 'created', 'invited']));
    expect(await mailsTo(`rs0-${stamp}@example.com`, '/invitation?')).toHaveLength(1);
  });

  it('mails a created user a one-time link (no password), which sets the password once and signs in', async () => {
    const address = `inv1-${stamp}@example.com`;
    const result = await importUsers(t, usersCsv({ user_id: 'inv1', user_nm: 'Invited One', email: address, language: 'en' }), 1);
    expect(result.job).toMatchObject({ status: 'normal', no_password_count: 0, invite: 1 });
    expect(result.rows.map((row) => [row.action, row.password, row.messages])).toEqual([['created', 'invited', []]]);

    const mail = await invitationOf(address);
    expect(mail.kykId).toBe(t.kykId);
    expect(mail.text).toContain('inv1');
    expect(mail.text).not.toMatch(/password:/i);
    expect(mail.text).not.toMatch(/temporary/i);
    const profile = await stored(t.kykId, 'inv1');
    expect(profile!.password_hash).toBe('');
    // Only the token's hash is stored.
    expect(JSON.stringify(profile)).not.toContain(mail.token);

    const info = await call('com/invitation_info', { kyk_id: mail.kykId, token: mail.token });
    expect(info.body.code, JSON.stringify(info.body)).toBe(0);
    expect(info.body.data).toMatchObject({ kyk_id: t.kykId, user_id: 'inv1', user_nm: 'Invited One' });
    expect(Date.parse(info.body.data!.expires_at) - Date.now()).toBeGreaterThan(71.9 * 3_600_000);
    expect(Date.parse(info.body.data!.expires_at) - Date.now()).toBeLessThanOrEqual(72 * 3_600_000);

    const password = testPassword();
    const set = await setPassword(mail.kykId, mail.token, password);
    expect(set.body.code, JSON.stringify(set.body)).toBe(codes.passwordChanged.code);
    expect(await signIn(t.kykId, 'inv1', password)).toBeTruthy();

    const again = await setPassword(mail.kykId, mail.token, testPassword());
    expect(again.body).toMatchObject({ code: codes.address.code, message: USED });
    expect((await call('com/invitation_info', { kyk_id: mail.kykId, token: mail.token })).body).toMatchObject({ code: codes.address.code, message: USED });
    // The second use changed nothing: the first password still signs in.
    expect(await signIn(t.kykId, 'inv1', password, 1)).toBeTruthy();
  });

  it('enforces the password policy with the change-password messages, and the link stays usable', async () => {
    const address = `inv2-${stamp}@example.com`;
    await importUsers(t, usersCsv({ user_id: 'inv2', user_nm: 'Invited Two', email: address }), 1);
    const mail = await invitationOf(address);
    const short = await setPassword(mail.kykId, mail.token, 'Ab1-x');
    expect(short.body).toMatchObject({ code: codes.passwordLength.code, message: translate('en', 'code.passwordLength', { num: 8 }) });
    const userId = await setPassword(mail.kykId, mail.token, 'inv2-Password-9');
    expect(userId.body.code).toBe(codes.passwordContainsUserId.code);
    const mismatch = await setPassword(mail.kykId, mail.token, testPassword(), testPassword());
    expect(mismatch.body.code).toBe(codes.passwordMismatch.code);
    const empty = await setPassword(mail.kykId, mail.token, '');
    expect(empty.body.code).toBe(codes.input.code);
    expect((await stored(t.kykId, 'inv2'))!.password_hash).toBe('');
    expect((await setPassword(mail.kykId, mail.token, testPassword())).body.code).toBe(codes.passwordChanged.code);
  });

  it('refuses an expired link (72 h) and sets nothing', async () => {
    const address = `inv3-${stamp}@example.com`;
    await importUsers(t, usersCsv({ user_id: 'inv3', user_nm: 'Invited Three', email: address }), 1);
    const mail = await invitationOf(address);
    await db().send(new UpdateCommand({
      TableName: mainTable(), Key: invitationKey(t.kykId, tokenHash(mail.token)),
      UpdateExpression: 'SET expires_at = :past', ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
    }));
    expect((await call('com/invitation_info', { kyk_id: mail.kykId, token: mail.token })).body).toMatchObject({ code: codes.address.code, message: EXPIRED });
    expect((await setPassword(mail.kykId, mail.token, testPassword())).body).toMatchObject({ code: codes.address.code, message: EXPIRED });
    expect((await stored(t.kykId, 'inv3'))!.password_hash).toBe('');
  });

  it("refuses another contract's token and a made-up one, and changes nothing", async () => {
    const address = `inv4-${stamp}@example.com`;
    await importUsers(t, usersCsv({ user_id: 'inv4', user_nm: 'Invited Four', email: address }), 1);
    const mail = await invitationOf(address);
    const other = await newTenant();
    expect((await call('com/invitation_info', { kyk_id: other.kykId, token: mail.token })).body).toMatchObject({ code: codes.address.code, message: INVALID });
    expect((await setPassword(other.kykId, mail.token, testPassword())).body).toMatchObject({ code: codes.address.code, message: INVALID });
    expect((await setPassword(t.kykId, 'A'.repeat(43), testPassword())).body).toMatchObject({ code: codes.address.code, message: INVALID });
    // Still unused in its own contract.
    expect((await stored(t.kykId, 'inv4'))!.password_hash).toBe('');
    expect((await call('com/invitation_info', { kyk_id: mail.kykId, token: mail.token })).body.code).toBe(0);
  });
});

