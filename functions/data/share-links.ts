import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { auditPut, type AuditActor } from '#lib/audit.ts';
import { db } from '#lib/clients.ts';
import { newestLinksPage } from './links-by-creation.ts';
import { table, tenantPrefix, type Keys } from '#lib/data/table.ts';
import { transactWrite } from '#lib/data/transact.ts';
import { isConditionalCheckFailure } from '#lib/errors.ts';

/**
 * Share links (docs/drive.md "Share links"). One item per link, `T#<kyk>#SHARE#<link id>` / `LINK`,
 * read by the public page with the link id from the URL (a point read, strongly consistent; the
 * secret's SHA-256 is compared in constant time). Listed newest first per contract on gsi1
 * (`T#<kyk>#SHARES` / `<created>#<id>`, the administrator's list) and per file on gsi2
 * (`T#<kyk>#SHARES#ITEM#<item>` / `<created>#<id>`, the share dialog). `downloads` counts the
 * grants; the grant is one conditional update, so a limit of 3 gives exactly 3 however many ask at once.
 */
export interface ShareLinkRecord {
  kyk_id: string;
  link_id: string;
  /** SHA-256 of the secret, hex. */
  secret_hash: string;
  item_id: string;
  item_name: string;
  creator_id: string;
  creator_nm: string;
  created_at: string;
  expires_at: string;
  /** 0: no limit. */
  max_downloads: number;
  downloads: number;
  /** scrypt hash (functions/lib/passwords.ts), when the link has a password. */
  password_hash?: string;
  revoked_at?: string;
  revoked_by_nm?: string;
  last_download_at?: string;
}

const sharePartition = (kykId: string) => `${tenantPrefix(kykId)}#SHARES`;
export const shareLinkKey = (kykId: string, linkId: string): Keys => ({ pk: `${tenantPrefix(kykId)}#SHARE#${linkId}`, sk: 'LINK' });
export const shareLinkListingKeys = (link: Pick<ShareLinkRecord, 'kyk_id' | 'link_id' | 'item_id' | 'created_at'>) => ({
  gsi1pk: sharePartition(link.kyk_id), gsi1sk: `${link.created_at}#${link.link_id}`,
  gsi2pk: `${sharePartition(link.kyk_id)}#ITEM#${link.item_id}`, gsi2sk: `${link.created_at}#${link.link_id}`,
});

const toRecord = (item: Record<string, unknown>): ShareLinkRecord => item as unknown as ShareLinkRecord;

export async function getShareLink(kykId: string, linkId: string): Promise<ShareLinkRecord | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: shareLinkKey(kykId, linkId), ConsistentRead: true }));
  return Item ? toRecord(Item) : undefined;
}

/** The link and its audit record, in one transaction. */
export async function insertShareLink(actor: AuditActor, link: ShareLinkRecord): Promise<void> {
  const { secret_hash: _secret, password_hash, ...shown } = link;
  await transactWrite([
    {
      label: 'link',
      Put: {
        TableName: table(),
        Item: { ...shareLinkKey(link.kyk_id, link.link_id), ...shareLinkListingKeys(link), type: 'share-link', ...link },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    auditPut(actor, { action: 'drive.share_link_create', targetType: 'file', targetId: link.item_id, before: null, after: { ...shown, has_password: !!password_hash } }),
  ]);
}

/** How many links a file has, up to `cap` (a count query over its listing). */
export async function countItemLinks(kykId: string, itemId: string, cap: number): Promise<number> {
  const { Count = 0 } = await db().send(new QueryCommand({
    TableName: table(), IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': `${sharePartition(kykId)}#ITEM#${itemId}` }, Select: 'COUNT', Limit: cap,
  }));
  return Count;
}

/** A file's links, newest first (at most `limit`: the per-file cap keeps it one page). */
export async function listItemLinks(kykId: string, itemId: string, limit: number): Promise<ShareLinkRecord[]> {
  const { Items = [] } = await db().send(new QueryCommand({
    TableName: table(), IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': `${sharePartition(kykId)}#ITEM#${itemId}` }, ScanIndexForward: false, Limit: limit,
  }));
  return Items.map(toRecord);
}

/** One page of the contract's links, newest first; undefined for a cursor this list did not hand out. */
export async function listContractLinks(kykId: string, options: { pageSize: number; cursor?: string }): Promise<{ links: ShareLinkRecord[]; nextCursor: string | null } | undefined> {
  const page = await newestLinksPage(sharePartition(kykId), (linkId) => shareLinkKey(kykId, linkId), options);
  return page && { links: page.items.map(toRecord), nextCursor: page.nextCursor };
}

export type GrantRefusal = 'revoked' | 'expired' | 'exhausted' | 'missing';

/**
 * Counts one download: a single conditional update that holds only while the link is not revoked,
 * not expired and under its limit. The link as it is after the count, or why it was refused.
 */
export async function countShareDownload(kykId: string, linkId: string, now: string): Promise<ShareLinkRecord | GrantRefusal> {
  try {
    const { Attributes } = await db().send(new UpdateCommand({
      TableName: table(), Key: shareLinkKey(kykId, linkId),
      UpdateExpression: 'SET downloads = downloads + :one, last_download_at = :now',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(revoked_at) AND expires_at > :now AND (max_downloads = :zero OR downloads < max_downloads)',
      ExpressionAttributeValues: { ':one': 1, ':now': now, ':zero': 0 },
      ReturnValues: 'ALL_NEW',
    }));
    return toRecord(Attributes!);
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
  const link = await getShareLink(kykId, linkId);
  if (!link) return 'missing';
  return link.revoked_at ? 'revoked' : link.expires_at <= now ? 'expired' : 'exhausted';
}

/** Revokes a link not yet revoked (a second revoke changes nothing), audited in the same transaction. */
export async function revokeShareLink(actor: AuditActor, link: ShareLinkRecord, now: string): Promise<ShareLinkRecord> {
  if (link.revoked_at) return link;
  try {
    await transactWrite([
      {
        label: 'link',
        Update: {
          TableName: table(), Key: shareLinkKey(link.kyk_id, link.link_id),
          UpdateExpression: 'SET revoked_at = :now, revoked_by_nm = :by, revoked_by_id = :by_id',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(revoked_at)',
          ExpressionAttributeValues: { ':now': now, ':by': actor.userName, ':by_id': actor.userId },
        },
      },
      auditPut(actor, { action: 'drive.share_link_revoke', targetType: 'file', targetId: link.item_id, before: { link_id: link.link_id }, after: { link_id: link.link_id, revoked_at: now } }),
    ]);
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    // Revoked meanwhile by someone else: as they left it.
    return (await getShareLink(link.kyk_id, link.link_id)) ?? link;
  }
  return { ...link, revoked_at: now, revoked_by_nm: actor.userName };
}
