import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '#lib/clients.ts';
import { batchWrite } from '#lib/data/batch.ts';
import { epochSeconds, table, type Keys } from '#lib/data/table.ts';
import { userPartition } from './users.ts';

/**
 * The files a user opened, downloaded or changed: `T#<kyk>#USER#<user>` / `RECENT#<item>` (one per
 * file: using it again moves it to the top), listed newest first on gsi1
 * (`T#<kyk>#USER#<user>#RECENT` / `<used>#<item>`). The list shows the newest RECENT_MAX; older
 * entries leave with DynamoDB's TTL after RECENT_KEEP_DAYS (late TTL only keeps them longer
 * unseen, as the list never reads past its bound).
 */
export const RECENT_MAX = 100;
const RECENT_KEEP_DAYS = 90;

export type RecentAction = 'open' | 'download' | 'change';

export const recentKey = (kykId: string, userId: string, itemId: string): Keys => ({ pk: userPartition(kykId, userId), sk: `RECENT#${itemId}` });
export const recentListingKeys = (kykId: string, userId: string, used: string, itemId: string) => ({
  gsi1pk: `${userPartition(kykId, userId)}#RECENT`,
  gsi1sk: `${used}#${itemId}`,
});

export async function recordRecent(kykId: string, userId: string, itemId: string, action: RecentAction, used: string): Promise<void> {
  await batchWrite([{
    PutRequest: {
      Item: {
        ...recentKey(kykId, userId, itemId), ...recentListingKeys(kykId, userId, used, itemId),
        type: 'recent', item_id: itemId, action, used, ttl: epochSeconds() + RECENT_KEEP_DAYS * 24 * 3600,
      },
    },
  }]);
}

/** The newest entries, at most `limit` (never more than RECENT_MAX). */
export async function listRecent(kykId: string, userId: string, limit = RECENT_MAX): Promise<{ item_id: string; action: RecentAction; used: string }[]> {
  const { Items = [] } = await db().send(new QueryCommand({
    TableName: table(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': `${userPartition(kykId, userId)}#RECENT` },
    ScanIndexForward: false, Limit: Math.min(limit, RECENT_MAX),
  }));
  return Items.map((item) => ({ item_id: String(item.item_id), action: item.action as RecentAction, used: String(item.used) }));
}
