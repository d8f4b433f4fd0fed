import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '#lib/clients.ts';
import { table, tenantPrefix, type Keys } from '#lib/data/table.ts';
import { batchWrite } from '#lib/data/batch.ts';

/**
 * One result item per CSV row of an import job, in the job's partition. Access patterns:
 * - a job's results in file order: base table `T#<kyk>#IMPORT#<id>` / `ROW#<seq>`, where `seq`
 *   numbers the results 1..result_count without gaps, so numbered page N (either direction) is one
 *   `BETWEEN` key condition, whatever N is;
 * - only the problems (warnings and errors): the same items also carry gsi1
 *   `T#<kyk>#IMPORT#<id>#PROBLEMS` / `<pseq>` (a sparse index: rows that went in cleanly have no
 *   gsi1 keys), `pseq` numbering the problems 1..problem_count in file order;
 * - only the users a user import created without a password: gsi2 `T#<kyk>#IMPORT#<id>#NOPASS` /
 *   `<nseq>` (sparse too), `nseq` numbering them 1..no_password_count in file order.
 * `row_no` is the row a spreadsheet shows for the record (header = 1, first data row = 2); 0 is a
 * problem of the whole file. Blank rows are skipped, so row numbers can have gaps; `seq` has none.
 */
export type RowResult = 'ok' | 'warning' | 'error';
export type RowAction = 'created' | 'updated' | 'unchanged';
/** A created user's password: mailed an invitation to set one, or none yet. */
export type RowPassword = 'none' | 'invited';

export interface ResultRecord {
  seq: number;
  /** Position among the problems, for warnings and errors only. */
  pseq?: number;
  row_no: number;
  result: RowResult;
  /** The row's key as read (corporate code, user ID). */
  row_key: string;
  action: RowAction | null;
  /** Already in the executor's language. */
  messages: string[];
  /** Users the row created: whether they were invited or have no password. */
  password?: RowPassword;
  /** Position among the created users without a password (`password: 'none'`). */
  nseq?: number;
}

const SEQ_DIGITS = 7;
const pad = (n: number): string => String(n).padStart(SEQ_DIGITS, '0');
const jobPartition = (kykId: string, requestId: string): string => `${tenantPrefix(kykId)}#IMPORT#${requestId}`;

export const resultKey = (kykId: string, requestId: string, seq: number): Keys => ({ pk: jobPartition(kykId, requestId), sk: `ROW#${pad(seq)}` });

export const problemKeys = (kykId: string, requestId: string, pseq: number) => ({
  gsi1pk: `${jobPartition(kykId, requestId)}#PROBLEMS`,
  gsi1sk: pad(pseq),
});

/** The created users without a password, in file order: a second sparse index (gsi2), dense like the problems'. */
export const noPasswordKeys = (kykId: string, requestId: string, nseq: number) => ({
  gsi2pk: `${jobPartition(kykId, requestId)}#NOPASS`,
  gsi2sk: pad(nseq),
});


/** Stores results (BatchWrite: the rows' own changes were already written one by one). */
export async function writeResults(kykId: string, requestId: string, results: ResultRecord[]): Promise<void> {
  await batchWrite(results.map((result) => ({
    PutRequest: {
      Item: {
        ...resultKey(kykId, requestId, result.seq),
        ...(result.pseq !== undefined ? problemKeys(kykId, requestId, result.pseq) : {}),
        ...(result.nseq !== undefined ? noPasswordKeys(kykId, requestId, result.nseq) : {}),
        type: 'import-row',
        ...result,
      },
    },
  })));
}

export interface ResultPageOptions {
  onlyProblems: boolean;
  /** Only the created users without a password (wins over onlyProblems). */
  onlyNoPassword?: boolean;
  ascending: boolean;
  pageSize: number;
  page: number;
  /** result_count or problem_count of the job. */
  total: number;
}

/** One numbered page: positions are dense, so the page is a key range and costs what it returns. */
export async function pageResults(kykId: string, requestId: string, options: ResultPageOptions): Promise<ResultRecord[]> {
  const offset = (options.page - 1) * options.pageSize;
  if (offset >= options.total) return [];
  const first = options.ascending ? offset + 1 : Math.max(1, options.total - offset - options.pageSize + 1);
  const last = options.ascending ? Math.min(options.total, offset + options.pageSize) : options.total - offset;
  const condition = options.onlyNoPassword
    ? { IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk BETWEEN :first AND :last', pk: noPasswordKeys(kykId, requestId, 0).gsi2pk, first: pad(first), last: pad(last) }
    : options.onlyProblems
    ? { IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :first AND :last', pk: problemKeys(kykId, requestId, 0).gsi1pk, first: pad(first), last: pad(last) }
    : { IndexName: undefined, KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :last', pk: jobPartition(kykId, requestId), first: `ROW#${pad(first)}`, last: `ROW#${pad(last)}` };
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const { Items = [], LastEvaluatedKey } = await db().send(new QueryCommand({
      TableName: table(),
      IndexName: condition.IndexName,
      KeyConditionExpression: condition.KeyConditionExpression,
      ExpressionAttributeValues: { ':pk': condition.pk, ':first': condition.first, ':last': condition.last },
      ScanIndexForward: options.ascending,
      ConsistentRead: options.onlyProblems || options.onlyNoPassword ? undefined : true,
      ExclusiveStartKey: startKey,
    }));
    items.push(...Items);
    startKey = LastEvaluatedKey;
  } while (startKey);
  return items.map((item) => ({
    seq: Number(item.seq),
    ...(item.pseq !== undefined ? { pseq: Number(item.pseq) } : {}),
    row_no: Number(item.row_no),
    result: item.result as RowResult,
    row_key: String(item.row_key ?? ''),
    action: (item.action ?? null) as RowAction | null,
    messages: (item.messages ?? []) as string[],
    ...(item.password ? { password: item.password as RowPassword } : {}),
  }));
}

/**
 * Deletes every result of a job (after the job record itself is gone). Runs outside the request:
 * 10,000 rows are 400 BatchWrites into one partition, which takes seconds at the partition's
 * 1,000 writes a second.
 */
export async function purgeResults(kykId: string, requestId: string): Promise<number> {
  let deleted = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const { Items = [], LastEvaluatedKey } = await db().send(new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :row)',
      ExpressionAttributeValues: { ':pk': jobPartition(kykId, requestId), ':row': 'ROW#' },
      ProjectionExpression: 'pk, sk',
      ExclusiveStartKey: startKey,
    }));
    await batchWrite(Items.map((item) => ({ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } })));
    deleted += Items.length;
    startKey = LastEvaluatedKey;
  } while (startKey);
  return deleted;
}
