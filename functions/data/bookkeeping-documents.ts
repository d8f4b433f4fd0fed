import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { isLegalDocumentStyle } from '#shared/schemas/bookkeeping-fields.ts';
import { db } from '#lib/clients.ts';
import { table } from '#lib/data/table.ts';
import type { ItemRecord } from './drive-items.ts';
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
