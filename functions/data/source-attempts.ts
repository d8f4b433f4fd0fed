import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '#lib/clients.ts';
import { epochSeconds, table, type Keys } from '#lib/data/table.ts';
import { isConditionalCheckFailure } from '#lib/errors.ts';

/**
 * Sign-in attempts per source address and time window (docs/sign-in.md, "Lock-out"): the throttle
 * in front of the password, the second steps and the password changes. An attempt is counted
 * before anything is judged, conditionally, so no more than the limit are judged in a window even
 * in parallel; an attempt that succeeds is given back, so only failures use the allowance and an
 * office behind one address is not held up by its own sign-ins. The only keys that name no
 * contract: a source address belongs to no tenant, and the counts hold nothing of a tenant's.
 */
export interface SourceWindow {
  address: string;
  /** Epoch seconds at which the window starts. */
  start: number;
}

export const sourceWindowKey = (address: string, start: number): Keys => ({ pk: `SOURCE#${address}`, sk: `WINDOW#${start}` });

/** The window that holds `now`. */
export const sourceWindow = (address: string, windowSeconds: number, now = epochSeconds()): SourceWindow => ({ address, start: now - (now % windowSeconds) });

/** Counts an attempt in the window unless `limit` were already counted; false: throttled. */
export async function reserveSourceAttempt(window: SourceWindow, limit: number, windowSeconds: number): Promise<boolean> {
  try {
    await db().send(new UpdateCommand({
      TableName: table(), Key: sourceWindowKey(window.address, window.start),
      UpdateExpression: 'SET #ttl = :ttl ADD attempts :one',
      ConditionExpression: 'attribute_not_exists(attempts) OR attempts < :limit',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':ttl': window.start + 2 * windowSeconds, ':one': 1, ':limit': limit },
    }));
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** Gives an attempt back to its window (it succeeded). */
export async function returnSourceAttempt(window: SourceWindow): Promise<void> {
  try {
    await db().send(new UpdateCommand({
      TableName: table(), Key: sourceWindowKey(window.address, window.start),
      UpdateExpression: 'ADD attempts :minus', ConditionExpression: 'attempts > :zero',
      ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
    }));
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}

/**
 * The share links' throttle tells failures from attempts still being judged: `attempts` counts
 * both (so no more than `limit` are judged at once, nor fail in a window), `failures` only those
 * that failed (recordSourceFailure; a right one is given back with returnSourceAttempt). Refused:
 * 'failures' when the window's failures reached the limit, 'in-flight' when attempts being judged
 * hold the rest, which the caller may wait for: a right answer in parallel is never a failure.
 */
export async function reserveJudgedAttempt(window: SourceWindow, limit: number, windowSeconds: number): Promise<'counted' | 'failures' | 'in-flight'> {
  if (await reserveSourceAttempt(window, limit, windowSeconds)) return 'counted';
  const { Item } = await db().send(new GetCommand({
    TableName: table(), Key: sourceWindowKey(window.address, window.start), ConsistentRead: true, ProjectionExpression: 'failures',
  }));
  return Number(Item?.failures ?? 0) >= limit ? 'failures' : 'in-flight';
}

/** Marks a counted attempt failed: it keeps its place in `attempts` for the rest of the window. */
export async function recordSourceFailure(window: SourceWindow): Promise<void> {
  try {
    await db().send(new UpdateCommand({
      TableName: table(), Key: sourceWindowKey(window.address, window.start),
      UpdateExpression: 'ADD failures :one', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':one': 1 },
    }));
  } catch (error) {
    // The window is gone (its TTL): nothing left to count against.
    if (!isConditionalCheckFailure(error)) throw error;
  }
}
