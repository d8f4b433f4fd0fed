import { createHash } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { IntakeEntry } from '#shared/schemas/mail-intake.ts';
import { db } from '#lib/clients.ts';
import { decodeCursor, encodeCursor, epochSeconds, table, tenantPrefix, type Keys } from '#lib/data/table.ts';
import { isConditionalCheckFailure } from '#lib/errors.ts';

/**
 * The intake log (docs/drive.md "Receiving documents by mail"): one entry per mail an intake
 * address received, `T#<kyk>#INTAKE` / `LOG#<received>#<entry>` (the contract's, newest first by
 * key condition) and gsi1 `T#<kyk>#INTAKE#<address>` / `<received>#<entry>` (one address's).
 * An entry's id and time come from the stored mail (its object key and S3's write time), so a second
 * delivery of the same object writes the same key and its conditional put changes nothing.
 * In the same partition, the per-contract message markers `MSG#<hash>`: the SHA-256 of the mail's
 * Message-ID (or, without one, of its object key), put conditionally before the mail makes files,
 * so the same message twice makes nothing new. Both are kept INTAKE_LOG_RETENTION_DAYS (TTL).
 */
export const INTAKE_LOG_RETENTION_DAYS = 400;

const partition = (kykId: string) => `${tenantPrefix(kykId)}#INTAKE`;
export const intakeEntryKeys = (kykId: string, entry: Pick<IntakeEntry, 'received_at' | 'entry_id' | 'address_id'>) => ({
  pk: partition(kykId), sk: `LOG#${entry.received_at}#${entry.entry_id}`,
  gsi1pk: `${partition(kykId)}#${entry.address_id}`, gsi1sk: `${entry.received_at}#${entry.entry_id}`,
});
export const messageMarkerKey = (kykId: string, hash: string): Keys => ({ pk: partition(kykId), sk: `MSG#${hash}` });

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** What a message is known by: its Message-ID, else the object it was stored as. */
export const messageHash = (messageId: string | undefined, objectKey: string): string => sha256(messageId ? `id:${messageId}` : `object:${objectKey}`);
/** The entry of one stored mail at one address (the same for every delivery of its event). */
export const intakeEntryId = (objectKey: string, addressId: string): string => sha256(`${objectKey}#${addressId}`).slice(0, 24);

const ttl = (at: string) => epochSeconds(new Date(at)) + INTAKE_LOG_RETENTION_DAYS * 86_400;

/**
 * Claims a message for the contract: `claimed` the first time; `redelivery` when the claim is this
 * object's own (its event came again: the first delivery does the work); `duplicate` otherwise.
 */
export async function claimMessage(kykId: string, hash: string, claim: { objectKey: string; addressId: string; at: string }): Promise<'claimed' | 'redelivery' | 'duplicate'> {
  try {
    await db().send(new PutCommand({
      TableName: table(),
      Item: { ...messageMarkerKey(kykId, hash), type: 'intake-message', object_key: claim.objectKey, address_id: claim.addressId, at: claim.at, ttl: ttl(claim.at) },
      ConditionExpression: 'attribute_not_exists(pk)',
    }));
    return 'claimed';
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: messageMarkerKey(kykId, hash), ConsistentRead: true }));
  return Item?.object_key === claim.objectKey ? 'redelivery' : 'duplicate';
}

/** Writes a mail's entry once (a second delivery's equal entry changes nothing). */
export async function putIntakeEntry(kykId: string, entry: IntakeEntry): Promise<void> {
  try {
    await db().send(new PutCommand({
      TableName: table(),
      Item: { ...intakeEntryKeys(kykId, entry), type: 'intake-entry', kyk_id: kykId, ...entry, ttl: ttl(entry.received_at) },
      ConditionExpression: 'attribute_not_exists(pk)',
    }));
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}

const POSITION = /^\d{4}-\d{2}-\d{2}T[\d:.]+Z#[0-9a-f]{24}$/;
const toEntry = (item: Record<string, unknown>): IntakeEntry => {
  const { pk: _pk, sk: _sk, gsi1pk: _gpk, gsi1sk: _gsk, type: _type, kyk_id: _kyk, ttl: _ttl, ...entry } = item;
  return entry as unknown as IntakeEntry;
};

/** A page of the log, newest first (of one address when given); undefined for a cursor it did not hand out. */
export async function listIntakeEntries(kykId: string, options: { addressId?: string | undefined; pageSize: number; cursor?: string | undefined }): Promise<{ entries: IntakeEntry[]; next: string | null } | undefined> {
  let position: string | undefined;
  if (options.cursor) {
    const decoded = decodeCursor(options.cursor);
    position = typeof decoded?.p === 'string' && POSITION.test(decoded.p) ? decoded.p : undefined;
    if (!position) return undefined;
  }
  const [received, entryId] = position ? [position.slice(0, position.lastIndexOf('#')), position.slice(position.lastIndexOf('#') + 1)] : [];
  const byAddress = options.addressId !== undefined;
  const startKey = position
    ? byAddress
      ? { ...intakeEntryKeys(kykId, { received_at: received!, entry_id: entryId!, address_id: options.addressId! }) }
      : { pk: partition(kykId), sk: `LOG#${position}` }
    : undefined;
  const { Items = [], LastEvaluatedKey } = await db().send(new QueryCommand({
    TableName: table(),
    ...(byAddress
      ? { IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': `${partition(kykId)}#${options.addressId}` } }
      : { KeyConditionExpression: 'pk = :pk AND begins_with(sk, :log)', ExpressionAttributeValues: { ':pk': partition(kykId), ':log': 'LOG#' } }),
    ScanIndexForward: false, Limit: options.pageSize, ExclusiveStartKey: startKey,
  }));
  const entries = Items.map(toEntry);
  const last = entries.at(-1);
  return { entries, next: LastEvaluatedKey && last ? encodeCursor({ p: `${last.received_at}#${last.entry_id}` }) : null };
}
