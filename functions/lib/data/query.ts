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

/**
 * The most items a count may read (evaluate) to answer one list request. A filter DynamoDB cannot
 * serve from a key (the user list's "department contains", the picker's status and legal-entity
 * filters) is evaluated item by item: counting every match of a 100,000-user contract would read
 * all of them on every page. Past this many items the list answers what it has read: the page
 * itself (complete) and a total that is a lower bound (`total_exact: 0`), paged open-ended.
 */
export const COUNT_EVALUATION_CAP = 1000;

export interface BoundedCount {
  count: number;
  /** False: the cap was reached before the range ended, so `count` is a lower bound. */
  exact: boolean;
}

/** Matches of a query among at most `cap` evaluated items (Select COUNT with Limit). */
export async function queryCountUpTo(input: QueryCommandInput, cap = COUNT_EVALUATION_CAP): Promise<BoundedCount> {
  let count = 0;
  let evaluated = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const { Count = 0, ScannedCount = 0, LastEvaluatedKey } = await db().send(new QueryCommand({ ...input, Select: 'COUNT', Limit: cap - evaluated, ExclusiveStartKey: startKey }));
    count += Count;
    evaluated += ScannedCount;
    startKey = LastEvaluatedKey;
  } while (startKey && evaluated < cap);
  return { count, exact: !startKey };
}

/**
 * The total a numbered page answers from a bounded count: exact when the count was, or when the
 * page came back short (the matches ended on it); else the larger lower bound of the two.
 */
export function pageTotal(counted: BoundedCount, offset: number, pageLength: number, pageSize: number): BoundedCount {
  if (counted.exact) return counted;
  if (pageLength < pageSize) return { count: offset + pageLength, exact: true };
  return { count: Math.max(counted.count, offset + pageLength + 1), exact: false };
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
