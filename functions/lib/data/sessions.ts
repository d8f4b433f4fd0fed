import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../clients.ts';
import { isConditionalCheckFailure } from '../errors.ts';
import { epochSeconds, table, type Keys } from './table.ts';
import { userPartition } from './users.ts';

/**
 * A signed-in session. Tokens are bound to it, so deleting it (logout, forced login) invalidates
 * every token issued for it. `expires_at` slides forward on use (idle timeout); DynamoDB's TTL
 * removes sessions nobody ended.
 */
export interface Session {
  kyk_id: string;
  user_id: string;
  session_id: string;
  /** Epoch seconds after which the session is dead (idle timeout). */
  expires_at: number;
  created_at: string;
  ttl: number;
}

export const sessionKey = (kykId: string, userId: string, sessionId: string): Keys => ({
  pk: userPartition(kykId, userId),
  sk: `SESSION#${sessionId}`,
});

export const isLive = (session: Pick<Session, 'expires_at'>, now = epochSeconds()): boolean => session.expires_at > now;

/** Keep expired items a day past their end so a -102 can still be told from a forged token. */
const ttlAfter = (expiresAt: number) => expiresAt + 24 * 3600;

export async function createSession(kykId: string, userId: string, idleSeconds: number): Promise<Session> {
  const expires_at = epochSeconds() + idleSeconds;
  const session: Session = {
    kyk_id: kykId,
    user_id: userId,
    session_id: randomUUID(),
    expires_at,
    created_at: new Date().toISOString(),
    ttl: ttlAfter(expires_at),
  };
  await db().send(new PutCommand({
    TableName: table(),
    Item: { ...sessionKey(kykId, userId, session.session_id), type: 'session', ...session },
  }));
  return session;
}

export async function sessionsOfUser(kykId: string, userId: string): Promise<Session[]> {
  const { Items = [] } = await db().send(new QueryCommand({
    TableName: table(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': userPartition(kykId, userId), ':prefix': 'SESSION#' },
    ConsistentRead: true,
  }));
  return Items as Session[];
}

/**
 * Slides the idle timeout forward. Conditional on the session still existing, so a session ended by
 * logout or a forced login elsewhere is never revived by a request already in flight.
 */
export async function extendSession(session: Session, idleSeconds: number): Promise<Session | undefined> {
  const expires_at = epochSeconds() + idleSeconds;
  try {
    await db().send(new UpdateCommand({
      TableName: table(),
      Key: sessionKey(session.kyk_id, session.user_id, session.session_id),
      UpdateExpression: 'SET expires_at = :expires, #ttl = :ttl',
      ConditionExpression: 'attribute_exists(pk) AND expires_at > :now',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':expires': expires_at, ':ttl': ttlAfter(expires_at), ':now': epochSeconds() },
    }));
    return { ...session, expires_at, ttl: ttlAfter(expires_at) };
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
}

export async function deleteSession(kykId: string, userId: string, sessionId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: sessionKey(kykId, userId, sessionId) }));
}

export async function deleteSessions(sessions: Session[]): Promise<void> {
  for (let i = 0; i < sessions.length; i += 25) {
    const chunk = sessions.slice(i, i + 25);
    let requests = chunk.map((s) => ({ DeleteRequest: { Key: sessionKey(s.kyk_id, s.user_id, s.session_id) } }));
    // BatchWrite may leave items unprocessed under throttling: retry them until none are left.
    while (requests.length > 0) {
      const { UnprocessedItems } = await db().send(new BatchWriteCommand({ RequestItems: { [table()]: requests } }));
      requests = (UnprocessedItems?.[table()] ?? []) as typeof requests;
    }
  }
}

export async function getSession(kykId: string, userId: string, sessionId: string): Promise<Session | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: sessionKey(kykId, userId, sessionId), ConsistentRead: true }));
  return Item as Session | undefined;
}
