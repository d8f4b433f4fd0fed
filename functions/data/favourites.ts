import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '#lib/clients.ts';
import { batchWrite } from '#lib/data/batch.ts';
import { decodeCursor, encodeCursor, table, type Keys } from '#lib/data/table.ts';
import { userPartition } from './users.ts';

/**
 * A user's favourite drive entries: `T#<kyk>#USER#<user>` / `FAV#<item>` (one per entry, so adding
 * twice is one favourite), listed newest first on gsi1 (`T#<kyk>#USER#<user>#FAVS` /
 * `<added>#<item>`). At most FAVOURITES_MAX per user, so the list stays a few pages.
 */
export const FAVOURITES_MAX = 500;

export const favouriteKey = (kykId: string, userId: string, itemId: string): Keys => ({ pk: userPartition(kykId, userId), sk: `FAV#${itemId}` });
export const favouriteListingKeys = (kykId: string, userId: string, added: string, itemId: string) => ({
  gsi1pk: `${userPartition(kykId, userId)}#FAVS`,
  gsi1sk: `${added}#${itemId}`,
});

export async function isFavourite(kykId: string, userId: string, itemId: string): Promise<boolean> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: favouriteKey(kykId, userId, itemId), ProjectionExpression: 'pk' }));
  return Item !== undefined;
}

export async function addFavourite(kykId: string, userId: string, itemId: string, added: string): Promise<void> {
  await batchWrite([{ PutRequest: { Item: { ...favouriteKey(kykId, userId, itemId), ...favouriteListingKeys(kykId, userId, added, itemId), type: 'favourite', item_id: itemId, added } } }]);
}

export async function removeFavourite(kykId: string, userId: string, itemId: string): Promise<void> {
  await batchWrite([{ DeleteRequest: { Key: favouriteKey(kykId, userId, itemId) } }]);
}

/** How many favourites a user has, up to the cap (a count query over the user's listing). */
export async function countFavourites(kykId: string, userId: string): Promise<number> {
  const { Count = 0 } = await db().send(new QueryCommand({
    TableName: table(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': `${userPartition(kykId, userId)}#FAVS` }, Select: 'COUNT', Limit: FAVOURITES_MAX,
  }));
  return Count;
}

export interface FavouritePage {
  entries: { item_id: string; added: string }[];
  nextCursor: string | null;
}

/** One page of a user's favourites, newest first. */
export async function listFavourites(kykId: string, userId: string, options: { pageSize: number; cursor?: string }): Promise<FavouritePage | undefined> {
  const partition = `${userPartition(kykId, userId)}#FAVS`;
  let startKey: Record<string, unknown> | undefined;
  if (options.cursor) {
    const decoded = decodeCursor(options.cursor);
    const match = typeof decoded?.s === 'string' ? /^[0-9TZ:.-]{20,30}#([0-9a-f-]{36})$/.exec(decoded.s) : null;
    if (!match) return undefined;
    startKey = { ...favouriteKey(kykId, userId, match[1]!), gsi1pk: partition, gsi1sk: decoded!.s };
  }
  const { Items = [], LastEvaluatedKey } = await db().send(new QueryCommand({
    TableName: table(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': partition },
    ScanIndexForward: false, Limit: options.pageSize, ExclusiveStartKey: startKey,
  }));
  return {
    entries: Items.map((item) => ({ item_id: String(item.item_id), added: String(item.added) })),
    nextCursor: LastEvaluatedKey ? encodeCursor({ s: LastEvaluatedKey.gsi1sk }) : null,
  };
}
