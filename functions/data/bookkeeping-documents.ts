import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isLegalDocumentStyle } from '#shared/schemas/bookkeeping-fields.ts';
import { db } from '#lib/clients.ts';
import { table } from '#lib/data/table.ts';
import { isConditionalCheckFailure } from '#lib/errors.ts';
import { itemKey, type ItemRecord } from './drive-items.ts';
import { SEARCH_BUCKETS, searchPartition } from './drive-search-keys.ts';

/**
 * The bookkeeping documents of a contract whose transaction date falls in a range (the tax-office
 * export, docs/e-bookkeeping.md), by key condition on the search index sorted by transaction date
 * (`srch-txd`, functions/data/drive-search-keys.ts), bucket by bucket: only entries with a date in
 * the range are read. Files of a legal style, in the trash or not; never what is being purged.
 */
export async function* documentsByTransactionDate(kykId: string, from: string, to: string): AsyncGenerator<ItemRecord[]> {
  for (let bucket = 0; bucket < SEARCH_BUCKETS; bucket++) {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await db().send(new QueryCommand({
        TableName: table(),
        IndexName: 'srch-txd',
        KeyConditionExpression: 'srch_pk = :pk AND transaction_date BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': searchPartition(kykId, bucket), ':from': from, ':to': to },
        ExclusiveStartKey: startKey,
      }));
      const items = (page.Items ?? []) as ItemRecord[];
      yield items.filter((item) => item.type === 'file' && item.status === 'ready' && !item.purging && (isLegalDocumentStyle(item.document_style) || item.retention_until !== undefined));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  }
}

/**
 * Every bookkeeping document of a contract, page by page (the retention job after a change of the
 * fiscal year or the retention years): the search index sorted by update date, bucket by bucket,
 * by key condition on the contract's search partitions only.
 */
export async function* allBookkeepingDocuments(kykId: string): AsyncGenerator<ItemRecord[]> {
  for (let bucket = 0; bucket < SEARCH_BUCKETS; bucket++) {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await db().send(new QueryCommand({
        TableName: table(),
        IndexName: 'srch-upd',
        KeyConditionExpression: 'srch_pk = :pk',
        ExpressionAttributeValues: { ':pk': searchPartition(kykId, bucket) },
        ExclusiveStartKey: startKey,
      }));
      const items = (page.Items ?? []) as ItemRecord[];
      yield items.filter((item) => item.type === 'file' && item.status === 'ready' && !item.purging && (isLegalDocumentStyle(item.document_style) || item.retention_until !== undefined));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  }
}

/**
 * Lengthens a document's retention to `day` unless it already runs at least that long: a step of
 * the system, not a user's change (no row_version). False when nothing was lengthened.
 */
export async function lengthenRetention(kykId: string, itemId: string, day: string): Promise<boolean> {
  try {
    await db().send(new UpdateCommand({
      TableName: table(), Key: itemKey(kykId, itemId),
      UpdateExpression: 'SET retention_until = :day',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(retention_until) OR retention_until < :day)',
      ExpressionAttributeValues: { ':day': day },
    }));
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}
