import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '#lib/clients.ts';
import { batchWrite } from '#lib/data/batch.ts';
import { COUNT_EVALUATION_CAP } from '#lib/data/query.ts';
import { nowIso } from '#lib/data/table.ts';
import { userCountKey, userIndexKeys, userKey, type User } from '#data/users.ts';
import type { RouteRequest } from '#shared/routes.ts';
import { call } from './support/api.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

/**
 * Lists whose filter DynamoDB cannot serve from a key read at most COUNT_EVALUATION_CAP items for
 * their total (functions/lib/data/query.ts): past it the page is still complete and in order, and
 * the total is a lower bound marked `total_exact: 0`. 1,501 users, more than the cap.
 */
const USERS = 1501;

describe('bounded totals on a contract larger than the count cap', () => {
  let t: TestTenant;
  let users: User[];
  beforeAll(async () => {
    expect(USERS).toBeGreaterThan(COUNT_EVALUATION_CAP);
    t = await newTenant();
    const now = nowIso();
    users = Array.from({ length: USERS }, (_, i): User => {
      const userId = `b${String(i).padStart(4, '0')}`;
      return {
        kyk_id: t.kykId, user_id: userId, user_nm: `Bulk ${String((i * 7) % USERS).padStart(4, '0')}`, email: `${userId}@example.com`, language: 'en',
        ata_admin_permission: 0, status: i % 5 === 4 ? 1 : 0, password_hash: 'x', row_version: 1, regist_date: now, regist_user_id: 'test',
        update_date: now, update_user_id: 'test', department: i % 3 === 0 ? 'Sales East' : 'Finance', post: i === USERS - 2 ? 'Rare post' : 'Staff',
      };
    });
    await batchWrite(users.map((user) => ({ PutRequest: { Item: { ...userKey(t.kykId, user.user_id), ...userIndexKeys(user), type: 'user', ...user } } })));
    await db().send(new UpdateCommand({ TableName: process.env.TABLE_NAME, Key: userCountKey(t.kykId), UpdateExpression: 'ADD user_count :n', ExpressionAttributeValues: { ':n': USERS } }));
  });

  const list = async (body: RouteRequest<'com/user_info_list'>) => {
    const result = await call('com/user_info_list', body, t.token);
    expect(result.body.code, JSON.stringify(result.body)).toBe(0);
    return result.body.data!;
  };
  const ids = (page: { return_list: { user_id: string }[] }) => page.return_list.map((row) => row.user_id);

  it('answers the first page of a department filter completely, with a lower-bound total', async () => {
    const sales = users.filter((user) => user.department!.includes('Sales')).map((user) => user.user_id).sort();
    const first = await list({ department: 'Sales', page_size: 50 });
    expect(ids(first)).toEqual(sales.slice(0, 50));
    expect(first.total_exact).toBe(0);
    expect(first.total_size).toBeGreaterThan(50);
    expect(first.total_size).toBeLessThanOrEqual(sales.length);
    // Page 3 is as complete and in order as page 1.
    expect(ids(await list({ department: 'Sales', page_size: 50, current_page: 3 }))).toEqual(sales.slice(100, 150));
  });

  it('knows the total exactly once a page comes back short', async () => {
    const sales = users.filter((user) => user.department!.includes('Sales')).map((user) => user.user_id).sort();
    const lastPage = Math.ceil(sales.length / 100);
    const last = await list({ department: 'Sales', page_size: 100, current_page: lastPage });
    expect(ids(last)).toEqual(sales.slice((lastPage - 1) * 100));
    expect(last).toMatchObject({ total_size: sales.length });
    expect(last.total_exact).toBeUndefined();
    // A filter whose only match lies past the cap: the page (short) says the total exactly.
    const rare = await list({ post: 'Rare', page_size: 50 });
    expect(rare).toMatchObject({ total_size: 1, return_list: [{ user_id: users[USERS - 2]!.user_id }] });
    expect(rare.total_exact).toBeUndefined();
  });

  it('keeps the exact counter total without a filter', async () => {
    const plain = await list({ page_size: 50 });
    expect(plain.total_size).toBe(USERS + 1);
    expect(plain.total_exact).toBeUndefined();
  });

  it("pages the picker's users in name order with a lower-bound total, and page_size 0 still counts them all", async () => {
    const available = [...users.filter((user) => user.status === 0), { user_id: 'admin', user_nm: '管理者 太郎' }]
      .map((user) => `${user.user_nm}#${user.user_id}`)
      .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    const first = await call('com/user_usergroup_sel', { search_kbn: 2, page_size: 100 }, t.token);
    expect(first.body.code).toBe(0);
    expect(first.body.data!.return_list.map((row) => `${row.user_nm}#${row.user_id}`)).toEqual(available.slice(0, 100));
    expect(first.body.data).toMatchObject({ total_exact: 0 });
    expect(first.body.data!.total_size).toBeGreaterThan(100);
    expect(first.body.data!.total_size).toBeLessThanOrEqual(available.length);
    const all = await call('com/user_usergroup_sel', { search_kbn: 2, page_size: 0 }, t.token);
    expect(all.body.data).toMatchObject({ total_size: available.length });
    expect(all.body.data!.total_exact).toBeUndefined();
  });
});
