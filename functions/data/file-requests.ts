import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RequestFileKind } from '#shared/schemas/file-requests.ts';
import type { DocumentStyle } from '#shared/schemas/bookkeeping-fields.ts';
import { auditPut, type AuditActor } from '#lib/audit.ts';
import { batchGet, batchWrite } from '#lib/data/batch.ts';
import { db } from '#lib/clients.ts';
import { newestLinksPage } from './links-by-creation.ts';
import { table, tenantPrefix, type Keys } from '#lib/data/table.ts';
import { TransactionFailed, transactWrite } from '#lib/data/transact.ts';
import { isConditionalCheckFailure } from '#lib/errors.ts';

/**
 * File-request links (docs/drive.md "File requests"): upload-only links to a folder.
 *
 * | access pattern | key |
 * | --- | --- |
 * | the link by the id its URL carries (the public page), strongly consistent | `T#<kyk>#FREQ#<id>` / `REQUEST` |
 * | one sent file counted: only while not revoked, not expired, under the file count and with the bytes left | conditional UpdateItem of the same key |
 * | every link of a contract, newest first (administrators, by cursor) | gsi1 `T#<kyk>#FREQS` / `<created>#<id>` |
 * | a creator's links, newest first | gsi2 `T#<kyk>#FREQS#USER#<creator>` / `<created>#<id>` |
 * | a creator's links of one folder, newest first; the folder's count (the cap) | `T#<kyk>#FREQS#FOLDER#<folder>` / `REQ#<creator>#<created>#<id>` and `COUNT`, written in the creation's transaction |
 * | the files that arrived since the last digest mail | `T#<kyk>#FREQ#<id>` / `DIGEST#<received>#<item>` |
 * | links whose digest is due (the minute schedule, the last few hours) | `FREQQ#<hour>#<shard>` / `<due>#<kyk>#<id>` |
 *
 * The counts: `files_received`, `bytes_received` and `bytes_left` (`max_bytes - bytes_received`,
 * kept because a condition cannot add) change together in one conditional update, so a link of N
 * files takes exactly N however many send at once. The digest: `last_mail_at` is when its creator
 * was last mailed, `digest_due` when the queued mail is due (at most one marker per link).
 */
export interface FileRequestRecord {
  kyk_id: string;
  request_id: string;
  /** SHA-256 of the secret, hex. */
  secret_hash: string;
  folder_id: string;
  folder_name: string;
  title: string;
  message: string;
  creator_id: string;
  creator_nm: string;
  created_at: string;
  expires_at: string;
  max_files: number;
  max_bytes: number;
  files_received: number;
  bytes_received: number;
  bytes_left: number;
  allowed_kinds: RequestFileKind[];
  document_style?: DocumentStyle;
  /** scrypt hash (functions/lib/passwords.ts), when the link has a password. */
  password_hash?: string;
  revoked_at?: string;
  revoked_by_nm?: string;
  last_upload_at?: string;
  last_mail_at?: string;
  digest_due?: string;
}

const partition = (kykId: string) => `${tenantPrefix(kykId)}#FREQS`;
const requestPartition = (kykId: string, requestId: string) => `${tenantPrefix(kykId)}#FREQ#${requestId}`;
const folderPartition = (kykId: string, folderId: string) => `${partition(kykId)}#FOLDER#${folderId}`;

export const fileRequestKey = (kykId: string, requestId: string): Keys => ({ pk: requestPartition(kykId, requestId), sk: 'REQUEST' });
export const fileRequestListingKeys = (request: Pick<FileRequestRecord, 'kyk_id' | 'request_id' | 'creator_id' | 'created_at'>) => ({
  gsi1pk: partition(request.kyk_id), gsi1sk: `${request.created_at}#${request.request_id}`,
  gsi2pk: `${partition(request.kyk_id)}#USER#${request.creator_id}`, gsi2sk: `${request.created_at}#${request.request_id}`,
});
export const folderRequestCountKey = (kykId: string, folderId: string): Keys => ({ pk: folderPartition(kykId, folderId), sk: 'COUNT' });
export const folderRequestKey = (kykId: string, folderId: string, creatorId: string, createdAt: string, requestId: string): Keys =>
  ({ pk: folderPartition(kykId, folderId), sk: `REQ#${creatorId}#${createdAt}#${requestId}` });
export const digestEntryKey = (kykId: string, requestId: string, receivedAt: string, itemId: string): Keys =>
  ({ pk: requestPartition(kykId, requestId), sk: `DIGEST#${receivedAt}#${itemId}` });

const HOUR = 3600;
const QUEUE_SHARDS = 4;
const shardOf = (requestId: string): number => requestId.charCodeAt(0) % QUEUE_SHARDS;
export const digestHour = (iso: string): number => Math.floor(Date.parse(iso) / 1000 / HOUR);
/** The digest queue: one marker per link whose mail waits, in the partition of the hour it is due. The sweep serves every contract. */
export const digestQueueKey = (hour: number, shard: number, due: string, kykId: string, requestId: string): Keys =>
  ({ pk: `FREQQ#${hour}#${shard}`, sk: `${due}#${kykId}#${requestId}` });
/** The marker of a link's queued digest (`digest_due` on the link). */
export const digestMarkerKey = (kykId: string, requestId: string, due: string): Keys => digestQueueKey(digestHour(due), shardOf(requestId), due, kykId, requestId);

const toRecord = (item: Record<string, unknown>): FileRequestRecord => item as unknown as FileRequestRecord;

export async function getFileRequest(kykId: string, requestId: string): Promise<FileRequestRecord | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: fileRequestKey(kykId, requestId), ConsistentRead: true }));
  return Item ? toRecord(Item) : undefined;
}

export class FolderRequestsFull extends Error {}

/**
 * The link, its place in its folder's list, the folder's count (at most `perFolder`) and the audit
 * record, in one transaction. Throws FolderRequestsFull when the folder has its most.
 */
export async function insertFileRequest(actor: AuditActor, request: FileRequestRecord, perFolder: number): Promise<void> {
  const { secret_hash: _secret, password_hash, ...shown } = request;
  try {
    await transactWrite([
      {
        label: 'request',
        Put: {
          TableName: table(),
          Item: { ...fileRequestKey(request.kyk_id, request.request_id), ...fileRequestListingKeys(request), type: 'file-request', ...request },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        label: 'folderCount',
        Update: {
          TableName: table(), Key: folderRequestCountKey(request.kyk_id, request.folder_id),
          UpdateExpression: 'ADD n :one', ConditionExpression: 'attribute_not_exists(n) OR n < :max',
          ExpressionAttributeValues: { ':one': 1, ':max': perFolder },
        },
      },
      {
        label: 'folderEntry',
        Put: {
          TableName: table(),
          Item: { ...folderRequestKey(request.kyk_id, request.folder_id, request.creator_id, request.created_at, request.request_id), request_id: request.request_id },
        },
      },
      auditPut(actor, {
        action: 'drive.file_request_create', targetType: 'folder', targetId: request.folder_id, before: null,
        after: { ...shown, name: request.folder_name, has_password: !!password_hash },
      }),
    ]);
  } catch (error) {
    if (error instanceof TransactionFailed && error.failed('folderCount')) throw new FolderRequestsFull();
    throw error;
  }
}

async function requestsByIds(kykId: string, ids: string[]): Promise<FileRequestRecord[]> {
  const found = new Map((await batchGet(ids.map((id) => fileRequestKey(kykId, id)), { consistent: true })).map((item) => [String(item.request_id), toRecord(item)]));
  return ids.flatMap((id) => (found.has(id) ? [found.get(id)!] : []));
}

/** A creator's links, newest first, at most `limit`; of one folder when given (its list in the folder's partition). */
export async function listCreatorRequests(kykId: string, creatorId: string, limit: number, folderId?: string): Promise<FileRequestRecord[]> {
  if (folderId !== undefined) {
    const { Items = [] } = await db().send(new QueryCommand({
      TableName: table(), KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': folderPartition(kykId, folderId), ':prefix': `REQ#${creatorId}#` }, ScanIndexForward: false, Limit: limit,
    }));
    return requestsByIds(kykId, Items.map((item) => String(item.request_id)));
  }
  const { Items = [] } = await db().send(new QueryCommand({
    TableName: table(), IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': `${partition(kykId)}#USER#${creatorId}` }, ScanIndexForward: false, Limit: limit,
  }));
  return Items.map(toRecord);
}

/** One page of the contract's links, newest first; undefined for a cursor this list did not hand out. */
export async function listContractRequests(kykId: string, options: { pageSize: number; cursor?: string }): Promise<{ requests: FileRequestRecord[]; nextCursor: string | null } | undefined> {
  const page = await newestLinksPage(partition(kykId), (linkId) => fileRequestKey(kykId, linkId), options);
  return page && { requests: page.items.map(toRecord), nextCursor: page.nextCursor };
}

export type CountRefusal = 'missing' | 'revoked' | 'expired' | 'full' | 'too_large';

/**
 * Counts one sent file of `size` bytes: a single conditional update that holds only while the link
 * is not revoked, not expired, under its file count and with the bytes left. The link as it is
 * after the count, or why it was refused (read again: the condition does not say which failed).
 */
export async function countRequestFile(kykId: string, requestId: string, size: number, now: string): Promise<FileRequestRecord | CountRefusal> {
  try {
    const { Attributes } = await db().send(new UpdateCommand({
      TableName: table(), Key: fileRequestKey(kykId, requestId),
      UpdateExpression: 'SET files_received = files_received + :one, bytes_received = bytes_received + :size, bytes_left = bytes_left - :size, last_upload_at = :now',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(revoked_at) AND expires_at > :now AND files_received < max_files AND bytes_left >= :size',
      ExpressionAttributeValues: { ':one': 1, ':size': size, ':now': now },
      ReturnValues: 'ALL_NEW',
    }));
    return toRecord(Attributes!);
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
  const request = await getFileRequest(kykId, requestId);
  if (!request) return 'missing';
  if (request.revoked_at) return 'revoked';
  if (request.expires_at <= now) return 'expired';
  return request.files_received >= request.max_files || request.bytes_left <= 0 ? 'full' : 'too_large';
}

/** Gives back a counted file whose registration was refused (the folder gone, the quota). */
export async function uncountRequestFile(kykId: string, requestId: string, size: number): Promise<FileRequestRecord> {
  const { Attributes } = await db().send(new UpdateCommand({
    TableName: table(), Key: fileRequestKey(kykId, requestId),
    UpdateExpression: 'SET files_received = files_received - :one, bytes_received = bytes_received - :size, bytes_left = bytes_left + :size',
    ConditionExpression: 'attribute_exists(pk) AND files_received >= :one',
    ExpressionAttributeValues: { ':one': 1, ':size': size },
    ReturnValues: 'ALL_NEW',
  }));
  return toRecord(Attributes!);
}

/** Revokes a link not yet revoked (a second revoke changes nothing), audited in the same transaction. */
export async function revokeFileRequest(actor: AuditActor, request: FileRequestRecord, now: string): Promise<FileRequestRecord> {
  if (request.revoked_at) return request;
  try {
    await transactWrite([
      {
        label: 'request',
        Update: {
          TableName: table(), Key: fileRequestKey(request.kyk_id, request.request_id),
          UpdateExpression: 'SET revoked_at = :now, revoked_by_nm = :by, revoked_by_id = :by_id',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(revoked_at)',
          ExpressionAttributeValues: { ':now': now, ':by': actor.userName, ':by_id': actor.userId },
        },
      },
      auditPut(actor, {
        action: 'drive.file_request_revoke', targetType: 'folder', targetId: request.folder_id,
        before: { request_id: request.request_id, name: request.folder_name }, after: { request_id: request.request_id, name: request.folder_name, revoked_at: now },
      }),
    ]);
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    return (await getFileRequest(request.kyk_id, request.request_id)) ?? request;
  }
  return { ...request, revoked_at: now, revoked_by_nm: actor.userName };
}

// The digest (functions/domain/drive/request-digest.ts).

export interface DigestEntry {
  item_id: string;
  name: string;
  size: number;
  received_at: string;
  sender?: string;
}

/** Adds an arrived file to its link's next digest (idempotent: one entry per file). */
export async function addDigestEntry(kykId: string, requestId: string, entry: DigestEntry): Promise<void> {
  await batchWrite([{ PutRequest: { Item: { ...digestEntryKey(kykId, requestId, entry.received_at, entry.item_id), ...entry } } }]);
}

/** The files waiting for the link's next digest, oldest first (at most `limit`). */
export async function digestEntries(kykId: string, requestId: string, limit: number): Promise<DigestEntry[]> {
  const entries: DigestEntry[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new QueryCommand({
      TableName: table(), KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': requestPartition(kykId, requestId), ':prefix': 'DIGEST#' },
      ConsistentRead: true, ExclusiveStartKey: startKey, Limit: limit - entries.length,
    }));
    entries.push(...(page.Items ?? []) as DigestEntry[]);
    startKey = page.LastEvaluatedKey;
  } while (startKey && entries.length < limit);
  return entries;
}

/** Drops entries a digest mail listed. */
export async function dropDigestEntries(kykId: string, requestId: string, entries: DigestEntry[]): Promise<void> {
  await batchWrite(entries.map((entry) => ({ DeleteRequest: { Key: digestEntryKey(kykId, requestId, entry.received_at, entry.item_id) } })));
}

/**
 * Claims the link's next digest mail: one conditional update that holds only when its last mail is
 * older than `since` (or there was none) and, for the schedule, while the marker it holds is the
 * link's (`due`). Sets `last_mail_at` and drops `digest_due`, so only one sender a window mails.
 */
export async function claimDigest(kykId: string, requestId: string, now: string, since: string, due?: string): Promise<FileRequestRecord | undefined> {
  try {
    const { Attributes } = await db().send(new UpdateCommand({
      TableName: table(), Key: fileRequestKey(kykId, requestId),
      UpdateExpression: 'SET last_mail_at = :now REMOVE digest_due',
      ConditionExpression: `attribute_exists(pk) AND (attribute_not_exists(last_mail_at) OR last_mail_at <= :since)${due ? ' AND digest_due = :due' : ''}`,
      ExpressionAttributeValues: { ':now': now, ':since': since, ...(due ? { ':due': due } : {}) },
      ReturnValues: 'ALL_NEW',
    }));
    return toRecord(Attributes!);
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    return undefined;
  }
}

/** Queues the link's digest for `due` unless one is queued already: the link's `digest_due` and the marker, in one transaction. */
export async function queueDigest(kykId: string, requestId: string, due: string): Promise<boolean> {
  try {
    await transactWrite([
      {
        label: 'request',
        Update: {
          TableName: table(), Key: fileRequestKey(kykId, requestId),
          UpdateExpression: 'SET digest_due = :due', ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(digest_due)',
          ExpressionAttributeValues: { ':due': due },
        },
      },
      { label: 'marker', Put: { TableName: table(), Item: { ...digestMarkerKey(kykId, requestId, due), kyk_id: kykId, request_id: requestId, due } } },
    ]);
    return true;
  } catch (error) {
    if (error instanceof TransactionFailed && error.failed('request')) return false;
    throw error;
  }
}

export interface DigestMarker {
  kyk_id: string;
  request_id: string;
  due: string;
}

/** The markers of one hour and shard due by `now` (the key condition: their sort key starts with the due time). */
export async function dueDigestMarkers(hour: number, shard: number, now: string): Promise<DigestMarker[]> {
  const markers: DigestMarker[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new QueryCommand({
      TableName: table(), KeyConditionExpression: 'pk = :pk AND sk <= :bound',
      ExpressionAttributeValues: { ':pk': `FREQQ#${hour}#${shard}`, ':bound': `${now}#\uffff` }, ExclusiveStartKey: startKey, ConsistentRead: true,
    }));
    markers.push(...(page.Items ?? []) as DigestMarker[]);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return markers;
}

export const digestQueueShards = (): number[] => Array.from({ length: QUEUE_SHARDS }, (_, shard) => shard);

export async function dropDigestMarker(marker: DigestMarker): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: digestMarkerKey(marker.kyk_id, marker.request_id, marker.due) }));
}
