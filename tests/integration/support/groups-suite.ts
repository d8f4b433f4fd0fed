import { randomUUID } from 'node:crypto';
import { auditOfTarget } from './audit.ts';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { db } from '#lib/clients.ts';
import { nowIso } from '#lib/data/table.ts';
import { getUser, userIndexKeys, userKey, type User } from '#data/users.ts';
import { hashPassword } from '#lib/passwords.ts';
import { getGroup, listMembers } from '#data/groups.ts';
import type { RouteRequest } from '#shared/routes.ts';
import type { ProductArea, UserGroup } from '#shared/schemas/groups.ts';
import { call } from './api.ts';
import { tenantSnapshot } from './snapshot.ts';

/** What the groups test files share: messages, the form save and readers of stored state (groups are built with ./factories.ts). */
export const REQUIRED = 'This field is required';
export const DUPLICATE_NAME = 'A user group with the same name already exists.';
export const UNKNOWN_USER = 'This user does not exist.';
export const NOT_FOUND = 'The data does not exist. It may have been deleted by another user.';
export const HAS_MEMBERS = 'This user group still has members. Remove them before deleting the group.';
export const EDITED = 'This item was edited by another user. Please reload and try again.';
export const MFA_DAYS = 'Please enter a number of days from 1 to 90.';
export const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** The form save: the group's current values unless overridden. */
export function updateBody(group: UserGroup, changes: Partial<RouteRequest<'com/user_group_upd_btn'>> = {}): RouteRequest<'com/user_group_upd_btn'> {
  return {
    user_group_id: group.user_group_id,
    row_version: group.row_version,
    user_group_nm: group.user_group_nm,
    note: group.note,
    admin_permission: group.admin_permission as 0 | 1,
    com_drive_permission: group.com_drive_permission as 0 | 1 | 2 | 3,
    two_step: group.two_step as 0 | 1 | 2,
    mfa_valid_days: group.mfa_valid_days,
    ...changes,
  };
}

export async function update(token: string, group: UserGroup, changes: Partial<RouteRequest<'com/user_group_upd_btn'>> = {}): Promise<UserGroup> {
  const result = await call('com/user_group_upd_btn', updateBody(group, changes), token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!.group;
}

/** One password hash for every arranged user: they never sign in, and scrypt per user would take seconds. */
export let sharedHash: Promise<string> | undefined;

/** Users arranged directly in the table, like support/users.ts `createUser` (non-admin, no groups). */
export async function users(kykId: string, count: number): Promise<string[]> {
  const passwordHash = await (sharedHash ??= hashPassword(randomUUID()));
  const now = nowIso();
  const created = Array.from({ length: count }, (): User => {
    const userId = `u${randomUUID().replaceAll('-', '').slice(0, 8)}`;
    return {
      kyk_id: kykId, user_id: userId, user_nm: `User ${userId}`, email: `${userId}@example.com`, language: 'en', ata_admin_permission: 0, status: 0,
      password_hash: passwordHash, row_version: 1, regist_date: now, regist_user_id: 'test', update_date: now, update_user_id: 'test',
    };
  });
  await Promise.all(created.map((user) => db().send(new PutCommand({
    TableName: process.env.TABLE_NAME,
    Item: { ...userKey(kykId, user.user_id), ...userIndexKeys(user), type: 'user', ...user },
    ConditionExpression: 'attribute_not_exists(pk)',
  }))));
  return created.map((user) => user.user_id);
}

export const auditOf = (kykId: string, groupId: string): Promise<Record<string, unknown>[]> => auditOfTarget(kykId, 'user_group', groupId);

export const snapshot = tenantSnapshot;

/** Group, member items, profiles and counter agree: the membership invariant. */
export async function expectConsistent(kykId: string, product: ProductArea, groupIds: string[], userIds: string[]) {
  const profiles = await Promise.all(userIds.map((id) => getUser(kykId, id)));
  for (const groupId of groupIds) {
    const [group, members] = await Promise.all([getGroup(kykId, groupId), listMembers(kykId, groupId, 10_000)]);
    const memberIds = members.map((member) => member.user_id).sort();
    const pointing = profiles.filter((user) => user?.groups?.[product] === groupId).map((user) => user!.user_id).sort();
    expect(group?.user_count, `user_count of ${groupId}`).toBe(members.length);
    expect(memberIds.filter((id) => userIds.includes(id))).toEqual(pointing);
  }
}
