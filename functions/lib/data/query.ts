import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { db } from '../clients.ts';

/**
 * Key-condition query loops shared by the entity modules. None of them scans: each follows
 * LastEvaluatedKey within the partition (and sort-key range) its input names.
 */

/**
 * Items `offset` to `offset + limit` of a query. Administration lists number their pages (SPEC.md
 * §3), so the items before the page are read and dropped: page N of size S reads about N·S items
 * (more when a FilterExpression drops items, since DynamoDB reads before it filters).
 */
export async function queryRange(input: QueryCommandInput, offset: number, limit: number): Promise<Record<string, unknown>[]> {
  const page: Record<string, unknown>[] = [];
  let skipped = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const { Items = [], LastEvaluatedKey } = await db().send(new QueryCommand({ ...input, Limit: offset - skipped + limit - page.length, ExclusiveStartKey: startKey }));
    for (const item of Items) {
      if (skipped < offset) skipped++;
      else if (page.length < limit) page.push(item);
    }
    startKey = LastEvaluatedKey;
  } while (startKey && page.length < limit);
  return page;
}

/** Every item of a query (the matches of a search, bounded by its key condition). */
export async function queryAll(input: QueryCommandInput): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const { Items = [], LastEvaluatedKey } = await db().send(new QueryCommand({ ...input, ExclusiveStartKey: startKey }));
    items.push(...Items);
    startKey = LastEvaluatedKey;
  } while (startKey);
  return items;
}

/** How many items a query matches, after its filter (Select COUNT: only the number travels). */
export async function queryCount(input: QueryCommandInput): Promise<number> {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const { Count = 0, LastEvaluatedKey } = await db().send(new QueryCommand({ ...input, Select: 'COUNT', ExclusiveStartKey: startKey }));
    count += Count;
    startKey = LastEvaluatedKey;
  } while (startKey);
  return count;
}
