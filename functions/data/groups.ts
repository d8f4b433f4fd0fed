import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ProductArea, UserGroup } from '#shared/schemas/groups.ts';
import { ipPolicyKey } from '#data/ip-entries.ts';
import { auditPut, type AuditActor } from '#lib/audit.ts';
import { db } from '#lib/clients.ts';
import { table, tenantPrefix, type Keys } from '#lib/data/table.ts';
import { userKey, type User } from './users.ts';
import { batchGet as batchGetItems } from '#lib/data/batch.ts';
import { isLostRace, TRANSACTION_MAX_ITEMS, TransactionFailed, transactWrite, type LabelledItem } from '#lib/data/transact.ts';
import { jitteredPause, RETRY_ATTEMPTS } from '#lib/data/retry.ts';

/**
 * User groups, their members and the per-product name claims and counters. Access patterns (see
 * functions/lib/data/README.md):
 * - a group by id: `T#<kyk>#UGROUP#<id>` / `GROUP` (strongly consistent point read);
 * - members of a group by user ID: same partition, `MEMBER#<user id>`;
 * - groups of a product by name: gsi1 `T#<kyk>#UGROUPS#<product>` / `<name key>` (unique in the
 *   product thanks to the claim, so no id suffix: a separator would sort "a b" before "a" and let
 *   a search for "echo#" match "echo");
 * - is a name taken in a product: `T#<kyk>#UGROUPS#<product>` / `NAME#<name key>`, written in the
 *   same transaction as the group, so two concurrent creations or renames cannot both win;
 * - how many groups a product has: `T#<kyk>#UGROUPS#<product>` / `COUNT`, changed in the create and
 *   delete transactions;
 * - the group of a user in a product: the user's profile `groups.<product>` (at most one per product).
 *
 * A membership is three facts kept in one transaction: the profile's `groups.<product>`, the member
 * item and the group's `user_count`. Every write is conditional on the state it was planned from, so
 * concurrent saves either commit against exactly that state or are re-planned: counts stay exact.
 */

export interface GroupRecord extends UserGroup {
  kyk_id: string;
  /** The name compared for uniqueness and sorted by: NFC, lower case. */
  name_key: string;
}

export interface MemberRecord {
  kyk_id: string;
  user_group_id: string;
  product: ProductArea;
  user_id: string;
  /** Copies for display, taken when the user joined. */
  user_nm: string;
  email: string;
  regist_date: string;
}


/** BatchGetItem's limit of keys per call. */
const BATCH_GET_MAX = 100;

/** Group names compare case-insensitively and by canonical Unicode form. */
export const groupNameKey = (name: string): string => name.normalize('NFC').toLowerCase();

export const groupPartition = (kykId: string, groupId: string): string => `${tenantPrefix(kykId)}#UGROUP#${groupId}`;
export const productPartition = (kykId: string, product: ProductArea): string => `${tenantPrefix(kykId)}#UGROUPS#${product}`;

export const groupKey = (kykId: string, groupId: string): Keys => ({ pk: groupPartition(kykId, groupId), sk: 'GROUP' });
/** Member items of a group sort under this prefix (by user ID). */
export const MEMBER_PREFIX = 'MEMBER#';
export const memberKey = (kykId: string, groupId: string, userId: string): Keys => ({ pk: groupPartition(kykId, groupId), sk: `${MEMBER_PREFIX}${userId}` });
export const groupNameClaimKey = (kykId: string, product: ProductArea, nameKey: string): Keys => ({
  pk: productPartition(kykId, product),
  sk: `NAME#${nameKey}`,
});
export const groupCountKey = (kykId: string, product: ProductArea): Keys => ({ pk: productPartition(kykId, product), sk: 'COUNT' });

export const listingKeys = (group: Pick<GroupRecord, 'kyk_id' | 'product' | 'name_key' | 'user_group_id'>) => ({
  gsi1pk: productPartition(group.kyk_id, group.product),
  gsi1sk: group.name_key,
});

export const toUserGroup = (record: GroupRecord): UserGroup => ({
  user_group_id: record.user_group_id,
  product: record.product,
  user_group_nm: record.user_group_nm,
  note: record.note,
  admin_permission: record.admin_permission,
  com_drive_permission: record.com_drive_permission,
  two_step: record.two_step,
  mfa_valid_days: record.mfa_valid_days,
  user_count: record.user_count,
  row_version: record.row_version,
  regist_date: record.regist_date,
  regist_user_nm: record.regist_user_nm,
  update_date: record.update_date,
  update_user_nm: record.update_user_nm,
});

/** The attributes a form save may change (everything else is kept by the server). */
const editableFields = ['user_group_nm', 'name_key', 'note', 'admin_permission', 'com_drive_permission', 'two_step', 'mfa_valid_days', 'update_date', 'update_user_nm'] as const;

export async function getGroup(kykId: string, groupId: string): Promise<GroupRecord | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: groupKey(kykId, groupId), ConsistentRead: true }));
  return Item as GroupRecord | undefined;
}

/** Groups by id in one round trip per 100 (strongly consistent). */
export async function getGroups(kykId: string, groupIds: string[]): Promise<Map<string, GroupRecord>> {
  const found = new Map<string, GroupRecord>();
  for (const item of await batchGet(groupIds.map((id) => groupKey(kykId, id)))) {
    const group = item as unknown as GroupRecord;
    found.set(group.user_group_id, group);
  }
  return found;
}

export type MemberUser = Pick<User, 'user_id' | 'user_nm' | 'email' | 'groups'>;

/** User profiles by id (strongly consistent); ids of other contracts simply are not found. */
export async function getMemberUsers(kykId: string, userIds: string[]): Promise<Map<string, MemberUser>> {
  const found = new Map<string, MemberUser>();
  const items = await batchGet(userIds.map((id) => userKey(kykId, id)), 'user_id, user_nm, email, #groups', { '#groups': 'groups' });
  for (const item of items) found.set(item.user_id as string, item as unknown as MemberUser);
  return found;
}

const batchGet = (keys: Keys[], projection?: string, names?: Record<string, string>): Promise<Record<string, unknown>[]> =>
  batchGetItems(keys, { ...(projection ? { projection, names } : {}) });

/** The first `limit` members of a group in user-ID order. */
export async function listMembers(kykId: string, groupId: string, limit: number): Promise<MemberRecord[]> {
  const members: MemberRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const { Items = [], LastEvaluatedKey } = await db().send(new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :member)',
      ExpressionAttributeValues: { ':pk': groupPartition(kykId, groupId), ':member': 'MEMBER#' },
      Limit: limit - members.length,
      ExclusiveStartKey: startKey,
      ConsistentRead: true,
    }));
    members.push(...(Items as MemberRecord[]));
    startKey = LastEvaluatedKey;
  } while (startKey && members.length < limit);
  return members;
}

/** Groups of a product (the counter item; no query at all). */
export async function countGroups(kykId: string, product: ProductArea): Promise<number> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: groupCountKey(kykId, product), ConsistentRead: true }));
  return Number(Item?.group_count ?? 0);
}

interface ListQuery {
  /** Name-key prefix of a search. */
  prefix?: string;
  ascending: boolean;
}

const listQuery = (kykId: string, product: ProductArea, query: ListQuery) => ({
  TableName: table(),
  IndexName: 'gsi1',
  KeyConditionExpression: query.prefix !== undefined ? 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)' : 'gsi1pk = :pk',
  ExpressionAttributeValues: { ':pk': productPartition(kykId, product), ...(query.prefix !== undefined ? { ':prefix': query.prefix } : {}) },
  ScanIndexForward: query.ascending,
});

/** Groups whose name starts with the prefix: a COUNT query over that key range only. */
export async function countGroupsByPrefix(kykId: string, product: ProductArea, prefix: string): Promise<number> {
  let total = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const { Count = 0, LastEvaluatedKey } = await db().send(new QueryCommand({ ...listQuery(kykId, product, { prefix, ascending: true }), Select: 'COUNT', ExclusiveStartKey: startKey }));
    total += Count;
    startKey = LastEvaluatedKey;
  } while (startKey);
  return total;
}

/**
 * Page `page` (from 1) of a product's groups by name. The paged list of SPEC.md §3 addresses pages
 * by number, so the rows before the page are stepped over with COUNT queries (keys only, nothing
 * returned): the cost grows with the offset. Groups per product are few (tens to hundreds), so this
 * stays a handful of reads; a cursor would be needed only for thousands of groups.
 */
export async function listGroupsPage(kykId: string, product: ProductArea, query: ListQuery & { pageSize: number; page: number }): Promise<GroupRecord[]> {
  const base = listQuery(kykId, product, query);
  let toSkip = (query.page - 1) * query.pageSize;
  let startKey: Record<string, unknown> | undefined;
  while (toSkip > 0) {
    const { Count = 0, LastEvaluatedKey } = await db().send(new QueryCommand({ ...base, Select: 'COUNT', Limit: toSkip, ExclusiveStartKey: startKey }));
    toSkip -= Count;
    if (!LastEvaluatedKey) return [];
    startKey = LastEvaluatedKey;
  }
  const rows: GroupRecord[] = [];
  do {
    const { Items = [], LastEvaluatedKey } = await db().send(new QueryCommand({ ...base, Limit: query.pageSize - rows.length, ExclusiveStartKey: startKey }));
    rows.push(...(Items as GroupRecord[]));
    startKey = LastEvaluatedKey;
  } while (startKey && rows.length < query.pageSize);
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Writes

export class GroupNameTakenError extends Error {
  constructor() {
    super('group name taken');
    this.name = 'GroupNameTakenError';
  }
}

/** The group's own condition failed (gone, or another save bumped `row_version`). */
export class GroupChangedError extends Error {
  constructor() {
    super('group changed');
    this.name = 'GroupChangedError';
  }
}

export class UnknownUsersError extends Error {
  constructor(readonly userIds: string[]) {
    super('unknown users');
    this.name = 'UnknownUsersError';
  }
}

/** Concurrent changes kept winning over this save for every retry. */
export class MemberConflictError extends Error {
  constructor() {
    super('member changes kept conflicting');
    this.name = 'MemberConflictError';
  }
}

/** Builds `SET a = :a, ...` with placeholder names for every attribute (many are reserved words). */
function assignments(values: Record<string, unknown>, prefix: string) {
  const names: Record<string, string> = {};
  const placeholders: Record<string, unknown> = {};
  const parts = Object.entries(values).map(([attribute, value], index) => {
    names[`#${prefix}${index}`] = attribute;
    placeholders[`:${prefix}${index}`] = value;
    return `#${prefix}${index} = :${prefix}${index}`;
  });
  return { parts, names, placeholders };
}

/** Update of a group's editable attributes, conditional on the version the caller saw. */
export function groupUpdateItem(before: GroupRecord, after: GroupRecord, userCountDelta = 0): LabelledItem {
  const changed: Record<string, unknown> = Object.fromEntries(editableFields.map((field) => [field, after[field]]));
  changed.gsi1sk = listingKeys(after).gsi1sk;
  changed.row_version = after.row_version;
  const set = assignments(changed, 'f');
  return {
    label: `group#${before.user_group_id}`,
    Update: {
      TableName: table(),
      Key: groupKey(before.kyk_id, before.user_group_id),
      UpdateExpression: `SET ${set.parts.join(', ')} ADD user_count :delta`,
      ConditionExpression: 'row_version = :expected',
      ExpressionAttributeNames: set.names,
      ExpressionAttributeValues: { ...set.placeholders, ':delta': userCountDelta, ':expected': before.row_version },
    },
  };
}

/** A lock check alone: the group is still at the version the caller saw. */
export const groupVersionCheckItem = (group: GroupRecord): LabelledItem => ({
  label: `group#${group.user_group_id}`,
  ConditionCheck: {
    TableName: table(),
    Key: groupKey(group.kyk_id, group.user_group_id),
    ConditionExpression: 'row_version = :expected',
    ExpressionAttributeValues: { ':expected': group.row_version },
  },
});

const groupItem = (record: GroupRecord) => ({ ...groupKey(record.kyk_id, record.user_group_id), ...listingKeys(record), type: 'user-group', ...record });

const claimPut = (record: GroupRecord): LabelledItem => ({
  label: 'nameClaim',
  Put: {
    TableName: table(),
    Item: { ...groupNameClaimKey(record.kyk_id, record.product, record.name_key), type: 'user-group-name', user_group_id: record.user_group_id },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

const claimDelete = (record: GroupRecord): LabelledItem => ({
  label: 'oldNameClaim',
  Delete: {
    TableName: table(),
    Key: groupNameClaimKey(record.kyk_id, record.product, record.name_key),
    ConditionExpression: 'user_group_id = :id',
    ExpressionAttributeValues: { ':id': record.user_group_id },
  },
});

const groupCountChange = (kykId: string, product: ProductArea, delta: 1 | -1): LabelledItem => ({
  label: 'groupCount',
  Update: {
    TableName: table(),
    Key: groupCountKey(kykId, product),
    UpdateExpression: 'SET #type = :type ADD group_count :delta',
    ExpressionAttributeNames: { '#type': 'type' },
    ExpressionAttributeValues: { ':type': 'user-group-count', ':delta': delta },
  },
});

/**
 * Deletes a group that has no members, with its name claim and IP allow-list entry, and counts it out of its product, in
 * one transaction with the audit record. Conditional on the version the caller saw and on the group
 * still being empty.
 */
export async function deleteGroup(actor: AuditActor, group: GroupRecord): Promise<void> {
  try {
    await transactWrite([
      {
        label: 'group',
        Delete: {
          TableName: table(),
          Key: groupKey(group.kyk_id, group.user_group_id),
          ConditionExpression: 'row_version = :expected AND user_count = :zero',
          ExpressionAttributeValues: { ':expected': group.row_version, ':zero': 0 },
        },
      },
      claimDelete(group),
      groupCountChange(actor.kykId, group.product, -1),
      // The group's IP allow-list entry goes with it (an account-area group may have one).
      { label: 'ipEntry', Delete: { TableName: table(), Key: ipPolicyKey(group.kyk_id, group.user_group_id) } },
      auditPut(actor, { action: 'user_group.delete', targetType: 'user_group', targetId: group.user_group_id, before: toUserGroup(group), after: null }),
    ]);
  } catch (error) {
    if (error instanceof TransactionFailed && error.failed('group')) throw new GroupChangedError();
    throw error;
  }
}

/** Several groups' updates (or lock checks) in one all-or-nothing transaction. */
export async function updateGroups(items: LabelledItem[]): Promise<void> {
  try {
    await transactWrite(items);
  } catch (error) {
    if (error instanceof TransactionFailed) throw new GroupChangedError();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Saving a group together with member changes

/** The first transaction of a save: creating the group, or updating its attributes. */
export type GroupSave =
  | { kind: 'create'; group: GroupRecord }
  | { kind: 'update'; before: GroupRecord; after: GroupRecord; /** Written with the first step (the administrators guard). */ guard?: LabelledItem };

interface MemberOp {
  kind: 'add' | 'remove';
  userId: string;
}

interface PlannedAdd {
  kind: 'add';
  user: MemberUser;
  /** The group of the same product the user leaves (a move), if any. */
  from?: string;
}

interface PlannedRemove {
  kind: 'remove';
  user: MemberUser;
}

type Planned = PlannedAdd | PlannedRemove;

export interface SaveResult {
  added: string[];
  removed: string[];
}

/**
 * Saves a group and its member changes. TransactWriteItems holds at most 100 actions, and a member
 * change costs 2 or 3 of them (profile, member item, the left group's member item) plus 2 per group
 * a user is moved out of (its count, its audit record), so large changes run as several
 * transactions. Each one is complete on its own: the profiles, member items and every affected
 * group's `user_count` change together, with an audit record per group, so counts are exact after
 * every step. The first transaction also creates or updates the group itself (conditional on the
 * version the caller saw), so a refused save writes nothing at all.
 *
 * Every user write is conditional on the membership it was planned from; when a concurrent save
 * got there first, the step is re-read and re-planned (a user moved elsewhere in the meantime is
 * moved from there instead).
 */
export async function saveGroup(actor: AuditActor, save: GroupSave, addIds: string[], removeIds: string[]): Promise<SaveResult> {
  const group = save.kind === 'create' ? save.group : save.after;
  let queue: MemberOp[] = [
    ...addIds.map((userId): MemberOp => ({ kind: 'add', userId })),
    ...removeIds.map((userId): MemberOp => ({ kind: 'remove', userId })),
  ];
  const result: SaveResult = { added: [], removed: [] };
  let first = true;
  while (first || queue.length > 0) {
    for (let attempt = 1; ; attempt++) {
      const head = queue.slice(0, BATCH_GET_MAX);
      const users = await getMemberUsers(actor.kykId, head.map((op) => op.userId));
      if (first) {
        const unknown = head.filter((op) => op.kind === 'add' && !users.has(op.userId)).map((op) => op.userId);
        if (unknown.length > 0) throw new UnknownUsersError(unknown);
      }
      const fixedItems = first ? (save.kind === 'create' ? 4 : 2 + (save.before.name_key !== save.after.name_key ? 2 : 0) + (save.guard ? 1 : 0)) : 2;
      const { planned, consumed } = plan(group, head, users, TRANSACTION_MAX_ITEMS - fixedItems);
      if (!first && planned.length === 0) {
        // Nothing left to write for these users (already members, or no longer members).
        queue = queue.slice(consumed);
        break;
      }
      const items = stepItems(actor, save, group, planned, first);
      try {
        await transactWrite(items);
      } catch (error) {
        // The group itself changed or vanished (a later step's group emptied, then deleted).
        if (error instanceof TransactionFailed && error.failed(`group#${group.user_group_id}`)) throw new GroupChangedError();
        if (error instanceof TransactionFailed && error.failed('nameClaim')) throw new GroupNameTakenError();
        if (error instanceof TransactionFailed && error.failed('administrators')) throw new GroupChangedError();
        // Lost races on users (moved or removed meanwhile) and conflicts that outlasted the retry
        // policy: re-read, re-plan, under the same policy's bound and pause.
        if (!(error instanceof TransactionFailed) && !isLostRace(error)) throw error;
        if (attempt >= RETRY_ATTEMPTS) throw new MemberConflictError();
        await jitteredPause(attempt);
        continue;
      }
      for (const op of planned) (op.kind === 'add' ? result.added : result.removed).push(op.user.user_id);
      queue = queue.slice(consumed);
      first = false;
      break;
    }
  }
  return result;
}

/**
 * Plans the longest prefix of `ops` that fits in `budget` actions. Ops that need no write (adding a
 * member already in the group, removing a non-member or an unknown user, adding a user deleted
 * since the first step) are consumed without cost.
 */
function plan(group: GroupRecord, ops: MemberOp[], users: Map<string, MemberUser>, budget: number): { planned: Planned[]; consumed: number } {
  const planned: Planned[] = [];
  const sources = new Set<string>();
  let used = 0;
  let consumed = 0;
  for (const op of ops) {
    const user = users.get(op.userId);
    const current = user?.groups?.[group.product];
    if (!user || (op.kind === 'add' ? current === group.user_group_id : current !== group.user_group_id)) {
      consumed++;
      continue;
    }
    const from = op.kind === 'add' ? current : undefined;
    const cost = 2 + (from ? 1 + (sources.has(from) ? 0 : 2) : 0);
    if (used + cost > budget) break;
    used += cost;
    if (from) sources.add(from);
    planned.push(op.kind === 'add' ? { kind: 'add', user, from } : { kind: 'remove', user });
    consumed++;
  }
  return { planned, consumed };
}

function stepItems(actor: AuditActor, save: GroupSave, group: GroupRecord, planned: Planned[], first: boolean): LabelledItem[] {
  const kykId = actor.kykId;
  const product = group.product;
  const groupId = group.user_group_id;
  const added = planned.filter((op): op is PlannedAdd => op.kind === 'add');
  const removed = planned.filter((op): op is PlannedRemove => op.kind === 'remove');
  const delta = added.length - removed.length;
  const now = new Date().toISOString();
  const membership = { added_member_ids: added.map((op) => op.user.user_id), removed_member_ids: removed.map((op) => op.user.user_id) };

  const items: LabelledItem[] = first && save.kind === 'update' && save.guard ? [save.guard] : [];
  if (first && save.kind === 'create') {
    const created = { ...save.group, user_count: delta };
    items.push(
      { label: `group#${groupId}`, Put: { TableName: table(), Item: groupItem(created), ConditionExpression: 'attribute_not_exists(pk)' } },
      claimPut(created),
      groupCountChange(kykId, product, 1),
      auditPut(actor, { action: 'user_group.create', targetType: 'user_group', targetId: groupId, before: null, after: { ...toUserGroup(created), ...membership } }),
    );
  } else if (first && save.kind === 'update') {
    const renamed = save.before.name_key !== save.after.name_key;
    items.push(groupUpdateItem(save.before, save.after, delta));
    if (renamed) items.push(claimPut(save.after), claimDelete(save.before));
    items.push(auditPut(actor, {
      action: 'user_group.update', targetType: 'user_group', targetId: groupId,
      before: toUserGroup(save.before),
      after: { ...toUserGroup({ ...save.after, user_count: save.before.user_count + delta }), ...membership },
    }));
  } else {
    items.push(
      {
        label: `group#${groupId}`,
        Update: {
          TableName: table(),
          Key: groupKey(kykId, groupId),
          UpdateExpression: 'ADD user_count :delta',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':delta': delta },
        },
      },
      auditPut(actor, { action: 'user_group.members', targetType: 'user_group', targetId: groupId, before: null, after: membership }),
    );
  }

  const leaving = new Map<string, string[]>();
  for (const op of added) {
    items.push(
      profileJoin(kykId, product, groupId, op),
      { label: `member#${op.user.user_id}`, Put: { TableName: table(), Item: memberItem(kykId, group, op.user, now), ConditionExpression: 'attribute_not_exists(pk)' } },
    );
    if (op.from) {
      items.push({ label: `leftMember#${op.user.user_id}`, Delete: { TableName: table(), Key: memberKey(kykId, op.from, op.user.user_id), ConditionExpression: 'attribute_exists(pk)' } });
      leaving.set(op.from, [...(leaving.get(op.from) ?? []), op.user.user_id]);
    }
  }
  for (const op of removed) {
    items.push(
      {
        label: `profile#${op.user.user_id}`,
        Update: {
          TableName: table(),
          Key: userKey(kykId, op.user.user_id),
          UpdateExpression: 'REMOVE #groups.#product ADD row_version :one',
          ConditionExpression: '#groups.#product = :group',
          ExpressionAttributeNames: { '#groups': 'groups', '#product': product },
          ExpressionAttributeValues: { ':group': groupId, ':one': 1 },
        },
      },
      { label: `member#${op.user.user_id}`, Delete: { TableName: table(), Key: memberKey(kykId, groupId, op.user.user_id), ConditionExpression: 'attribute_exists(pk)' } },
    );
  }
  for (const [fromId, userIds] of leaving) {
    items.push(
      {
        label: `leftGroup#${fromId}`,
        Update: {
          TableName: table(),
          Key: groupKey(kykId, fromId),
          UpdateExpression: 'ADD user_count :delta',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':delta': -userIds.length },
        },
      },
      auditPut(actor, {
        action: 'user_group.members', targetType: 'user_group', targetId: fromId,
        before: null, after: { added_member_ids: [], removed_member_ids: userIds, moved_to: groupId },
      }),
    );
  }
  return items;
}

const memberItem = (kykId: string, group: GroupRecord, user: MemberUser, now: string) => {
  const member: MemberRecord = {
    kyk_id: kykId,
    user_group_id: group.user_group_id,
    product: group.product,
    user_id: user.user_id,
    user_nm: user.user_nm,
    email: user.email,
    regist_date: now,
  };
  return { ...memberKey(kykId, group.user_group_id, user.user_id), type: 'user-group-member', ...member };
};

/**
 * Points the user's profile at the group, conditional on exactly the membership planned from (none,
 * or the group being left). Users created without a `groups` map get one. The profile's
 * `row_version` moves too: a user form opened before the change must not write the old group back.
 */
function profileJoin(kykId: string, product: ProductArea, groupId: string, op: PlannedAdd): LabelledItem {
  const names = { '#groups': 'groups' };
  const base = { TableName: table(), Key: userKey(kykId, op.user.user_id) };
  const label = `profile#${op.user.user_id}`;
  if (!op.user.groups) {
    return {
      label,
      Update: {
        ...base,
        UpdateExpression: 'SET #groups = :groups ADD row_version :one',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#groups)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ':groups': { [product]: groupId }, ':one': 1 },
      },
    };
  }
  return {
    label,
    Update: {
      ...base,
      UpdateExpression: 'SET #groups.#product = :group ADD row_version :one',
      ConditionExpression: op.from ? '#groups.#product = :from' : 'attribute_exists(pk) AND attribute_exists(#groups) AND attribute_not_exists(#groups.#product)',
      ExpressionAttributeNames: { ...names, '#product': product },
      ExpressionAttributeValues: { ':group': groupId, ':one': 1, ...(op.from ? { ':from': op.from } : {}) },
    },
  };
}
