import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '#lib/clients.ts';
import { codeClaimKey, corpCounterKey, corpKey, corpUserCountUpdate } from '#data/corps.ts';

/** What the legal test files share: messages and readers of stored state (data is built with ./factories.ts). */
export const REQUIRED = 'This field is required';
export const CODE_WIDTH = 'Please enter the corporate code in 15 half-width or 7 full-width characters or fewer.';
export const CODE_DUPLICATE = 'The corporate code already exists.';
export const PHONE = 'Please enter a phone number such as 03-1234-5678.';
export const UNKNOWN_GROUP = 'This user group does not exist.';
export const NOT_FOUND = 'The data does not exist. It may have been deleted by another user.';
export const IN_USE = 'This legal entity is used by users and cannot be deleted.';
export const tooLong = (max: number) => `Please enter no more than ${max} characters.`;
export const MISSING_ID = '00000000-0000-4000-8000-000000000000';

export const mainTable = () => process.env.TABLE_NAME!;
export const auditTable = () => process.env.AUDIT_TABLE_NAME!;

export let sequence = 0;
export const uniqueCode = (prefix = 'C') => `${prefix}${(++sequence).toString().padStart(4, '0')}`;

export const stored = async (kykId: string, corpId: string) =>
  (await db().send(new GetCommand({ TableName: mainTable(), Key: corpKey(kykId, corpId), ConsistentRead: true }))).Item;

export const claim = async (kykId: string, code: string) =>
  (await db().send(new GetCommand({ TableName: mainTable(), Key: codeClaimKey(kykId, code), ConsistentRead: true }))).Item;

export const counter = async (kykId: string) =>
  (await db().send(new GetCommand({ TableName: mainTable(), Key: corpCounterKey(kykId), ConsistentRead: true }))).Item?.corp_count as number | undefined;

export async function queryAll(input: ConstructorParameters<typeof QueryCommand>[0]): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Audit records of one corp, oldest first. */
export const auditOf = (kykId: string, corpId: string) =>
  queryAll({
    TableName: auditTable(),
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': `T#${kykId}#AUDIT#ITEM#corp#${corpId}` },
  });

/**
 * Everything the legal feature stores for a contract, and every audit record its administrator
 * caused: equal snapshots before and after a refused call prove that nothing was written.
 */
export async function snapshot(kykId: string) {
  const [partition, byDate, corps, audits] = await Promise.all([
    queryAll({ TableName: mainTable(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `T#${kykId}#CORPS` }, ConsistentRead: true }),
    queryAll({ TableName: mainTable(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `T#${kykId}#CORPS#BYDATE` }, ConsistentRead: true }),
    queryAll({ TableName: mainTable(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': `T#${kykId}#CORPS` } }),
    queryAll({ TableName: auditTable(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': `T#${kykId}#AUDIT#USER#admin` } }),
  ]);
  const fullCorps = corps.length
    ? ((await db().send(new BatchGetCommand({ RequestItems: { [mainTable()]: { Keys: corps.map((corp) => ({ pk: corp.pk, sk: corp.sk })), ConsistentRead: true } } }))).Responses?.[mainTable()] ?? [])
    : [];
  const byPk = (a: Record<string, unknown>, b: Record<string, unknown>) => String(a.pk).localeCompare(String(b.pk));
  return { partition, byDate, corps: fullCorps.sort(byPk), audits: audits.length };
}

/** A user joining (+1) or leaving (-1) the corp, as the users feature will do it. */
export const joinCorp = (kykId: string, corpId: string, delta: 1 | -1) =>
  db().send(new TransactWriteCommand({ TransactItems: [corpUserCountUpdate(kykId, corpId, delta)] }));
