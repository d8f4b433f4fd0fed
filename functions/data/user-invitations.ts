import { createHash } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '#lib/clients.ts';
import { epochSeconds, table, tenantPrefix, type Keys } from '#lib/data/table.ts';
import { TransactionFailed, transactWrite, type LabelledItem } from '#lib/data/transact.ts';
import { userPartition } from './users.ts';

/**
 * Invitations to set a first password (issue 28 item 19: users created by a CSV import with the
 * option to invite them). Access patterns:
 * - the invitation of a link: `T#<kyk>#INVITE#<SHA-256 of the token>` / `INVITE`, read with the
 *   contract ID the link carries, so another contract's token is simply not there. Only the hash
 *   is stored: the token itself is in the mail alone. `used_at` is set by the one conditional write
 *   that consumes it (in the same transaction as the new password), and `expires_at` is checked by
 *   that same condition; TTL (`ttl`) removes it 30 days after it expired.
 * - the job's claim to invite a user once: `T#<kyk>#USER#<user>` / `INVITE#<job>`, written with the
 *   invitation (conditional on its absence), so a resumed import never mails a user twice; it
 *   carries the invitation's hash, by which the contract's export and deletion find it.
 */
export interface Invitation {
  kyk_id: string;
  user_id: string;
  /** The import job that created the user and invited them. */
  request_id: string;
  created_at: string;
  expires_at: string;
  used_at?: string;
}

const INVITE_SORT = 'INVITE';
const CLAIM_PREFIX = 'INVITE#';
/** An expired invitation stays readable this long (its link then says "expired", not "invalid"). */
const KEEP_AFTER_EXPIRY_DAYS = 30;

export const tokenHash = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

export const invitationKey = (kykId: string, hash: string): Keys => ({ pk: `${tenantPrefix(kykId)}#INVITE#${hash}`, sk: INVITE_SORT });

export const invitationClaimKey = (kykId: string, userId: string, requestId: string): Keys => ({ pk: userPartition(kykId, userId), sk: `${CLAIM_PREFIX}${requestId}` });

/**
 * Stores an invitation and the job's claim on the user in one transaction. False: this job already
 * invited this user (a resumed run), nothing written.
 */
export async function putInvitation(invitation: Invitation, token: string): Promise<boolean> {
  const ttl = epochSeconds(new Date(Date.parse(invitation.expires_at) + KEEP_AFTER_EXPIRY_DAYS * 86_400_000));
  try {
    await transactWrite([
      {
        label: 'claim',
        Put: {
          TableName: table(),
          // The invitation's key, for the contract's export and deletion (domain/tenant-data.ts).
          Item: { ...invitationClaimKey(invitation.kyk_id, invitation.user_id, invitation.request_id), type: 'invitation-claim', created_at: invitation.created_at, invitation_hash: tokenHash(token) },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      { label: 'invitation', Put: { TableName: table(), Item: { ...invitationKey(invitation.kyk_id, tokenHash(token)), type: 'user-invitation', ...invitation, ttl } } },
    ]);
    return true;
  } catch (error) {
    if (error instanceof TransactionFailed && error.failed('claim')) return false;
    throw error;
  }
}

export async function getInvitation(kykId: string, token: string): Promise<Invitation | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: invitationKey(kykId, tokenHash(token)), ConsistentRead: true }));
  return Item ? (Item as unknown as Invitation) : undefined;
}

/** The action that uses an invitation up: only once, and only before it expires (`now` is the clock of the write). */
export const consumeInvitation = (kykId: string, token: string, now: string): LabelledItem => ({
  label: 'invitation',
  Update: {
    TableName: table(),
    Key: invitationKey(kykId, tokenHash(token)),
    UpdateExpression: 'SET used_at = :now',
    ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(used_at) AND expires_at > :now',
    ExpressionAttributeValues: { ':now': now },
  },
});
