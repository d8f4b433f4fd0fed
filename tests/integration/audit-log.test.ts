import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogRequest, AuditRecord } from '#shared/schemas/audit.ts';
import { auditRecord, type AuditActor } from '#lib/audit.ts';
import { db } from '#lib/clients.ts';
import { aGroup, aRegisteredUser, aUser, type SignedInUser } from './support/factories.ts';
import { call } from './support/api.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

const actor = (kykId: string, userId: string): AuditActor => ({ kykId, userId, userName: `${userId} name`, requestId: 'r', sourceIp: '192.0.2.7' });

/** Records written straight into the audit table at chosen times (as functions/lib/audit.ts writes them). */
async function seed(records: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < records.length; i += 25) {
    await db().send(new BatchWriteCommand({ RequestItems: { [process.env.AUDIT_TABLE_NAME!]: records.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
  }
}
const at = (day: string, second: number) => new Date(Date.parse(`${day}T00:00:00.000Z`) + second * 1000);

/** Every page of a query, following the cursor. */
async function allPages(token: string, request: AuditLogRequest): Promise<{ pages: number; records: AuditRecord[] }> {
  const records: AuditRecord[] = [];
  let pages = 0;
  let cursor: string | undefined;
  do {
    const result = await call('com/audit_log_list', { ...request, ...(cursor ? { cursor } : {}) }, token);
    expect(result.body.code, JSON.stringify(result.body)).toBe(0);
    records.push(...result.body.data!.records);
    cursor = result.body.data!.next_cursor ?? undefined;
    pages += 1;
  } while (cursor);
  return { pages, records };
}

describe('audit log', () => {
  let t: TestTenant;
  let member: SignedInUser;
  const range = { since: '2025-01-10T00:00:00Z', until: '2025-01-15T00:00:00Z' };

  beforeAll(async () => {
    t = await newTenant();
    member = await aUser(t);
    // 55 changes on the 10th, nothing on the 11th and 12th, 65 on the 13th (of which 5 sign-ins), one on the 15th (outside).
    await seed([
      ...Array.from({ length: 55 }, (_, i) => auditRecord(actor(t.kykId, 'alice'), { action: 'user.update', targetType: 'user', targetId: 'bob', before: { user_nm: `Bob ${i}` }, after: { user_nm: `Bob ${i + 1}` } }, at('2025-01-10', i))),
      ...Array.from({ length: 60 }, (_, i) => auditRecord(actor(t.kykId, 'admin'), { action: 'tag.create', targetType: 'tag', targetId: `tag-${i % 3}`, before: null, after: { name: `T${i}` } }, at('2025-01-13', i))),
      ...Array.from({ length: 5 }, (_, i) => auditRecord(actor(t.kykId, 'alice'), { action: 'signin.success', targetType: 'signin', targetId: 'alice', before: null, after: { outcome: 'success' } }, at('2025-01-13', 100 + i))),
      auditRecord(actor(t.kykId, 'admin'), { action: 'tag.delete', targetType: 'tag', targetId: 'tag-0', before: { name: 'T0' }, after: null }, at('2025-01-15', 0)),
    ]);
  });

  it('pages a time range newest first across days, by cursor, without gaps or repeats', async () => {
    const { pages, records } = await allPages(t.token, { ...range, page_size: 50 });
    expect(records).toHaveLength(120);
    expect(pages).toBe(3);
    expect(new Set(records.map((record) => record.id)).size).toBe(120);
    expect(records.map((record) => record.at)).toEqual([...records.map((record) => record.at)].sort().reverse());
    expect(records[0]).toMatchObject({ at: at('2025-01-13', 104).toISOString(), action: 'signin.success', user_id: 'alice', user_nm: 'alice name', source_ip: '192.0.2.7' });
    expect(records.at(-1)).toMatchObject({ action: 'user.update', target_type: 'user', target_id: 'bob', before: { user_nm: 'Bob 0' }, after: { user_nm: 'Bob 1' } });
    // `until` is exclusive, `since` inclusive.
    const edge = await call('com/audit_log_list', { since: '2025-01-10T00:00:54Z', until: '2025-01-13T00:00:00Z' }, t.token);
    expect(edge.body.data!.records.map((record) => record.after)).toEqual([{ user_nm: 'Bob 55' }]);
  });

  it('filters by user (gsi1), by item (gsi2), by action prefix and by kind', async () => {
    const byUser = await allPages(t.token, { ...range, user_id: 'alice', page_size: 100 });
    expect(byUser.records).toHaveLength(60);
    expect(new Set(byUser.records.map((record) => record.user_id))).toEqual(new Set(['alice']));
    const byItem = await allPages(t.token, { ...range, target_type: 'tag', target_id: 'tag-1' });
    expect(byItem.records).toHaveLength(20);
    expect(new Set(byItem.records.map((record) => record.target_id))).toEqual(new Set(['tag-1']));
    expect((await allPages(t.token, { ...range, target_type: 'tag', target_id: 'tag-1', user_id: 'alice' })).records).toEqual([]);
    expect((await allPages(t.token, { ...range, action: 'user.' })).records).toHaveLength(55);
    const signIns = await allPages(t.token, { ...range, kind: 'signin' });
    expect(signIns.records.map((record) => record.action)).toEqual(Array(5).fill('signin.success'));
    expect((await allPages(t.token, { ...range, kind: 'changes', user_id: 'alice' })).records).toHaveLength(55);
  });

  it('refuses a reversed range, one longer than 92 days, half an item filter and a foreign cursor with -4, and answers nothing', async () => {
    const reversed = await call('com/audit_log_list', { since: '2025-01-15T00:00:00Z', until: '2025-01-10T00:00:00Z' }, t.token);
    expect(reversed.status).toBe(400);
    expect(reversed.body).toMatchObject({ code: -4, data: null });
    expect(JSON.stringify(reversed.body)).toContain('The end must not be before the start.');
    const tooLong = await call('com/audit_log_list', { since: '2024-01-01T00:00:00Z', until: '2025-01-10T00:00:00Z' }, t.token);
    expect(tooLong.body.code).toBe(-4);
    expect(JSON.stringify(tooLong.body)).toContain('Please choose a range of at most 92 days.');
    expect((await call('com/audit_log_list', { ...range, target_type: 'tag' }, t.token)).body.code).toBe(-4);
    expect((await call('com/audit_log_list', { ...range, cursor: 'bm9wZQ' }, t.token)).body.code).toBe(-4);
    const first = await call('com/audit_log_list', { ...range }, t.token);
    const later = await call('com/audit_log_list', { since: '2025-01-14T00:00:00Z', until: '2025-01-16T00:00:00Z', cursor: first.body.data!.next_cursor! }, t.token);
    expect(later.body.code).toBe(-4);
  });

  it('is for administrators only', async () => {
    const refused = await call('com/audit_log_list', range, member.token);
    expect(refused.body.code).toBe(-101);
  });

  it("keeps contracts apart: another contract's administrator reads only its own log, whatever cursor it sends", async () => {
    const other = await newTenant();
    expect((await call('com/audit_log_list', range, other.token)).body.data).toEqual({ records: [], next_cursor: null });
    const cursor = (await call('com/audit_log_list', range, t.token)).body.data!.next_cursor!;
    expect((await call('com/audit_log_list', { ...range, cursor }, other.token)).body.data!.records).toEqual([]);
    expect((await call('com/audit_log_list', { ...range, user_id: 'alice' }, other.token)).body.data!.records).toEqual([]);
    expect((await call('com/audit_log_list', { ...range, target_type: 'tag', target_id: 'tag-1' }, other.token)).body.data!.records).toEqual([]);
  });

  it("names each record's item as it was then: a deleted user keeps their name; older records resolve it on read", async () => {
    const { user } = await aRegisteredUser(t, { user_nm: '消える 太郎' });
    const since = new Date(Date.now() - 60_000).toISOString();
    expect((await call('com/user_info_del_btn', { user_id: user.user_id, row_version: user.row_version }, t.token)).body.code).toBe(0);
    const own = await call('com/audit_log_list', { since, target_type: 'user', target_id: user.user_id }, t.token);
    expect(own.body.data!.records.map((record) => [record.action, record.target_nm])).toEqual([['user.delete', '消える 太郎'], ['user.create', '消える 太郎']]);

    // Records written before the name was kept: from their before or after, else the item's current name, else none.
    const old = (change: Parameters<typeof auditRecord>[1], second: number) => {
      const { target_nm: _name, ...record } = auditRecord(actor(t.kykId, 'admin'), change, at('2025-02-01', second));
      return record;
    };
    await seed([
      old({ action: 'user.update', targetType: 'user', targetId: 'gone', before: { user_nm: 'Gone Hanako' }, after: { email: 'x@example.com' } }, 1),
      old({ action: 'user.session_end', targetType: 'user', targetId: member.userId, before: { session: 1 }, after: null }, 2),
      old({ action: 'drive.share_link_revoke', targetType: 'file', targetId: '00000000-0000-4000-8000-000000000000', before: { link_id: 'x' }, after: null }, 3),
    ]);
    const { records } = await allPages(t.token, { since: '2025-02-01T00:00:00Z', until: '2025-02-02T00:00:00Z', page_size: 50 });
    const memberName = (await call('com/user_info', { user_id: member.userId }, t.token)).body.data!.user.user_nm;
    expect(records.map((record) => [record.action, record.target_nm])).toEqual([
      ['drive.share_link_revoke', null], ['user.session_end', memberName], ['user.update', 'Gone Hanako'],
    ]);
  });

  it('shows a change made through the API with its before and after, and the sign-ins of the day', async () => {
    const group = await aGroup(t, { user_group_nm: 'Audited group' });
    const since = new Date(Date.now() - 3_600_000).toISOString();
    const changes = await call('com/audit_log_list', { since, action: 'user_group.', target_type: 'user_group', target_id: group.user_group_id }, t.token);
    expect(changes.body.data!.records).toMatchObject([{ action: 'user_group.create', user_id: 'admin', before: null, after: { user_group_nm: 'Audited group' } }]);
    const signIns = await call('com/audit_log_list', { since, kind: 'signin', user_id: member.userId }, t.token);
    expect(signIns.body.data!.records.length).toBeGreaterThan(0);
    expect(signIns.body.data!.records.every((record) => record.action.startsWith('signin.'))).toBe(true);
  });
});
