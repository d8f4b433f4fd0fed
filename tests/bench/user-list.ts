/**
 * The user list at 10,000 users (the `user_list_ms` section): a fill written straight through the
 * data layer's key builders in the shape real registrations have (the profile with its list index
 * keys, the search's gram items, the users counter), then each call's p50/p95. `name_prefix_search`
 * keeps its request of before issue 28 (now a part-of-anything search through the grams), beside a
 * search by a part of the e-mail and by a part in the middle of the ID.
 */
import { randomBytes } from 'node:crypto';
import { BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RoutePath, RouteRequest, RouteResponse } from '#shared/routes.ts';
import { db } from '#lib/clients.ts';
import { config } from '#lib/config.ts';
import { hashPassword } from '#lib/passwords.ts';
import { reindexUsers } from '#data/user-search.ts';
import { userCountKey, userIndexKeys, userKey, type User } from '#data/users.ts';
import { median, percentile, round } from './stats.ts';

type Call = <P extends RoutePath>(path: P, body: RouteRequest<P>, token?: string) => Promise<{ data: RouteResponse<P> }>;
type Timed = <T>(work: () => Promise<T>, section?: string) => Promise<[number, T]>;

export const BENCH_USERS = 10_000;

export async function measureUserList(options: { kykId: string; token: string; call: Call; timed: Timed }) {
  const { kykId, token, call, timed } = options;
  const passwordHash = await hashPassword(randomBytes(8).toString('hex'));
  const now = new Date().toISOString();
  const users: User[] = Array.from({ length: BENCH_USERS }, (_, i) => {
    const userId = `u${String(i).padStart(5, '0')}`;
    return {
      kyk_id: kykId, user_id: userId, user_nm: `Member ${String((i * 7919) % 10_000).padStart(5, '0')}`, email: `${userId}@example.com`,
      language: 'en', ata_admin_permission: 0, status: 0, password_hash: passwordHash, row_version: 1,
      regist_date: now, regist_user_id: 'bench', update_date: now, update_user_id: 'bench', department: i % 3 === 0 ? 'Sales' : 'Finance',
    };
  });
  const [fillMs] = await timed(async () => {
    const chunks = Array.from({ length: Math.ceil(users.length / 25) }, (_, i) => users.slice(i * 25, i * 25 + 25));
    for (let i = 0; i < chunks.length; i += 8) {
      await Promise.all(chunks.slice(i, i + 8).map((chunk) => db().send(new BatchWriteCommand({
        RequestItems: { [config.tableName]: chunk.map((user) => ({ PutRequest: { Item: { ...userKey(kykId, user.user_id), ...userIndexKeys(user), type: 'user', ...user } } })) },
      }))));
    }
    // The search's grams, as each registration writes them in its transaction.
    for (let i = 0; i < users.length; i += 500) await reindexUsers(users.slice(i, i + 500));
    await db().send(new UpdateCommand({ TableName: config.tableName, Key: userCountKey(kykId), UpdateExpression: 'ADD user_count :n', ExpressionAttributeValues: { ':n': users.length } }));
  });
  const sample = async (section: string, work: () => Promise<unknown>, count = 30) => {
    const times: number[] = [];
    for (let i = 0; i < count; i++) times.push((await timed(work, section))[0]);
    return { p50: round(median(times)), p95: round(percentile(times, 95)) };
  };
  const found = async (search_key: string) => (await call('com/user_info_list', { search_key, page_size: 50 }, token)).data.total_size;
  return {
    users: users.length,
    fill_seconds: round(fillMs / 1000),
    first_page_by_id: await sample('user_list.first_page_by_id', () => call('com/user_info_list', { sort_item: 'user_id', page_size: 50 }, token)),
    first_page_by_name_desc: await sample('user_list.first_page_by_name_desc', () => call('com/user_info_list', { sort_item: 'user_nm', sort_flg: 2, page_size: 50 }, token)),
    name_prefix_search: await sample('user_list.name_prefix_search', () => call('com/user_info_list', { sort_item: 'user_nm', search_key: 'Member 012', page_size: 50 }, token)),
    page_10_by_id: await sample('user_list.page_10_by_id', () => call('com/user_info_list', { sort_item: 'user_id', page_size: 50, current_page: 10 }, token), 10),
    department_filter: await sample('user_list.department_filter', () => call('com/user_info_list', { department: 'Sales', page_size: 50 }, token), 10),
    id_part_search: await sample('user_list.id_part_search', () => call('com/user_info_list', { search_key: '0123', page_size: 50 }, token)),
    email_part_search: await sample('user_list.email_part_search', () => call('com/user_info_list', { search_key: '99@exa', page_size: 50 }, token)),
    one_character_search: await sample('user_list.one_character_search', () => call('com/user_info_list', { search_key: '7', page_size: 50 }, token), 10),
    // What the searches found (so a figure is never that of an empty answer).
    matches: { name_prefix_search: await found('Member 012'), id_part_search: await found('0123'), email_part_search: await found('99@exa'), one_character_search: await found('7') },
  };
}
