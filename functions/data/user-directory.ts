import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { db } from '#lib/clients.ts';
import { table, tenantPrefix, type Keys } from '#lib/data/table.ts';
import { userCountKey, userKey, userPartition, type User, type UserStatus } from './users.ts';
import { getGroups, groupKey, MEMBER_PREFIX, memberKey } from './groups.ts';
import { corpKey } from './corps.ts';
import type { LabelledItem } from '#lib/data/transact.ts';
import { pageTotal, queryAll, queryCount, queryCountUpTo, queryRange } from '#lib/data/query.ts';
import { batchGet as batchGetItems, batchWrite } from '#lib/data/batch.ts';
import { foldForSearch } from '#shared/search-fold.ts';
import { matchUsers, oneCharacterVariants, userSearchText, type UserMatch } from './user-search.ts';

/**
 * Data access of the users feature. The profile item, its index keys and the counter key live in
 * functions/lib/data/users.ts (sign-in reads them too); this module adds:
 * - users of a contract by user ID (gsi1 `T#<kyk>#USERS` / user ID) or by name (gsi2
 *   `T#<kyk>#USERS` / `<name>#<user ID>`), department, post and status a FilterExpression on top;
 *   a search (any part of the ID, name or e-mail) reads the gram index of user-search.ts instead;
 * - members of a legal entity: `T#<kyk>#CORP#<corp>` / `USER#<user ID>` (beside the corp item),
 *   written and deleted in the same transactions as the corp's `user_count`
 *   (`corpUserCountUpdate`), carrying a copy of the user's name for the name sort;
 * - members of a user group: the groups module's `T#<kyk>#UGROUP#<group>` / `MEMBER#<user ID>`;
 * - the number of users: `T#<kyk>#USERS` / `COUNT`, kept in the register and delete transactions;
 * - a user's trusted second-step devices: `T#<kyk>#USER#<user>` / `DEVICE#...` (issue 4 writes them).
 */

export const USERS_INDEX_PARTITION = (kykId: string): string => `${tenantPrefix(kykId)}#USERS`;

export const corpMemberKey = (kykId: string, corpId: string, userId: string): Keys => ({ pk: corpKey(kykId, corpId).pk, sk: `USER#${userId}` });

const CORP_MEMBER_PREFIX = 'USER#';
export const DEVICE_PREFIX = 'DEVICE#';

export const corpMemberPut = (kykId: string, corpId: string, user: Pick<User, 'user_id' | 'user_nm'>): LabelledItem => ({
  label: `corpMember#${corpId}`,
  Put: { TableName: table(), Item: { ...corpMemberKey(kykId, corpId, user.user_id), type: 'corp-member', kyk_id: kykId, corp_id: corpId, user_id: user.user_id, user_nm: user.user_nm } },
});

/** Rewrites the copy of a user's name and e-mail on the member item of a group the user stays in. */
export const groupMemberCopyUpdate = (kykId: string, groupId: string, user: Pick<User, 'user_id' | 'user_nm' | 'email'>): LabelledItem => ({
  label: `memberCopy#${groupId}`,
  Update: {
    TableName: table(),
    Key: memberKey(kykId, groupId, user.user_id),
    UpdateExpression: 'SET user_nm = :name, email = :email',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':name': user.user_nm, ':email': user.email },
  },
});

export const corpMemberDelete = (kykId: string, corpId: string, userId: string): LabelledItem => ({
  label: `corpMemberLeft#${corpId}`,
  Delete: { TableName: table(), Key: corpMemberKey(kykId, corpId, userId) },
});

export const userCountChange = (kykId: string, delta: 1 | -1): LabelledItem => ({
  label: 'userCount',
  Update: {
    TableName: table(),
    Key: userCountKey(kykId),
    UpdateExpression: 'SET #type = :type ADD user_count :delta',
    ExpressionAttributeNames: { '#type': 'type' },
    ExpressionAttributeValues: { ':type': 'user-count', ':delta': delta },
  },
});

/** The group still exists when the user's transaction commits (its members are then joined by the groups module). */
export const groupExistsCheck = (kykId: string, groupId: string): LabelledItem => ({
  label: `groupExists#${groupId}`,
  ConditionCheck: { TableName: table(), Key: groupKey(kykId, groupId), ConditionExpression: 'attribute_exists(pk)' },
});

export async function getUserConsistent(kykId: string, userId: string): Promise<User | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: userKey(kykId, userId), ConsistentRead: true }));
  return Item as User | undefined;
}

export async function countUsers(kykId: string): Promise<number> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: userCountKey(kykId), ConsistentRead: true }));
  return Number(Item?.user_count ?? 0);
}

/** Keys of the user's trusted-device items (none exist until issue 4 registers them). */
export async function listDeviceKeys(kykId: string, userId: string): Promise<Keys[]> {
  const items = await queryAll({
    TableName: table(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :device)',
    ExpressionAttributeValues: { ':pk': userPartition(kykId, userId), ':device': DEVICE_PREFIX },
    ProjectionExpression: 'pk, sk',
    ConsistentRead: true,
  });
  return items as Keys[];
}

/** Deletes items outside a transaction, 25 a call (devices beyond what one transaction holds). */
export const deleteKeys = (keys: Keys[]): Promise<void> => batchWrite(keys.map((key) => ({ DeleteRequest: { Key: key } })));

const batchGet = (keys: Keys[], projection?: { expression: string; names?: Record<string, string> }): Promise<Record<string, unknown>[]> =>
  batchGetItems(keys, projection ? { projection: projection.expression, names: projection.names } : {});

/** Profiles in the order of `userIds`, skipping users that do not exist (in this contract). */
export async function getUsers(kykId: string, userIds: string[]): Promise<User[]> {
  const found = new Map((await batchGet(userIds.map((id) => userKey(kykId, id)))).map((item) => [item.user_id as string, item as unknown as User]));
  return userIds.flatMap((id) => (found.has(id) ? [found.get(id)!] : []));
}

/** Display names for user rows: legal entities by id and groups by id (BatchGet each, 100 keys a call). */
export async function namesFor(kykId: string, users: User[]): Promise<{ corps: Map<string, string>; groups: Map<string, string> }> {
  const corpIds = [...new Set(users.flatMap((user) => (user.corp_id ? [user.corp_id] : [])))];
  const groupIds = [...new Set(users.flatMap((user) => Object.values(user.groups ?? {}).filter((id): id is string => typeof id === 'string')))];
  const [corpItems, groupRecords] = await Promise.all([
    batchGet(corpIds.map((id) => corpKey(kykId, id)), { expression: 'corp_id, corp_nm' }),
    groupIds.length > 0 ? getGroups(kykId, groupIds) : Promise.resolve(new Map()),
  ]);
  return {
    corps: new Map(corpItems.map((item) => [String(item.corp_id), String(item.corp_nm ?? '')])),
    groups: new Map([...groupRecords.values()].map((group) => [group.user_group_id, group.user_group_nm])),
  };
}

// ---------------------------------------------------------------------------------------------
// The user list

export type UserSortItem = 'user_id' | 'user_nm';

export interface UserListQuery {
  sortItem: UserSortItem;
  ascending: boolean;
  pageSize: number;
  /** 1-based page number. */
  page: number;
  /** Any part of the user ID, the name or the e-mail, folded (user-search.ts). */
  search?: string;
  groupId?: string;
  corpId?: string;
  /** Part of the department or post (substring, case-sensitive). */
  department?: string;
  post?: string;
  status?: UserStatus;
}

export interface UserPage {
  total: number;
  /** False: `total` is a lower bound (see COUNT_EVALUATION_CAP). */
  exact: boolean;
  users: User[];
}

/** The sort key of a row, as the indexes store it: gsi1sk or gsi2sk. */
const sortKeyOf = (sortItem: UserSortItem, user: Pick<User, 'user_id' | 'user_nm'>): string =>
  sortItem === 'user_id' ? user.user_id : `${user.user_nm}#${user.user_id}`;

/** DynamoDB orders string keys by their UTF-8 bytes; in-memory sorts must agree. */
const byteOrder = (a: string, b: string): number => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/** Department, post and status as a FilterExpression (applied after the key condition). */
function profileFilter(query: UserListQuery): Pick<QueryCommandInput, 'FilterExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'> | undefined {
  const parts: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (query.department) {
    parts.push('contains(#department, :department)');
    names['#department'] = 'department';
    values[':department'] = query.department;
  }
  if (query.post) {
    parts.push('contains(#post, :post)');
    names['#post'] = 'post';
    values[':post'] = query.post;
  }
  if (query.status !== undefined) {
    parts.push('#status = :status');
    names['#status'] = 'status';
    values[':status'] = query.status;
  }
  return parts.length > 0 ? { FilterExpression: parts.join(' AND '), ExpressionAttributeNames: names, ExpressionAttributeValues: values } : undefined;
}

/** Two FilterExpressions as one (both must hold). */
function combinedFilter(...parts: (ReturnType<typeof profileFilter>)[]): ReturnType<typeof profileFilter> {
  const present = parts.filter((part): part is NonNullable<typeof part> => part !== undefined);
  if (present.length === 0) return undefined;
  return {
    FilterExpression: present.map((part) => `(${part.FilterExpression})`).join(' AND '),
    ExpressionAttributeNames: Object.assign({}, ...present.map((part) => part.ExpressionAttributeNames)),
    ExpressionAttributeValues: Object.assign({}, ...present.map((part) => part.ExpressionAttributeValues)),
  };
}

/** A one-character search (no bigram to read): the ID, name or e-mail contains one of its spellings. */
function oneCharacterFilter(char: string): ReturnType<typeof profileFilter> {
  const variants = oneCharacterVariants(char);
  const values = Object.fromEntries(variants.map((variant, index) => [`:ch${index}`, variant]));
  const parts = ['#user_id', '#user_nm', '#email'].flatMap((field) => variants.map((_, index) => `contains(${field}, :ch${index})`));
  return { FilterExpression: parts.join(' OR '), ExpressionAttributeNames: { '#user_id': 'user_id', '#user_nm': 'user_nm', '#email': 'email' }, ExpressionAttributeValues: values };
}

/**
 * A search of two characters or more: the matches come from the gram index (user-search.ts), then
 * the other conditions on the matched profiles, the sort and the page in memory. The cost follows
 * the matches (and the bigram read to find them), not the contract.
 */
async function searchUsers(kykId: string, query: UserListQuery & { search: string }, offset: number): Promise<UserPage> {
  let matches: UserMatch[] = await matchUsers(kykId, query.search);
  const filtered = Boolean(query.groupId || query.corpId || query.department || query.post || query.status !== undefined);
  let profiles: Map<string, User> | undefined;
  if (filtered) {
    const users = (await getUsers(kykId, matches.map((match) => match.user_id))).filter((user) => matchesProfile(user, query));
    profiles = new Map(users.map((user) => [user.user_id, user]));
    matches = users;
  }
  const sorted = matches
    .map((row) => ({ row, key: sortKeyOf(query.sortItem, row) }))
    .sort((a, b) => byteOrder(a.key, b.key) * (query.ascending ? 1 : -1));
  const pageIds = sorted.slice(offset, offset + query.pageSize).map(({ row }) => row.user_id);
  const users = profiles ? pageIds.map((id) => profiles.get(id)!) : await getUsers(kykId, pageIds);
  return { total: sorted.length, exact: true, users };
}

/** The same conditions in memory, for rows reached through a membership. */
const matchesProfile = (user: User, query: UserListQuery): boolean =>
  (!query.department || (user.department ?? '').includes(query.department)) &&
  (!query.post || (user.post ?? '').includes(query.post)) &&
  (query.status === undefined || user.status === query.status) &&
  (!query.corpId || user.corp_id === query.corpId) &&
  (!query.groupId || Object.values(user.groups ?? {}).includes(query.groupId));

/**
 * One numbered page of a contract's users.
 * - No group or legal-entity filter: a key-condition query on gsi1 (user ID) or gsi2 (name), the
 *   search a `begins_with` on the sort key, department/post/status a FilterExpression. The total is
 *   the users counter when nothing narrows the list, else a COUNT query with the same conditions.
 * - A group or legal-entity filter: the membership partition (`MEMBER#<user>` of the group, or
 *   `USER#<user>` of the legal entity) replaces the index. Sorted by user ID with no other profile
 *   condition, it is paged like an index (prefix on the member sort key, COUNT for the total) and
 *   only the page's profiles are read. Otherwise the members' keys (with their name copies) are read
 *   whole, the profiles too when department, post, status or both memberships must be checked, and
 *   the rows are filtered, sorted and cut in memory: the cost follows the group's or entity's size,
 *   not the contract's.
 */
export async function listUsers(kykId: string, query: UserListQuery): Promise<UserPage> {
  const offset = (query.page - 1) * query.pageSize;
  const search = foldForSearch(query.search?.trim() ?? '');
  if ([...search].length >= 2) return searchUsers(kykId, { ...query, search }, offset);
  const filter = combinedFilter(profileFilter(query), search ? oneCharacterFilter(search) : undefined);
  if (!query.groupId && !query.corpId) {
    const index = query.sortItem === 'user_id' ? 'gsi1' : 'gsi2';
    const condition: QueryCommandInput = {
      TableName: table(),
      IndexName: index,
      KeyConditionExpression: `${index}pk = :pk`,
      ...filter,
      ExpressionAttributeValues: { ':pk': USERS_INDEX_PARTITION(kykId), ...filter?.ExpressionAttributeValues },
    };
    const [items, counted] = await Promise.all([
      queryRange({ ...condition, ScanIndexForward: query.ascending }, offset, query.pageSize),
      !filter ? countUsers(kykId).then((count) => ({ count, exact: true })) : queryCountUpTo(condition),
    ]);
    const total = pageTotal(counted, offset, items.length, query.pageSize);
    return { total: total.count, exact: total.exact, users: items as unknown as User[] };
  }

  const source = query.groupId
    ? { pk: groupKey(kykId, query.groupId).pk, prefix: MEMBER_PREFIX }
    : { pk: corpKey(kykId, query.corpId!).pk, prefix: CORP_MEMBER_PREFIX };
  const needsProfiles = Boolean(filter) || Boolean(query.groupId && query.corpId) || search !== '';
  const members = (prefix: string): QueryCommandInput => ({
    TableName: table(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': source.pk, ':prefix': prefix },
    ExpressionAttributeNames: { '#user_id': 'user_id', '#user_nm': 'user_nm' },
    ProjectionExpression: '#user_id, #user_nm',
    ConsistentRead: true,
  });

  if (query.sortItem === 'user_id' && !needsProfiles) {
    const condition = members(source.prefix);
    const [entries, total] = await Promise.all([
      queryRange({ ...condition, ScanIndexForward: query.ascending }, offset, query.pageSize),
      queryCount({ ...condition, ProjectionExpression: undefined, ExpressionAttributeNames: undefined }),
    ]);
    return { total, exact: true, users: await getUsers(kykId, entries.map((entry) => String(entry.user_id))) };
  }

  const entries = (await queryAll(members(source.prefix))) as Pick<User, 'user_id' | 'user_nm'>[];
  let rows: Pick<User, 'user_id' | 'user_nm'>[] = entries;
  let profiles: Map<string, User> | undefined;
  if (needsProfiles) {
    const users = (await getUsers(kykId, entries.map((entry) => entry.user_id))).filter((user) => matchesProfile(user, query));
    profiles = new Map(users.map((user) => [user.user_id, user]));
    rows = users;
  }
  const sorted = rows
    .filter((row) => !search || (profiles && userSearchText(profiles.get(row.user_id)!).includes(search)))
    .map((row) => ({ row, key: sortKeyOf(query.sortItem, row) }))
    .sort((a, b) => byteOrder(a.key, b.key) * (query.ascending ? 1 : -1));
  const pageIds = sorted.slice(offset, offset + query.pageSize).map(({ row }) => row.user_id);
  const users = profiles ? pageIds.map((id) => profiles.get(id)!) : await getUsers(kykId, pageIds);
  return { total: sorted.length, exact: true, users };
}
