import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ReadFieldName, ReadFieldsResult } from '#shared/schemas/read-fields.ts';
import { db } from '#lib/clients.ts';
import { table, type Keys } from '#lib/data/table.ts';
import { parseObjectKey } from '#lib/object-storage.ts';
import { TransactionFailed, transactWrite, type LabelledItem } from '#lib/data/transact.ts';
import { attentionChange } from './attention.ts';
import { itemKey, type ItemRecord } from './drive-items.ts';

/**
 * Fields read from a file's bytes (docs/e-bookkeeping.md "Fields read from the document"): the
 * extraction function's result for the file's newest read version, kept apart from the document's
 * fields. Access pattern (functions/lib/data/README.md): a file's reading, by the file: base table
 * `T#<kyk>#ITEM#<file>` / `READ`, in the file's own partition (so it is found from the file alone,
 * and goes with the file's version records when the file is deleted for good). One item per file:
 * a new version's reading replaces the older one's; an older version's never replaces a newer's.
 *
 * The file itself carries `fields_read_version` while that reading waits for a person to confirm
 * it: the drive list's "fields read, confirm" state and a reason in "Needs attention".
 */
export const readFieldsKey = (kykId: string, itemId: string): Keys => ({ pk: itemKey(kykId, itemId).pk, sk: 'READ' });

/** The file's reading, of whichever bytes it was made from (`version`: the caller compares it with the file's). */
export async function getReadFields(kykId: string, itemId: string): Promise<ReadFieldsResult | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: readFieldsKey(kykId, itemId), ConsistentRead: true }));
  if (!Item) return undefined;
  const { pk: _pk, sk: _sk, type: _type, kyk_id: _kyk, item_id: _item, confirmed_by: _by, confirmed_at: _at, confirmed_fields: _fields, ...reading } = Item;
  return reading as ReadFieldsResult;
}

/**
 * Stores the reading of the file's current bytes; with `awaitsConfirmation`, also marks the file as
 * having read fields to confirm (or unmarks it when its new bytes need none), moving it in or out of
 * "Needs attention" in the same transaction. A redelivered event writes the same values; a reading
 * of bytes older than the stored reading's, or of a file whose bytes changed meanwhile or that was
 * trashed or deleted, writes nothing. False when nothing was written.
 */
export async function recordReadFields(file: ItemRecord, result: ReadFieldsResult, awaitsConfirmation: boolean): Promise<boolean> {
  const { kyk_id: kykId, id: itemId } = file;
  const reading: LabelledItem = {
    label: 'reading',
    Put: {
      TableName: table(),
      Item: { ...readFieldsKey(kykId, itemId), type: 'read_fields', kyk_id: kykId, item_id: itemId, ...result },
      ConditionExpression: 'attribute_not_exists(pk) OR version <= :version',
      ExpressionAttributeValues: { ':version': result.version },
    },
  };
  // The file still holds these bytes at the version read, and is in the drive: no user's change (row_version stays).
  const unchanged = {
    ConditionExpression: 'attribute_exists(pk) AND version = :version AND s3_key = :key AND attribute_not_exists(trashed_date) AND attribute_not_exists(purging)',
    ExpressionAttributeValues: { ':version': file.version, ':key': file.s3_key },
  };
  const marked: ItemRecord = { ...file, fields_read_version: file.version };
  const unmarked: ItemRecord = { ...file };
  delete unmarked.fields_read_version;
  const fileChange: LabelledItem[] = awaitsConfirmation
    ? [{ label: 'file', Update: { TableName: table(), Key: itemKey(kykId, itemId), UpdateExpression: 'SET fields_read_version = :version', ...unchanged } }, ...attentionChange(file, marked)]
    : file.fields_read_version !== undefined
      // Earlier bytes' fields waited for confirmation; these bytes' do not.
      ? [{ label: 'file', Update: { TableName: table(), Key: itemKey(kykId, itemId), UpdateExpression: 'REMOVE fields_read_version', ...unchanged } }, ...attentionChange(marked, unmarked)]
      : [{ label: 'file', ConditionCheck: { TableName: table(), Key: itemKey(kykId, itemId), ...unchanged } }];
  try {
    await transactWrite([reading, ...fileChange]);
    return true;
  } catch (error) {
    if (error instanceof TransactionFailed && (error.failed('reading') || error.failed('file'))) return false;
    throw error;
  }
}

/** The reading of the file's current bytes, once they are confirmed; undefined while it has not arrived, or for earlier bytes' reading. */
export async function currentReading(file: Pick<ItemRecord, 'kyk_id' | 'id' | 'status' | 's3_key'>): Promise<ReadFieldsResult | undefined> {
  const bytesVersion = file.status === 'ready' && file.s3_key ? parseObjectKey(file.s3_key)?.version : undefined;
  if (bytesVersion === undefined) return undefined;
  const reading = await getReadFields(file.kyk_id, file.id);
  return reading?.version === bytesVersion ? reading : undefined;
}

/** Values a person took from a reading into the file's empty fields, with where each was read. */
export interface Confirmation {
  /** The version of the bytes read. */
  version: number;
  sources: { field: ReadFieldName; source: string; confidence: number }[];
}

/**
 * The reading marked as confirmed (who, when, which fields), in the transaction that saves the
 * values: so a general file, which keeps no correction history, still shows where its values came from.
 */
export const readingConfirmed = (file: Pick<ItemRecord, 'kyk_id' | 'id'>, confirmation: Confirmation, userId: string, date: string): LabelledItem => ({
  label: 'readingConfirmed',
  Update: {
    TableName: table(), Key: readFieldsKey(file.kyk_id, file.id),
    UpdateExpression: 'SET confirmed_by = :user, confirmed_at = :date, confirmed_fields = :fields',
    ConditionExpression: 'attribute_exists(pk) AND version = :version',
    ExpressionAttributeValues: { ':user': userId, ':date': date, ':fields': confirmation.sources.map((source) => source.field), ':version': confirmation.version },
  },
});

/** Removes a file's reading (the file is deleted for good: what was read from it goes with its bytes). */
export async function deleteReadFields(kykId: string, itemId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: readFieldsKey(kykId, itemId) }));
}
