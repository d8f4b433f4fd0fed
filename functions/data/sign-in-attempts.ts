import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '#lib/clients.ts';
import { epochSeconds, table, type Keys } from '#lib/data/table.ts';
import type { LabelledItem } from '#lib/data/transact.ts';
import { isConditionalCheckFailure } from '#lib/errors.ts';
import { userPartition } from './users.ts';

/**
 * Failed sign-ins per contract/user pair (docs/sign-in.md, "Lock-out"). Kept for every
 * well-formed pair, whether the account exists or not, so a made-up account "locks" exactly as a
 * real one does and the lock-out tells nobody which accounts exist. An attempt is counted before
 * its password is judged, by a conditional write: of any number of parallel guesses, no more than
 * the policy's maximum are ever evaluated. A right password gives its attempt back; a completed
 * sign-in or an unlock clears the count. Each count lives `keepDays` after its last change.
 */
export interface SignInAttempts {
  kyk_id: string;
  user_id: string;
  attempts: number;
  ttl: number;
}

export const attemptsKey = (kykId: string, userId: string): Keys => ({ pk: userPartition(kykId, userId), sk: 'ATTEMPTS' });

/**
 * Counts one attempt unless `max` were already counted; answers the count with this one, or
 * undefined when the pair is locked out (nothing may be evaluated then).
 */
export async function reserveAttempt(kykId: string, userId: string, max: number, keepDays: number): Promise<number | undefined> {
  try {
    const { Attributes } = await db().send(new UpdateCommand({
      TableName: table(), Key: attemptsKey(kykId, userId),
      UpdateExpression: 'SET kyk_id = :kyk, user_id = :user, #ttl = :ttl ADD attempts :one',
      ConditionExpression: 'attribute_not_exists(attempts) OR attempts < :max',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':kyk': kykId, ':user': userId, ':ttl': epochSeconds() + keepDays * 86_400, ':one': 1, ':max': max },
      ReturnValues: 'UPDATED_NEW',
    }));
    return Number(Attributes?.attempts ?? 1);
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
}

/** Gives back an attempt whose password was right (it was no guess). */
export async function returnAttempt(kykId: string, userId: string): Promise<void> {
  try {
    await db().send(new UpdateCommand({
      TableName: table(), Key: attemptsKey(kykId, userId),
      UpdateExpression: 'ADD attempts :minus', ConditionExpression: 'attempts > :zero',
      ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
    }));
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}

/** Counts a failure that follows a right password (a sign-in ended by wrong codes); answers the count. */
export async function countFailure(kykId: string, userId: string, keepDays: number): Promise<number> {
  const { Attributes } = await db().send(new UpdateCommand({
    TableName: table(), Key: attemptsKey(kykId, userId),
    UpdateExpression: 'SET kyk_id = :kyk, user_id = :user, #ttl = :ttl ADD attempts :one',
    ExpressionAttributeNames: { '#ttl': 'ttl' },
    ExpressionAttributeValues: { ':kyk': kykId, ':user': userId, ':ttl': epochSeconds() + keepDays * 86_400, ':one': 1 },
    ReturnValues: 'UPDATED_NEW',
  }));
  return Number(Attributes?.attempts ?? 1);
}

/** The failures counted for a pair (0 when none). */
export async function readAttempts(kykId: string, userId: string): Promise<number> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: attemptsKey(kykId, userId), ConsistentRead: true }));
  return Number((Item as SignInAttempts | undefined)?.attempts ?? 0);
}

/** Forgets the failures of a pair: a completed sign-in. */
export async function clearAttempts(kykId: string, userId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: attemptsKey(kykId, userId) }));
}

/** Forgets the failures of a pair, as an action of the transaction that unlocks or registers the user. */
export const clearAttemptsItem = (kykId: string, userId: string): LabelledItem => ({
  label: 'signInAttempts', Delete: { TableName: table(), Key: attemptsKey(kykId, userId) },
});
