import { randomBytes } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '#lib/clients.ts';
import { nowIso } from '#lib/data/table.ts';
import { userIndexKeys, userKey, type User } from '#data/users.ts';
import { hashPassword } from '#lib/passwords.ts';
import { signIn } from './api.ts';
import { testPassword } from './passwords.ts';

/**
 * Arranges a user directly in the table, for tests of other groups (until user registration
 * exists as an API, see issue 3). Memberships and counters are not touched: add members through
 * the group calls. `drive` gives the user an individual common-drive level (no account-area
 * group); without it the user has no drive rights (functions/domain/access.ts).
 */
export async function createUser(kykId: string, options: { userId?: string; userName?: string; admin?: boolean; email?: string; drive?: 0 | 1 | 2 | 3 } = {}) {
  const userId = options.userId ?? `u${randomBytes(4).toString('hex')}`;
  const password = testPassword();
  const now = nowIso();
  const user: User = {
    kyk_id: kykId,
    user_id: userId,
    user_nm: options.userName ?? `User ${userId}`,
    email: options.email ?? `${userId}@example.com`,
    language: 'en',
    ata_admin_permission: options.admin ? 1 : 0,
    ...(options.drive !== undefined ? { indiv_permission_flg: 1 as const, indiv_com_drive_permission: options.drive } : {}),
    status: 0,
    password_hash: await hashPassword(password),
    row_version: 1,
    regist_date: now,
    regist_user_id: 'test',
    update_date: now,
    update_user_id: 'test',
  };
  await db().send(new PutCommand({
    TableName: process.env.TABLE_NAME,
    Item: { ...userKey(kykId, userId), ...userIndexKeys(user), type: 'user', ...user },
    ConditionExpression: 'attribute_not_exists(pk)',
  }));
  return { userId, password, signIn: () => signIn(kykId, userId, password) };
}
