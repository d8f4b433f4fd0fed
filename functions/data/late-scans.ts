import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '#lib/clients.ts';
import { decodeCursor, encodeCursor, table, tenantPrefix, type Keys } from '#lib/data/table.ts';
import type { LabelledItem } from '#lib/data/transact.ts';
import type { ItemRecord } from './drive-items.ts';

/**
 * Scanner-storage files registered after their input deadline (docs/e-bookkeeping.md "Input
 * deadline"): one marker each, written when the scan's bytes are confirmed, never removed (a late
 * registration stays a fact). Access pattern (functions/lib/data/README.md): the contract's late
 * scans, newest registration first: base table `T#<kyk>#LATESCANS` / `<regist date>#<item>`. Late
 * scans are exceptions, so one partition per contract holds them.
 */
export const lateScanKey = (kykId: string, registDate: string, itemId: string): Keys => ({ pk: `${tenantPrefix(kykId)}#LATESCANS`, sk: `${registDate}#${itemId}` });

export const lateScanPut = (item: Pick<ItemRecord, 'kyk_id' | 'id' | 'regist_date' | 'input_deadline' | 'received_date'>): LabelledItem => ({
  label: 'lateScan',
  Put: {
    TableName: table(),
    Item: {
      ...lateScanKey(item.kyk_id, item.regist_date, item.id), type: 'late-scan', item_id: item.id,
      regist_date: item.regist_date, received_date: item.received_date, input_deadline: item.input_deadline,
    },
  },
});

/** One page of the contract's late scans (their item ids), newest registration first. */
export async function listLateScans(kykId: string, options: { pageSize: number; cursor?: string }): Promise<{ itemIds: string[]; nextCursor: string | null } | undefined> {
  let startKey: Record<string, unknown> | undefined;
  if (options.cursor) {
    const decoded = decodeCursor(options.cursor);
    const match = typeof decoded?.s === 'string' ? /^([0-9TZ:.-]{20,30})#([0-9a-f-]{36})$/.exec(decoded.s) : null;
    if (!match) return undefined;
    startKey = lateScanKey(kykId, match[1]!, match[2]!);
  }
  const { Items = [], LastEvaluatedKey } = await db().send(new QueryCommand({
    TableName: table(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': lateScanKey(kykId, '', '').pk },
    ScanIndexForward: false,
    Limit: options.pageSize,
    ExclusiveStartKey: startKey,
  }));
  return { itemIds: Items.map((item) => String(item.item_id)), nextCursor: LastEvaluatedKey ? encodeCursor({ s: LastEvaluatedKey.sk }) : null };
}
