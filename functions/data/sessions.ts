import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '#lib/clients.ts';
import { isConditionalCheckFailure } from '#lib/errors.ts';
import { epochSeconds, table, type Keys } from '#lib/data/table.ts';
import { userPartition } from './users.ts';
import type { LabelledItem } from '#lib/data/transact.ts';

/**
 * The signed-in session of a user: one item per user, so "one live session per account" is a
 * conditional write, not a read followed by a write (two concurrent sign-ins cannot both win).
 * Tokens name the session id; a forced sign-in replaces the item, so every token of the old
 * session stops working at once. `expires_at` slides forward on use (idle timeout); DynamoDB's TTL
 * removes sessions nobody ended.
 */
export interface Session {
  kyk_id: string;
  user_id: string;
  session_id: string;
  /** Epoch seconds after which the session is dead (idle timeout). */
  expires_at: number;
  created_at: string;
  /** Where it was started from (sessions started before this was kept lack it). */
  ip_address?: string;
  browser?: string;
  ttl: number;
}

export const sessionKey = (kykId: string, userId: string): Keys => ({ pk: userPartition(kykId, userId), sk: 'SESSION' });

export const isLive = (session: Pick<Session, 'expires_at'>, now = epochSeconds()): boolean => session.expires_at > now;

/** Keep expired items a day past their end so a -102 can still be told from a forged token. */
const ttlAfter = (expiresAt: number) => expiresAt + 24 * 3600;

export class SessionLiveError extends Error {
  constructor() {
    super('The account holds a live session');
    this.name = 'SessionLiveError';
  }
}

/**
 * Starts a session. Without `replace`, refused while another session of the user is alive
 * (SessionLiveError); with it, the other session ends in the same write.
 */
export async function createSession(kykId: string, userId: string, idleSeconds: number, options: { replace: boolean; ip_address?: string; browser?: string }): Promise<Session> {
  const now = epochSeconds();
  const expires_at = now + idleSeconds;
  const session: Session = {
    kyk_id: kykId,
    user_id: userId,
    session_id: randomUUID(),
    expires_at,
    created_at: new Date().toISOString(),
    ...(options.ip_address ? { ip_address: options.ip_address } : {}),
    ...(options.browser ? { browser: options.browser } : {}),
    ttl: ttlAfter(expires_at),
  };
  try {
    await db().send(new PutCommand({
      TableName: table(),
      Item: { ...sessionKey(kykId, userId), type: 'session', ...session },
      ...(options.replace
        ? {}
        : { ConditionExpression: 'attribute_not_exists(pk) OR expires_at <= :now', ExpressionAttributeValues: { ':now': now } }),
    }));
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new SessionLiveError();
    throw error;
  }
  return session;
}

/** The user's current session, if it is the one a token names. */
export async function getSession(kykId: string, userId: string, sessionId: string): Promise<Session | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: sessionKey(kykId, userId), ConsistentRead: true }));
  return Item?.session_id === sessionId ? (Item as Session) : undefined;
}

/**
 * Slides the idle timeout forward. Conditional on the same session still being alive, so a session
 * ended by logout or replaced by a forced sign-in is never revived by a request already in flight.
 */
export async function extendSession(session: Session, idleSeconds: number): Promise<Session | undefined> {
  const expires_at = epochSeconds() + idleSeconds;
  try {
    await db().send(new UpdateCommand({
      TableName: table(),
      Key: sessionKey(session.kyk_id, session.user_id),
      UpdateExpression: 'SET expires_at = :expires, #ttl = :ttl',
      ConditionExpression: 'session_id = :sid AND expires_at > :now',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':expires': expires_at, ':ttl': ttlAfter(expires_at), ':now': epochSeconds(), ':sid': session.session_id },
    }));
    return { ...session, expires_at, ttl: ttlAfter(expires_at) };
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
}

/** Ends a session; a newer session of the same user (a forced sign-in elsewhere) is left alone. */
export async function deleteSession(kykId: string, userId: string, sessionId: string): Promise<void> {
  try {
    await db().send(new DeleteCommand({
      TableName: table(),
      Key: sessionKey(kykId, userId),
      ConditionExpression: 'session_id = :sid',
      ExpressionAttributeValues: { ':sid': sessionId },
    }));
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}

/** The stored session item of a user, live or not (tests and support). */
export async function readSession(kykId: string, userId: string): Promise<Session | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: sessionKey(kykId, userId), ConsistentRead: true }));
  return Item as Session | undefined;
}

/** Ends whatever session the user has (an administrator's "end session"); answers whether there was a live one. */
export async function endUserSession(kykId: string, userId: string): Promise<Session | undefined> {
  const { Attributes } = await db().send(new DeleteCommand({ TableName: table(), Key: sessionKey(kykId, userId), ReturnValues: 'ALL_OLD' }));
  const session = Attributes as Session | undefined;
  return session && isLive(session) ? session : undefined;
}

/** Ends the user's session, as an action of the transaction that makes the change. */
export const sessionDelete = (kykId: string, userId: string): LabelledItem => ({ label: 'session', Delete: { TableName: table(), Key: sessionKey(kykId, userId) } });
