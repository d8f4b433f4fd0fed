import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { auditPut, type AuditActor } from '#lib/audit.ts';
import { db } from '#lib/clients.ts';
import { nowIso, table, tenantPrefix, type Keys } from '#lib/data/table.ts';
import { DomainError, isConditionalCheckFailure } from '#lib/errors.ts';
import { defaultPasswordPolicy, passwordPolicy, passwordPolicyFields, type PasswordPolicy } from '#shared/schemas/security.ts';
import { transactWrite } from '#lib/data/transact.ts';
import { versionedPutItem } from '#lib/data/versioned.ts';

/**
 * The contract's password policy: one item `T#<kyk>` / `POLICY#PASSWORD` holding the policy fields
 * and `row_version`. No item means the defaults (NIST SP 800-63B-4 / OWASP ASVS 5.0, see
 * shared/schemas/security.ts) with row_version 0; the first save creates it with row_version 1.
 */
export const policyKey = (kykId: string): Keys => ({ pk: tenantPrefix(kykId), sk: 'POLICY#PASSWORD' });

export interface StoredPolicy {
  policy: PasswordPolicy;
  row_version: number;
}

const policyFieldNames = Object.keys(passwordPolicyFields) as (keyof PasswordPolicy)[];

/** Only the policy fields of an item (fields an older item lacks take their defaults: `pwd_min_strength` reads as 3). */
const pickPolicy = (item: Record<string, unknown>): PasswordPolicy => {
  const parsed = passwordPolicy.safeParse(Object.fromEntries(policyFieldNames.filter((name) => item[name] !== undefined).map((name) => [name, item[name]])));
  return parsed.success ? parsed.data : { ...defaultPasswordPolicy };
};

export async function getPolicy(kykId: string, consistent = false): Promise<StoredPolicy> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: policyKey(kykId), ConsistentRead: consistent }));
  if (!Item) return { policy: { ...defaultPasswordPolicy }, row_version: 0 };
  return { policy: pickPolicy(Item), row_version: Number(Item.row_version ?? 0) };
}

/** The policy in force for a contract (what every password change is checked against). */
export const policyInForce = async (kykId: string): Promise<PasswordPolicy> => (await getPolicy(kykId, true)).policy;

/**
 * Saves the policy if nobody saved since `expected` was read (-201 otherwise), with its audit
 * record in the same transaction.
 */
export async function savePolicy(actor: AuditActor, sent: Partial<PasswordPolicy>, expected: number): Promise<StoredPolicy> {
  const kykId = actor.kykId;
  const before = await getPolicy(kykId, true);
  if (before.row_version !== expected) throw new DomainError('editedByAnotherUser');
  // What was not sent keeps its saved value (zod leaves absent fields out).
  const policy: PasswordPolicy = { ...before.policy, ...sent };
  const next = expected + 1;
  const item = {
    ...policyKey(kykId), type: 'password-policy', kyk_id: kykId, ...policy, row_version: next,
    update_date: nowIso(), update_user_id: actor.userId, update_user_nm: actor.userName,
  };
  try {
    await transactWrite([
      versionedPutItem('policy', item, expected),
      auditPut(actor, {
        action: 'security.password_policy', targetType: 'security_policy', targetId: 'password',
        before: { ...before.policy, row_version: before.row_version }, after: { ...policy, row_version: next },
      }),
    ]);
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new DomainError('editedByAnotherUser');
    throw error;
  }
  return { policy, row_version: next };
}
