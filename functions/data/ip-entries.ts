import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { auditPut, type AuditActor } from '#lib/audit.ts';
import { db } from '#lib/clients.ts';
import { nowIso, table, tenantPrefix, type Keys } from '#lib/data/table.ts';
import { DomainError, isConditionalCheckFailure } from '#lib/errors.ts';
import { isLostRace, transactWrite, type LabelledItem } from '#lib/data/transact.ts';

/**
 * Writes and listing of the IP allow-list entries (`T#<kyk>` / `IPPOLICY#<user_group_id>`, "0" the
 * contract's; functions/lib/ip-policy.ts evaluates them). Access patterns:
 * - every entry of a contract: `pk = T#<kyk>`, `sk begins_with IPPOLICY#` (one query, strongly
 *   consistent; a contract has one entry plus at most one per account-area group);
 * - one entry: the point read `getIpEntry`.
 * An entry exists only while it has ranges: saving an empty list deletes it. Every write is
 * conditional on the row_version the administrator read (0: absent) and carries its audit record.
 */

export const ipPolicyKey = (kykId: string, userGroupId: string): Keys => ({ pk: tenantPrefix(kykId), sk: `IPPOLICY#${userGroupId}` });

export interface IpPolicyEntry {
  kyk_id: string;
  user_group_id: string;
  cidrs: string[];
  row_version: number;
  update_date: string;
  update_user_id: string;
  update_user_nm: string;
}

/** An entry by group id ("0": the contract's), strongly consistent. */
export async function getIpEntry(kykId: string, userGroupId: string): Promise<IpPolicyEntry | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: ipPolicyKey(kykId, userGroupId), ConsistentRead: true }));
  return Item as IpPolicyEntry | undefined;
}


export async function listIpEntries(kykId: string): Promise<IpPolicyEntry[]> {
  const entries: IpPolicyEntry[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': tenantPrefix(kykId), ':prefix': 'IPPOLICY#' },
      ConsistentRead: true,
      ExclusiveStartKey: startKey,
    }));
    entries.push(...((page.Items ?? []) as IpPolicyEntry[]));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return entries;
}

/** The condition that an entry is still as it was read (absent when `version` is 0). */
const unchangedSince = (version: number) =>
  version === 0
    ? { ConditionExpression: 'attribute_not_exists(pk)' }
    : { ConditionExpression: 'row_version = :expected', ExpressionAttributeValues: { ':expected': version } };

/** A ConditionCheck that another item is still at the version read (0: still absent). */
export const unchangedCheck = (key: Keys, version: number): LabelledItem => ({
  label: `unchanged#${key.pk}#${key.sk}`,
  ConditionCheck: { TableName: table(), Key: key, ...unchangedSince(version) },
});

/** A ConditionCheck that an item (e.g. the group an entry belongs to) still exists. */
export const existsCheck = (key: Keys): LabelledItem => ({
  label: `exists#${key.pk}#${key.sk}`,
  ConditionCheck: { TableName: table(), Key: key, ConditionExpression: 'attribute_exists(pk)' },
});

/** Entry views of the audit log. */
const auditView = (entry: Pick<IpPolicyEntry, 'cidrs' | 'row_version'> | undefined) => ({ cidrs: entry?.cidrs ?? [], row_version: entry?.row_version ?? 0 });

/**
 * Saves one entry if nobody saved it since `before` was read: a Put of the new ranges, or a Delete
 * when the list is empty (nothing at all when it was already absent). `checks` join the same
 * transaction (the other entry the caller's lock-out check relied on, the group still existing); a
 * failed condition answers -201. Returns the stored entry (undefined once deleted).
 */
export async function saveIpEntry(
  actor: AuditActor,
  userGroupId: string,
  cidrs: string[],
  before: IpPolicyEntry | undefined,
  checks: LabelledItem[] = [],
): Promise<IpPolicyEntry | undefined> {
  const key = ipPolicyKey(actor.kykId, userGroupId);
  const expected = before?.row_version ?? 0;
  if (cidrs.length === 0 && !before) return undefined;
  const after: IpPolicyEntry | undefined = cidrs.length === 0 ? undefined : {
    kyk_id: actor.kykId, user_group_id: userGroupId, cidrs, row_version: expected + 1,
    update_date: nowIso(), update_user_id: actor.userId, update_user_nm: actor.userName,
  };
  const write: LabelledItem = after
    ? { label: 'entry', Put: { TableName: table(), Item: { ...key, type: 'ip-policy', ...after }, ...unchangedSince(expected) } }
    : { label: 'entry', Delete: { TableName: table(), Key: key, ...unchangedSince(expected) } };
  try {
    await transactWrite([
      write,
      ...checks,
      auditPut(actor, {
        action: after ? 'security.ip_policy.save' : 'security.ip_policy.delete',
        targetType: 'ip_policy', targetId: userGroupId,
        before: auditView(before), after: after ? auditView(after) : null,
      }),
    ]);
  } catch (error) {
    // A refused condition, or a concurrent save of the same entry that kept winning: both are someone else's save.
    if (isConditionalCheckFailure(error) || isLostRace(error)) throw new DomainError('editedByAnotherUser');
    throw error;
  }
  return after;
}
