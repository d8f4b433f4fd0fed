import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { ProductArea } from '#shared/schemas/groups.ts';
import { db } from '#lib/clients.ts';
import { table } from '#lib/data/table.ts';
import { userIndexKeys, userKey, type UserStatus } from './users.ts';
import { batchGet } from '#lib/data/batch.ts';
import { COUNT_EVALUATION_CAP } from '#lib/data/query.ts';
import { groupPartition, MEMBER_PREFIX } from '#data/groups.ts';

/**
 * Reads of the user-or-group picker (`com/user_usergroup_sel`). Key-condition queries and BatchGets
 * only (see functions/lib/data/README.md):
 * - users of a contract by name (and name prefix): gsi2 `T#<kyk>#USERS` / `<user_nm>#<user_id>`,
 *   the contract's own status and legal-entity filters as a FilterExpression;
 * - the user IDs of a group's members: `T#<kyk>#UGROUP#<id>` / `begins_with MEMBER#`;
 * - user profiles by ID: BatchGet of `T#<kyk>#USER#<id>` / `PROFILE`.
 * Every key starts with the caller's tenant, so ids of another contract never resolve.
 * Only the attributes a picker row and its filters need are projected.
 */

/** The profile attributes the picker reads. */
export interface PickerUser {
  user_id: string;
  user_nm: string;
  groups?: Partial<Record<ProductArea, string>>;
  corp_id?: string | null;
  department?: string;
  post?: string;
  status: UserStatus;
  /** 1: an individual common-drive permission outside any group (shown as -1 without a group). */
  indiv_permission_flg?: 0 | 1;
}

/** Parallel BatchGet calls (each up to 100 keys). */
const BATCH_PARALLEL = 8;

const projection = {
  ProjectionExpression: 'user_id, user_nm, #groups, corp_id, department, post, #status, indiv_permission_flg',
  names: { '#groups': 'groups', '#status': 'status' },
};

/** The users index partition of a contract, as the users module builds it. */
const usersIndexPartition = (kykId: string): string => userIndexKeys({ kyk_id: kykId, user_id: '', user_nm: '' }).gsi2pk;

/** A FilterExpression's parts: only conditions DynamoDB can test as stored (exact values). */
export interface UserFilter {
  /** Only users whose status is 0 (available): lapse_flg 0. */
  activeOnly: boolean;
  /** Only users of this legal entity. */
  corpId?: string;
}

/**
 * Users of the contract in name order (gsi2 `T#<kyk>#USERS` / `<user_nm>#<user_id>`) whose name
 * begins with `prefix`, passing `filter`; each is handed to `visit` in index order. Reads on
 * until `enough()` says the caller has its page and at least `cap` items have been evaluated
 * (COUNT_EVALUATION_CAP: bounded reads whatever the contract's size), or the range ends.
 * Answers whether the whole range was read (else the caller's count is a lower bound).
 */
export async function forEachUserByName(
  kykId: string,
  options: { prefix?: string; ascending: boolean; filter: UserFilter; enough: () => boolean; cap?: number },
  visit: (user: PickerUser) => void,
): Promise<{ complete: boolean }> {
  const cap = options.cap ?? COUNT_EVALUATION_CAP;
  const conditions: string[] = [];
  const values: Record<string, unknown> = { ':pk': usersIndexPartition(kykId) };
  const names: Record<string, string> = { ...projection.names };
  if (options.filter.activeOnly) {
    conditions.push('#status = :available');
    values[':available'] = 0;
  }
  if (options.filter.corpId !== undefined) {
    conditions.push('corp_id = :corp');
    values[':corp'] = options.filter.corpId;
  }
  if (options.prefix) values[':prefix'] = options.prefix;
  const input: QueryCommandInput = {
    TableName: table(),
    IndexName: 'gsi2',
    KeyConditionExpression: options.prefix ? 'gsi2pk = :pk AND begins_with(gsi2sk, :prefix)' : 'gsi2pk = :pk',
    ...(conditions.length ? { FilterExpression: conditions.join(' AND ') } : {}),
    ProjectionExpression: projection.ProjectionExpression,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ScanIndexForward: options.ascending,
  };
  let evaluated = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    // Once the page is in hand, read only up to the cap; until then, a cap's worth at a time.
    const limit = options.enough() ? cap - evaluated : cap;
    const { Items = [], ScannedCount = 0, LastEvaluatedKey } = await db().send(new QueryCommand({ ...input, Limit: Math.max(1, limit), ExclusiveStartKey: startKey }));
    for (const item of Items) visit(item as PickerUser);
    evaluated += ScannedCount;
    startKey = LastEvaluatedKey;
  } while (startKey && !(options.enough() && evaluated >= cap));
  return { complete: !startKey };
}

/** The user IDs of every member of a group (keys of the member items only). */
export async function memberIds(kykId: string, groupId: string): Promise<string[]> {
  const ids: string[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const { Items = [], LastEvaluatedKey } = await db().send(new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :member)',
      ExpressionAttributeValues: { ':pk': groupPartition(kykId, groupId), ':member': MEMBER_PREFIX },
      ProjectionExpression: 'user_id',
      ExclusiveStartKey: startKey,
    }));
    for (const item of Items) ids.push(String(item.user_id));
    startKey = LastEvaluatedKey;
  } while (startKey);
  return ids;
}

/** User profiles by ID (BatchGet, 100 keys a call, a few calls at a time); unknown ids are absent. */
export async function getPickerUsers(kykId: string, userIds: string[]): Promise<Map<string, PickerUser>> {
  const items = await batchGet<PickerUser>(userIds.map((id) => userKey(kykId, id)), {
    projection: projection.ProjectionExpression, names: projection.names, consistent: false, parallel: BATCH_PARALLEL,
  });
  return new Map(items.map((item) => [String(item.user_id), item]));
}
