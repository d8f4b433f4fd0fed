import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriveItem } from '#shared/schemas/drive.ts';
import { db } from '#lib/clients.ts';
import { config } from '#lib/config.ts';
import { table } from '#lib/data/table.ts';
import { itemKey } from '#data/drive-items.ts';
import { codeKey } from '#data/saml.ts';
import { createTenant } from '#domain/tenants.ts';
import { exportTenant, NoSuchContractError, type ExportManifest } from '#domain/tenant-export.ts';
import { deleteTenant, RetainedDocumentsError, scanLeftovers } from '#domain/tenant-delete.ts';
import { tenantObjectVersions } from '#domain/tenant-objects.ts';
import { call, signIn } from './support/api.ts';
import { aCorp, aFolder, aGroup, aUser, type SignedInUser } from './support/factories.ts';
import { aFile, sendBytes, trash, uploadFile } from './support/drive.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

/**
 * Tenant lifecycle for operators (docs/operations.md "Export a contract", "Delete a contract"): two
 * contracts with users, a group, a legal entity, a folder tree with files and versions, tags, a
 * favourite, a share link and audit records; A is exported, then deleted down to its last item in
 * the table, the audit table and the bucket, while B goes on as before.
 */

const bytes = (text: string) => new TextEncoder().encode(text);
const ok = <T extends { body: { code: number } }>(result: T): T => {
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result;
};

interface Built {
  tenant: TestTenant;
  member: SignedInUser;
  report: DriveItem;
  trashed: DriveItem;
}

/** A contract with a bit of everything. */
async function build(label: string): Promise<Built> {
  const tenant = await newTenant();
  const member = await aUser(tenant, { user_nm: `${label} member` });
  await aGroup(tenant, { user_group_nm: `${label} group` });
  await aCorp(tenant);
  const docs = await aFolder(tenant, { name: 'Docs' });
  const sub = await aFolder(tenant, { parentId: docs.id, name: '2026 請求書' });
  // An invoice with a partner and an amount: the search's partner names, keys and amount-band keys.
  await aFile(tenant.token, sub.id, 'invoice.pdf', { transaction_date: '2026-04-01', transaction_amount: 1_200_000, provider: `${label} Trading` });
  const report = await uploadFile(tenant.token, sub.id, 'report.txt', bytes(`${label} report v1`), 'text/plain');
  // A second version over the first, which stays as an old version.
  const second = bytes(`${label} report v2`);
  const again = ok(await call('com_drive/file_reg_btn', { folder_id: sub.id, name: 'report.txt', size: second.byteLength, content_type: 'text/plain', on_conflict: 'old_version' }, tenant.token));
  await sendBytes(tenant.token, report.id, again.body.data!.upload, second);
  for (let attempt = 0; ; attempt++) {
    if ((await call('com_drive/file_info', { id: report.id }, tenant.token)).body.data!.item.version >= 2) break;
    if (attempt > 100) throw new Error('the second version never arrived');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const trashed = await uploadFile(tenant.token, docs.id, 'old.txt', bytes(`${label} old`), 'text/plain');
  await trash(tenant.token, trashed);
  const { tag } = ok(await call('com_drive/tag_create_btn', { name: `${label} tag`, scope: 'common' }, tenant.token)).body.data!;
  ok(await call('com_drive/item_tags_save_btn', { id: report.id, tag_ids: [tag.id] }, tenant.token));
  ok(await call('com_drive/favorite_add_btn', { id: report.id }, tenant.token));
  ok(await call('com_drive/share_link_create_btn', { id: report.id }, tenant.token));
  return { tenant, member, report, trashed };
}

const downloadText = async (token: string, id: string): Promise<string> => {
  const download = ok(await call('com_drive/download', { id }, token));
  return (await fetch(download.body.data!.url)).text();
};

const lines = async (dir: string, file: string): Promise<Record<string, unknown>[]> =>
  (await readFile(join(dir, 'data', file), 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);

/** What a query by the contract's own prefixes finds in the audit table (records by day). */
const auditByDay = async (kykId: string): Promise<number> => {
  const today = new Date().toISOString().slice(0, 10);
  const { Items = [] } = await db().send(new QueryCommand({ TableName: config.auditTableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `T#${kykId}#AUDIT#${today}` } }));
  return Items.length;
};

describe('tenant lifecycle', () => {
  let a: Built;
  let b: Built;
  let out: string;
  let manifest: ExportManifest;

  beforeAll(async () => {
    [a, b] = await Promise.all([build('A'), build('B')]);
    out = await mkdtemp(join(tmpdir(), 'tenant-export-'));
    manifest = await exportTenant(a.tenant.kykId, out, { source: 'the integration stack', toolVersion: 'test' });
  }, 240_000);
  afterAll(async () => {
    if (out) await rm(out, { recursive: true, force: true });
  });

  it('exports every kind of data of the contract, with counts', async () => {
    expect(manifest).toMatchObject({ format: 'com-drive-tenant-export', format_version: 1, tool_version: 'test', contract: { kyk_id: a.tenant.kykId } });
    expect(manifest.counts).toMatchObject({
      contract: 1, user: 2, 'user-group': 1, 'legal-entity': 1,
      tag: 1, 'tag-on-an-entry': 1, favourite: 1, 'share-link': 1,
      // Docs, its subfolder, the report, the invoice and the trashed file; four versions' records.
      'drive-item': 5, 'file-version': 4,
    });
    expect(manifest.counts['audit-record']).toBeGreaterThanOrEqual(3);
    expect(manifest.counts).not.toHaveProperty('unregistered');
    expect(manifest.left_out.entities.session).toBeGreaterThanOrEqual(2);
    expect(manifest.files).toEqual({ versions: 4, bytes: 'A report v1'.length + 'A report v2'.length + 'A old'.length + 'invoice.pdf'.length });
    expect(Object.keys(manifest.not_read)).toContain('T#<kyk>#SSOCODE#<hash>');
  }, 60_000);

  it('lays the bytes out by drive path and version, the trash apart', async () => {
    const place = join(out, 'files', 'Docs', '2026 請求書', 'report.txt');
    expect((await readdir(place)).sort()).toEqual(['v1', 'v2']);
    expect(await readFile(join(place, 'v1', 'report.txt'), 'utf8')).toBe('A report v1');
    expect(await readFile(join(place, 'v2', 'report.txt'), 'utf8')).toBe('A report v2');
    expect(await readFile(join(out, 'files', '_trash', 'Docs', 'old.txt', 'v1', 'old.txt'), 'utf8')).toBe('A old');
    const index = (await readFile(join(out, 'files.jsonl'), 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as { item_id?: string });
    expect(index.filter((entry) => entry.item_id === a.report.id)).toHaveLength(2);
  });

  it('carries no password hash, secret or session, and only contract A', async () => {
    const users = await lines(out, 'user.jsonl');
    expect(users.map((user) => user.user_id).sort()).toEqual(['admin', a.member.userId].sort());
    for (const user of users) expect(Object.keys(user).filter((key) => /hash|secret|history/.test(key))).toEqual([]);
    expect((await lines(out, 'share-link.jsonl'))[0]).not.toHaveProperty('secret_hash');
    const everything = (await Promise.all((await readdir(join(out, 'data'))).map((file) => readFile(join(out, 'data', file), 'utf8')))).join('\n');
    expect(everything).not.toContain(b.tenant.kykId);
    expect(everything).not.toMatch(/"password_hash"|"totp_secret"|"sk":"SESSION"/);
    expect(everything).toContain(`"user_group_nm":"A group"`);
  });

  it('refuses an output folder that is not empty, and a contract that does not exist', async () => {
    await expect(exportTenant(a.tenant.kykId, out, { source: 'x', toolVersion: 'test' })).rejects.toThrow(/not empty/);
    const empty = await mkdtemp(join(tmpdir(), 'tenant-export-'));
    await expect(exportTenant('nobody-here', empty, { source: 'x', toolVersion: 'test' })).rejects.toBeInstanceOf(NoSuchContractError);
    await rm(empty, { recursive: true, force: true });
  });

  it('refuses to delete while a document is under retention, changing nothing', async () => {
    const before = await scanLeftovers(a.tenant.kykId);
    await db().send(new UpdateCommand({ TableName: table(), Key: itemKey(a.tenant.kykId, a.report.id), UpdateExpression: 'SET retention_until = :until', ExpressionAttributeValues: { ':until': '2099-12-31' } }));
    const refusal = await deleteTenant(a.tenant.kykId, 'test').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RetainedDocumentsError);
    expect((refusal as RetainedDocumentsError).documents).toEqual([{ id: a.report.id, name: 'report.txt', retention_until: '2099-12-31' }]);
    const after = await scanLeftovers(a.tenant.kykId);
    expect(after.main.length).toBe(before.main.length);
    expect(after.audit.length).toBe(before.audit.length);
    expect(await downloadText(a.tenant.token, a.report.id)).toBe('A report v2');
  });

  it('deletes everything of contract A with --force-retained, and B goes on', async () => {
    const bBefore = await scanLeftovers(b.tenant.kykId);
    const bObjects = await tenantObjectVersions(b.tenant.kykId);
    expect(bObjects.length).toBeGreaterThanOrEqual(3);
    expect(await auditByDay(a.tenant.kykId)).toBeGreaterThan(0);

    // A SAML sign-in code: a random key nothing lists (it expires by TTL); only the Scan finds it.
    await db().send(new PutCommand({ TableName: table(), Item: { ...codeKey(a.tenant.kykId, 'a-secret'), user_id: 'admin', expires_at: 1, ttl: 1 } }));

    const report = await deleteTenant(a.tenant.kykId, 'test', { forceRetained: true, scan: true });
    expect(report).toMatchObject({ contractFound: true, forcedRetained: true, remaining: 0, scanned: 1, complete: true, objects: { refused: [] } });
    expect(report.retained.map((document) => document.id)).toEqual([a.report.id]);
    expect(report.deleted).toMatchObject({
      contract: 1, user: 2, session: 2, 'drive item': 5, 'file version': 4, 'share link': 1,
      // The invoice's place in the partner index: its name, its key and its amount band's key.
      'partner name': 1, 'partner key': 1, 'partner amount key': 1,
    });
    expect(report.objects.deleted).toBeGreaterThanOrEqual(3);

    // Nothing of A anywhere: the Scan reads both whole tables; the bucket lists every version.
    expect(await scanLeftovers(a.tenant.kykId)).toEqual({ main: [], audit: [] });
    expect(await auditByDay(a.tenant.kykId)).toBe(0);
    expect(await tenantObjectVersions(a.tenant.kykId)).toEqual([]);
    // A's users are signed out and cannot sign in; the ID can be created anew.
    expect((await call('com_drive/drive_info', { folder_id: 'root', page_size: 50 }, a.tenant.token)).body.code).not.toBe(0);
    expect((await call('login/login_btn', { kyk_id: a.tenant.kykId, user_id: 'admin', password: a.tenant.password })).body.code).not.toBe(0);
    await createTenant({ kykId: a.tenant.kykId, adminUserId: 'admin', adminPassword: a.tenant.password, adminEmail: 'admin@example.com' });
    await signIn(a.tenant.kykId, 'admin', a.tenant.password);

    // B: every item and object as before; it signs in and downloads.
    const bAfter = await scanLeftovers(b.tenant.kykId);
    expect(bAfter.main.length).toBe(bBefore.main.length);
    expect(bAfter.audit.length).toBeGreaterThanOrEqual(bBefore.audit.length);
    expect((await tenantObjectVersions(b.tenant.kykId)).map((object) => object.key).sort()).toEqual(bObjects.map((object) => object.key).sort());
    const token = await signIn(b.tenant.kykId, 'admin', b.tenant.password, 1);
    expect(await downloadText(token, b.report.id)).toBe('B report v2');
  }, 120_000);

  it('answers a contract that is not there', async () => {
    await expect(deleteTenant('nobody-here', 'test')).rejects.toBeInstanceOf(NoSuchContractError);
  });
});
