import { randomUUID } from 'node:crypto';
import { auditOfTarget } from './audit.ts';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { expect, inject } from 'vitest';
import { db } from '#lib/clients.ts';
import { nowIso } from '#lib/data/table.ts';
import { getUser, userCountKey, userIndexKeys, userKey, type User } from '#data/users.ts';
import { reindexUsers } from '#data/user-search.ts';
import { hashPassword } from '#lib/passwords.ts';
import { getGroup, listMembers } from '#data/groups.ts';
import { getCorp } from '#data/corps.ts';
import type { RouteRequest } from '#shared/routes.ts';
import type { UserDetail } from '#shared/schemas/users.ts';
import { call } from './api.ts';
import { tenantSnapshot } from './snapshot.ts';

/** What the users test files share: messages, the form save, users arranged in bulk and readers of stored state (data is built with ./factories.ts). */
export const REQUIRED = 'This field is required';
export const TOO_LONG = (max: number) => `Please enter no more than ${max} characters.`;
export const USER_ID_FORMAT = 'Please use only letters, digits and . _ @ - in the user ID.';
export const USER_ID_DUPLICATE = 'This user ID is already registered.';
export const EMAIL = 'Please enter a valid e-mail address.';
export const PHONE = 'Please enter a phone number such as 03-1234-5678.';
export const PASSWORD_REQUIRED = 'Please enter a new password.';
export const PASSWORD_LENGTH = 'Please enter a new password with at least 8 characters and no more than 32 characters.';
export const UNKNOWN_GROUP = 'This user group does not exist.';
export const UNKNOWN_CORP = 'This legal entity does not exist.';
export const INVALID = 'The value is not valid.';
export const UNKNOWN_FIELD = 'This field is not accepted.';
export const NOT_FOUND = 'The data does not exist. It may have been deleted by another user.';
export const EDITED = 'This item was edited by another user. Please reload and try again.';
export const CANNOT_CHANGE_SELF = 'You cannot suspend or delete your own account.';
export const CREATED = 'The user has been registered.';
export const MISSING_ID = '00000000-0000-4000-8000-000000000000';
export const TABLE = () => process.env.TABLE_NAME;

export let serial = 0;
export const newUserId = () => `u${(++serial).toString(36)}${randomUUID().slice(0, 6)}`;

/** The form save: the user's current values unless overridden. */
export function updateBody(user: UserDetail, changes: Partial<RouteRequest<'com/user_info_upd_btn'>> = {}): RouteRequest<'com/user_info_upd_btn'> {
  return {
    user_id: user.user_id,
    row_version: user.row_version,
    user_nm: user.user_nm,
    email: user.email,
    phone: user.phone,
    language: user.language,
    corp_id: user.corp_id,
    department: user.department,
    post: user.post,
    ata_admin_permission: user.ata_admin_permission,
    atp_admin_permission: user.atp_admin_permission,
    atk_admin_permission: user.atk_admin_permission,
    atc_admin_permission: user.atc_admin_permission,
    atc_lapse_flg: user.atc_lapse_flg,
    atk_lapse_flg: user.atk_lapse_flg,
    atp_lapse_flg: user.atp_lapse_flg,
    ata_corp_permission: user.ata_corp_permission,
    file_regist_method: user.file_regist_method,
    indiv_permission_flg: user.indiv_permission_flg,
    indiv_com_drive_permission: user.indiv_com_drive_permission as 0 | 1 | 2 | 3,
    ...changes,
  };
}

export async function update(token: string, user: UserDetail, changes: Partial<RouteRequest<'com/user_info_upd_btn'>> = {}): Promise<UserDetail> {
  const result = await call('com/user_info_upd_btn', updateBody(user, changes), token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!.user;
}

export async function info(token: string, userId: string): Promise<UserDetail> {
  const result = await call('com/user_info', { user_id: userId }, token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!.user;
}

/** One password hash for every arranged user: scrypt per user would take seconds. */
export let sharedHash: Promise<string> | undefined;
export const SHARED_PASSWORD = `Shared-${randomUUID()}`;

/** Users arranged directly in the table (with the users counter, as registration keeps it). */
export async function arrange(kykId: string, specs: Partial<User>[]): Promise<User[]> {
  const passwordHash = await (sharedHash ??= hashPassword(SHARED_PASSWORD));
  const now = nowIso();
  const users = specs.map((spec): User => {
    const userId = spec.user_id ?? newUserId();
    return {
      kyk_id: kykId, user_id: userId, user_nm: `User ${userId}`, email: `${userId}@example.com`, language: 'en', ata_admin_permission: 0, status: 0,
      password_hash: passwordHash, row_version: 1, regist_date: now, regist_user_id: 'test', update_date: now, update_user_id: 'test', ...spec,
    };
  });
  await Promise.all(users.map((user) => db().send(new PutCommand({
    TableName: TABLE(),
    Item: { ...userKey(kykId, user.user_id), ...userIndexKeys(user), type: 'user', ...user },
    ConditionExpression: 'attribute_not_exists(pk)',
  }))));
  // In the list's search index, as a registration files them.
  await reindexUsers(users);
  await db().send(new UpdateCommand({ TableName: TABLE(), Key: userCountKey(kykId), UpdateExpression: 'ADD user_count :n', ExpressionAttributeValues: { ':n': users.length } }));
  return users;
}

export async function stored(kykId: string, userId: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: TABLE(), Key: userKey(kykId, userId), ConsistentRead: true }));
  return Item;
}

export const auditOf = (kykId: string, userId: string): Promise<Record<string, unknown>[]> => auditOfTarget(kykId, 'user', userId);

export const snapshot = tenantSnapshot;

export interface StoredMail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string };
  from: string;
}

/** Mails the SES stand-in received for an address whose body mentions `marker`. */
export async function mailsTo(address: string, marker: string): Promise<StoredMail[]> {
  const response = await fetch(new URL('store', inject('stack').mailViewer));
  const { emails } = (await response.json()) as { emails: StoredMail[] };
  return emails.filter((mail) => mail.destination.to.includes(address) && (mail.body.text ?? '').includes(marker));
}

/** Group and legal-entity counts agree with their member items and the profiles. */
export async function expectCounts(kykId: string, groupCounts: Record<string, number>, corpCounts: Record<string, number>) {
  for (const [groupId, count] of Object.entries(groupCounts)) {
    const [group, members] = await Promise.all([getGroup(kykId, groupId), listMembers(kykId, groupId, 10_000)]);
    expect(group?.user_count, `user_count of group ${groupId}`).toBe(count);
    expect(members, `members of group ${groupId}`).toHaveLength(count);
    const profiles = await Promise.all(members.map((member) => getUser(kykId, member.user_id)));
    expect(profiles.every((profile) => profile && Object.values(profile.groups ?? {}).includes(groupId))).toBe(true);
  }
  for (const [corpId, count] of Object.entries(corpCounts)) {
    const corp = await getCorp(kykId, corpId);
    const { Items = [] } = await db().send(new QueryCommand({
      TableName: TABLE(), KeyConditionExpression: 'pk = :pk AND begins_with(sk, :user)', ExpressionAttributeValues: { ':pk': `T#${kykId}#CORP#${corpId}`, ':user': 'USER#' }, ConsistentRead: true,
    }));
    expect(corp?.user_count, `user_count of corp ${corpId}`).toBe(count);
    expect(Items, `members of corp ${corpId}`).toHaveLength(count);
    const profiles = await Promise.all(Items.map((item) => getUser(kykId, String(item.user_id))));
    expect(profiles.every((profile) => profile?.corp_id === corpId)).toBe(true);
  }
}

export const ids = (page: { return_list: UserDetail[] }) => page.return_list.map((row) => row.user_id);

export const DETAIL_KEYS = [
  'ata_admin_permission', 'ata_corp_permission', 'atc_admin_permission', 'atc_lapse_flg', 'atk_admin_permission', 'atk_lapse_flg', 'atp_admin_permission', 'atp_lapse_flg',
  'corp_id', 'corp_nm', 'department', 'email', 'file_regist_method', 'group_names', 'groups', 'indiv_com_drive_permission', 'indiv_permission_flg', 'kyk_id', 'language',
  'password_change_required', 'phone', 'post', 'regist_date', 'regist_user_nm', 'row_version', 'status', 'totp_registered', 'update_date', 'update_user_nm', 'user_id', 'user_nm',
].sort();
