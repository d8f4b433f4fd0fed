import { createHash } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DocumentStyle } from '#shared/schemas/bookkeeping-fields.ts';
import { db } from '#lib/clients.ts';
import { table, tenantPrefix, type Keys } from '#lib/data/table.ts';
import { TransactionFailed, transactWrite, type LabelledItem } from '#lib/data/transact.ts';
import { versionedUpdateItem } from '#lib/data/versioned.ts';

/**
 * Intake mail addresses (docs/drive.md "Receiving documents by mail"). The address's record lives
 * in the contract's own partition (`T#<kyk>` / `MAILADDR#<id>`, at most ADDRESSES_PER_CONTRACT_MAX,
 * so the list is one query), counted on `T#<kyk>` / `MAILCOUNT` in the transaction that makes or
 * deletes one. Mail names only its recipient, so the intake function finds the contract through a
 * lookup item keyed by the SHA-256 of the local part (`MAILTO#<hash>` / `ADDRESS`): the one kind of
 * key, with the upload expiry queue, that cannot begin with the tenant. A rotation moves it in the
 * transaction that gives the record its new secret, so the old address resolves to nothing at once.
 */
export interface MailAddressRecord {
  kyk_id: string;
  address_id: string;
  /** The local part (26 characters, lower-case base32). */
  secret: string;
  folder_id: string;
  document_style?: DocumentStyle;
  allowed_senders: string[];
  keep_mail: 0 | 1;
  creator_id: string;
  creator_nm: string;
  created_at: string;
  updated_at: string;
  row_version: number;
}

export const mailAddressKey = (kykId: string, addressId: string): Keys => ({ pk: tenantPrefix(kykId), sk: `MAILADDR#${addressId}` });
export const mailAddressCounterKey = (kykId: string): Keys => ({ pk: tenantPrefix(kykId), sk: 'MAILCOUNT' });
export const secretHash = (secret: string): string => createHash('sha256').update(secret.toLowerCase()).digest('hex');
export const mailLookupKey = (secret: string): Keys => ({ pk: `MAILTO#${secretHash(secret)}`, sk: 'ADDRESS' });

/** Making one more would pass the contract's cap. */
export class AddressesLimitError extends Error {}
/** Changed or deleted by someone else since it was read. */
export class MailAddressChangedError extends Error {}

const toRecord = (item: Record<string, unknown>): MailAddressRecord => {
  const { pk: _pk, sk: _sk, type: _type, ...record } = item;
  return record as unknown as MailAddressRecord;
};

/** The contract's addresses, oldest first by id (one query: the cap keeps them one page). */
export async function listMailAddresses(kykId: string): Promise<MailAddressRecord[]> {
  const { Items = [] } = await db().send(new QueryCommand({
    TableName: table(), KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': tenantPrefix(kykId), ':prefix': 'MAILADDR#' }, ConsistentRead: true,
  }));
  return Items.map(toRecord).sort((a, b) => a.created_at.localeCompare(b.created_at));
}

export async function getMailAddress(kykId: string, addressId: string): Promise<MailAddressRecord | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: mailAddressKey(kykId, addressId), ConsistentRead: true }));
  return Item ? toRecord(Item) : undefined;
}

/** The address a recipient's local part names now, or undefined (never made, rotated away, deleted). */
export async function resolveMailAddress(secret: string): Promise<MailAddressRecord | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: mailLookupKey(secret), ConsistentRead: true }));
  if (!Item || typeof Item.kyk_id !== 'string' || typeof Item.address_id !== 'string') return undefined;
  const record = await getMailAddress(Item.kyk_id, Item.address_id);
  // Rotated between the two reads: the lookup named the old secret.
  return record?.secret === secret.toLowerCase() ? record : undefined;
}

const recordItem = (record: MailAddressRecord) => ({ ...mailAddressKey(record.kyk_id, record.address_id), type: 'mail-address', ...record });
const lookupPut = (record: MailAddressRecord): LabelledItem => ({
  label: 'lookup',
  Put: { TableName: table(), Item: { ...mailLookupKey(record.secret), type: 'mail-lookup', kyk_id: record.kyk_id, address_id: record.address_id }, ConditionExpression: 'attribute_not_exists(pk)' },
});

/** A new address, its lookup and the contract's count (refused past `max`), with `extra` (the audit record), in one transaction. */
export async function insertMailAddress(record: MailAddressRecord, max: number, extra: LabelledItem[]): Promise<void> {
  try {
    await transactWrite([
      {
        label: 'count',
        Update: {
          TableName: table(), Key: mailAddressCounterKey(record.kyk_id),
          UpdateExpression: 'ADD address_count :one', ConditionExpression: 'attribute_not_exists(address_count) OR address_count < :max',
          ExpressionAttributeValues: { ':one': 1, ':max': max },
        },
      },
      { label: 'address', Put: { TableName: table(), Item: recordItem(record), ConditionExpression: 'attribute_not_exists(pk)' } },
      lookupPut(record),
      ...extra,
    ]);
  } catch (error) {
    if (error instanceof TransactionFailed && error.failed('count')) throw new AddressesLimitError();
    throw error;
  }
}

type Settings = Pick<MailAddressRecord, 'folder_id' | 'allowed_senders' | 'keep_mail' | 'updated_at'> & { document_style?: DocumentStyle | undefined };

/** New settings over the version read (MailAddressChangedError when someone saved first), with `extra`. */
export async function updateMailAddress(record: MailAddressRecord, expectedVersion: number, settings: Settings, extra: LabelledItem[]): Promise<MailAddressRecord> {
  const { document_style, ...set } = settings;
  try {
    await transactWrite([
      versionedUpdateItem('address', {
        key: mailAddressKey(record.kyk_id, record.address_id), expectedVersion,
        set: { ...set, ...(document_style ? { document_style } : {}) }, ...(document_style ? {} : { remove: ['document_style'] }),
      }),
      ...extra,
    ]);
  } catch (error) {
    if (error instanceof TransactionFailed && error.failed('address')) throw new MailAddressChangedError();
    throw error;
  }
  const { document_style: _old, ...rest } = record;
  return { ...rest, ...set, ...(document_style ? { document_style } : {}), row_version: expectedVersion + 1 };
}

/** A new secret: the record, the old lookup deleted and the new one put, with `extra`, in one transaction. */
export async function rotateMailAddress(record: MailAddressRecord, secret: string, now: string, extra: LabelledItem[]): Promise<MailAddressRecord> {
  const rotated: MailAddressRecord = { ...record, secret, updated_at: now, row_version: record.row_version + 1 };
  try {
    await transactWrite([
      versionedUpdateItem('address', { key: mailAddressKey(record.kyk_id, record.address_id), expectedVersion: record.row_version, set: { secret, updated_at: now } }),
      { label: 'oldLookup', Delete: { TableName: table(), Key: mailLookupKey(record.secret) } },
      lookupPut(rotated),
      ...extra,
    ]);
  } catch (error) {
    if (error instanceof TransactionFailed && error.failed('address')) throw new MailAddressChangedError();
    throw error;
  }
  return rotated;
}

/** The record (as read), its lookup and one off the count, with `extra`, in one transaction. */
export async function deleteMailAddress(record: MailAddressRecord, extra: LabelledItem[]): Promise<void> {
  try {
    await transactWrite([
      {
        label: 'address',
        Delete: {
          TableName: table(), Key: mailAddressKey(record.kyk_id, record.address_id),
          ConditionExpression: 'row_version = :expected', ExpressionAttributeValues: { ':expected': record.row_version },
        },
      },
      { label: 'lookup', Delete: { TableName: table(), Key: mailLookupKey(record.secret) } },
      { label: 'count', Update: { TableName: table(), Key: mailAddressCounterKey(record.kyk_id), UpdateExpression: 'ADD address_count :minus', ExpressionAttributeValues: { ':minus': -1 } } },
      ...extra,
    ]);
  } catch (error) {
    if (error instanceof TransactionFailed && error.failed('address')) throw new MailAddressChangedError();
    throw error;
  }
}
