import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '#lib/clients.ts';
import { contractKey } from '#data/contracts.ts';
import { itemKey, type ItemRecord } from '#data/drive-items.ts';
import { markerKey, uploadsCounterKey } from '#data/pending-uploads.ts';

const TABLE = () => process.env.TABLE_NAME!;

/**
 * Makes a pending upload's time run out now, as a day without its bytes would: the entry's expiry
 * and its queue marker move into the past (the API cannot make that state, only time can).
 */
export async function expireUpload(kykId: string, itemId: string): Promise<void> {
  const { Item } = await db().send(new GetCommand({ TableName: TABLE(), Key: itemKey(kykId, itemId), ConsistentRead: true }));
  const item = Item as ItemRecord & { expires_at: number };
  const past = Math.floor(Date.now() / 1000) - 60;
  await db().send(new DeleteCommand({ TableName: TABLE(), Key: markerKey(item) }));
  await db().send(new UpdateCommand({ TableName: TABLE(), Key: itemKey(kykId, itemId), UpdateExpression: 'SET expires_at = :past', ExpressionAttributeValues: { ':past': past } }));
  await db().send(new PutCommand({ TableName: TABLE(), Item: { ...markerKey({ kyk_id: kykId, id: itemId, expires_at: past }), kyk_id: kykId, id: itemId, expires_at: past } }));
}

/** The contract's storage counters as stored. */
export async function storedUsage(kykId: string) {
  const { Item } = await db().send(new GetCommand({ TableName: TABLE(), Key: contractKey(kykId), ConsistentRead: true }));
  return { usage: Item?.usage_bytes ?? 0, reserved: Item?.reserved_bytes ?? 0, committed: Item?.committed_bytes ?? 0, pending: Item?.pending_uploads ?? 0 };
}

export async function storedPendingOf(kykId: string, userId: string): Promise<number> {
  const { Item } = await db().send(new GetCommand({ TableName: TABLE(), Key: uploadsCounterKey(kykId, userId), ConsistentRead: true }));
  return Number(Item?.pending ?? 0);
}

/** Removes an entry without its claim, as DynamoDB's TTL removed abandoned uploads before reservations. */
export async function vanishEntry(kykId: string, itemId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: TABLE(), Key: itemKey(kykId, itemId) }));
}
