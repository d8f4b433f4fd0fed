import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '#lib/clients.ts';

export async function scanAll(tableName: string | undefined, filter: string, values: Record<string, unknown>): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new ScanCommand({ TableName: tableName, FilterExpression: filter, ExpressionAttributeValues: values, ExclusiveStartKey: startKey, ConsistentRead: true }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/**
 * Every item of the contract in both tables except its session items (which slide on use): equal
 * snapshots before and after a refused request prove that it wrote nothing. A scan is fine in a
 * test; no request path scans.
 */
export async function tenantSnapshot(kykId: string): Promise<string> {
  const sorted = (items: Record<string, unknown>[]) => items.map((item) => JSON.stringify(item, Object.keys(item).sort())).sort();
  const [main, audit] = await Promise.all([
    scanAll(process.env.TABLE_NAME, 'begins_with(pk, :t) AND sk <> :session', { ':t': `T#${kykId}#`, ':session': 'SESSION' }),
    scanAll(process.env.AUDIT_TABLE_NAME, 'kyk_id = :k', { ':k': kykId }),
  ]);
  return JSON.stringify({ main: sorted(main), audit: sorted(audit) });
}
