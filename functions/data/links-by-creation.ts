import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { SHARE_LINK_ID_PATTERN } from '#shared/schemas/share-links.ts';
import { db } from '#lib/clients.ts';
import { decodeCursor, encodeCursor, table, type Keys } from '#lib/data/table.ts';

/**
 * One page of a contract's links, newest first: share links and file-request links both list the
 * contract's on gsi1 (`gsi1pk` the contract's link partition, `gsi1sk` `<created at>#<link id>`).
 * The cursor carries the last position only; one this list did not hand out answers undefined.
 */
export async function newestLinksPage(
  partition: string, keyOf: (linkId: string) => Keys, options: { pageSize: number; cursor?: string },
): Promise<{ items: Record<string, unknown>[]; nextCursor: string | null } | undefined> {
  let startKey: Record<string, unknown> | undefined;
  if (options.cursor) {
    const decoded = decodeCursor(options.cursor);
    const position = typeof decoded?.s === 'string' ? decoded.s : '';
    const match = /^\d{4}-\d{2}-\d{2}T[\d:.]+Z#([A-Za-z0-9_-]{16})$/.exec(position);
    if (!match || !SHARE_LINK_ID_PATTERN.test(match[1]!)) return undefined;
    startKey = { ...keyOf(match[1]!), gsi1pk: partition, gsi1sk: position };
  }
  const { Items = [], LastEvaluatedKey } = await db().send(new QueryCommand({
    TableName: table(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': partition },
    ScanIndexForward: false, Limit: options.pageSize, ExclusiveStartKey: startKey,
  }));
  return { items: Items, nextCursor: LastEvaluatedKey ? encodeCursor({ s: LastEvaluatedKey.gsi1sk }) : null };
}
