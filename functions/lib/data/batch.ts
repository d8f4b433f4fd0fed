import { BatchGetCommand, BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../clients.ts';
import { jitteredPause, RETRY_ATTEMPTS } from './retry.ts';
import { table, type Keys } from './table.ts';

/** BatchGetItem's limit of keys per call. */
const BATCH_GET_MAX = 100;
/** BatchWriteItem's limit of requests per call. */
const BATCH_WRITE_MAX = 25;

export interface BatchGetOptions {
  /** Attributes to read (a ProjectionExpression), with its attribute names. */
  projection?: string;
  names?: Record<string, string>;
  /** Strongly consistent reads (default true: the callers read what they have just been told exists). */
  consistent?: boolean;
  /** Calls of 100 keys in flight at once (default 1). */
  parallel?: number;
}

/**
 * The one BatchGetItem loop: duplicate keys read once, 100 keys a call, unprocessed keys sent
 * again after the retry policy's pause (functions/lib/data/retry.ts) until every key is answered.
 * Items come back in no particular order; missing keys are simply absent.
 */
export async function batchGet<T = Record<string, unknown>>(keys: Keys[], options: BatchGetOptions = {}): Promise<T[]> {
  const items: T[] = [];
  const unique = [...new Map(keys.map((key) => [`${key.pk}\n${key.sk}`, key])).values()];
  const chunks: Keys[][] = [];
  for (let i = 0; i < unique.length; i += BATCH_GET_MAX) chunks.push(unique.slice(i, i + BATCH_GET_MAX));
  const readChunk = async (chunk: Keys[]) => {
    let pending: Record<string, unknown>[] = chunk;
    for (let attempt = 1; pending.length > 0; attempt++) {
      if (attempt > 1) await jitteredPause(Math.min(attempt, RETRY_ATTEMPTS));
      const { Responses, UnprocessedKeys } = await db().send(new BatchGetCommand({
        RequestItems: {
          [table()]: {
            Keys: pending,
            ConsistentRead: options.consistent ?? true,
            ...(options.projection ? { ProjectionExpression: options.projection } : {}),
            ...(options.names ? { ExpressionAttributeNames: options.names } : {}),
          },
        },
      }));
      items.push(...((Responses?.[table()] ?? []) as T[]));
      pending = UnprocessedKeys?.[table()]?.Keys ?? [];
    }
  };
  const parallel = Math.max(1, options.parallel ?? 1);
  for (let i = 0; i < chunks.length; i += parallel) await Promise.all(chunks.slice(i, i + parallel).map(readChunk));
  return items;
}

export type WriteRequest = { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Keys } };

/**
 * The one BatchWriteItem loop: 25 requests a call, unprocessed requests sent again after the
 * retry policy's pause until every one is written. Not atomic: for bulk rows whose each write
 * stands alone (import result rows, purges). The main table unless `tableName` says otherwise
 * (deleting a contract's audit records).
 */
export async function batchWrite(requests: WriteRequest[], tableName: string = table()): Promise<void> {
  for (let i = 0; i < requests.length; i += BATCH_WRITE_MAX) {
    let pending: WriteRequest[] = requests.slice(i, i + BATCH_WRITE_MAX);
    for (let attempt = 1; pending.length > 0; attempt++) {
      if (attempt > 1) await jitteredPause(Math.min(attempt, RETRY_ATTEMPTS));
      const { UnprocessedItems } = await db().send(new BatchWriteCommand({ RequestItems: { [tableName]: pending as never } }));
      pending = (UnprocessedItems?.[tableName] ?? []) as WriteRequest[];
    }
  }
}
