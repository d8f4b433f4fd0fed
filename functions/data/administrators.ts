import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '#lib/clients.ts';
import { table, tenantPrefix, type Keys } from '#lib/data/table.ts';
import type { LabelledItem } from '#lib/data/transact.ts';
import { productPartition } from './groups.ts';
import { usersListPartition, type User } from './users.ts';

/**
 * What keeps a contract from losing its last active administrator (docs/architecture.md, "Who may
 * do what"): the account-area groups that carry administration, the active users read until one
 * administrator is found, and a guard item whose version every change that takes administration
 * away moves on conditionally, in its own transaction. Two such changes at once cannot both count
 * the other's administrator: one of them finds the guard moved and loses (-201).
 */
export const administratorsGuardKey = (kykId: string): Keys => ({ pk: tenantPrefix(kykId), sk: 'GUARD#ADMINS' });

export async function readAdministratorsGuard(kykId: string): Promise<number> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: administratorsGuardKey(kykId), ConsistentRead: true }));
  return Number(Item?.version ?? 0);
}

/** Moves the guard on from the version read: the transaction fails (`failed('administrators')`) if another change did first. */
export const administratorsGuardItem = (kykId: string, read: number): LabelledItem => ({
  label: 'administrators',
  Update: {
    TableName: table(), Key: administratorsGuardKey(kykId),
    UpdateExpression: 'SET version = :next',
    ConditionExpression: read === 0 ? 'attribute_not_exists(version)' : 'version = :read',
    ExpressionAttributeValues: { ':next': read + 1, ...(read === 0 ? {} : { ':read': read }) },
  },
});

/** IDs of the account-area groups that carry administration (groups per product are few). */
export async function adminGroupIds(kykId: string): Promise<Set<string>> {
  const ids = new Set<string>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new QueryCommand({
      TableName: table(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', FilterExpression: 'admin_permission = :one',
      ExpressionAttributeValues: { ':pk': productPartition(kykId, 'ata'), ':one': 1 }, ProjectionExpression: 'user_group_id', ExclusiveStartKey: startKey,
    }));
    for (const item of page.Items ?? []) ids.add(String(item.user_group_id));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return ids;
}

export type AdministratorCandidate = Pick<User, 'user_id' | 'status' | 'ata_admin_permission' | 'groups'>;

/**
 * Reads the contract's available users (user-ID index, rights attributes only) until `isAdmin`
 * accepts one; answers whether one was found. Only changes that take administration away read
 * this, and they stop at the first administrator.
 */
export async function someActiveUser(kykId: string, isAdmin: (user: AdministratorCandidate) => Promise<boolean>): Promise<boolean> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new QueryCommand({
      TableName: table(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', FilterExpression: '#status = :available',
      ExpressionAttributeNames: { '#status': 'status', '#groups': 'groups' }, ExpressionAttributeValues: { ':pk': usersListPartition(kykId), ':available': 0 },
      ProjectionExpression: 'user_id, #status, ata_admin_permission, #groups', ExclusiveStartKey: startKey,
    }));
    for (const candidate of (page.Items ?? []) as AdministratorCandidate[]) if (await isAdmin(candidate)) return true;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return false;
}
