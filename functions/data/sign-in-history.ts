import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { writeAudit, type AuditActor } from '#lib/audit.ts';
import { db } from '#lib/clients.ts';
import { config } from '#lib/config.ts';
import { tenantPrefix } from '#lib/data/table.ts';
import type { SignInEvent, SignInOutcome } from '#shared/schemas/auth.ts';
import { browserOf } from './devices.ts';

/**
 * Sign-in history: each outcome is an audit record whose target is `signin` / the user ID, so the
 * audit table's item index (gsi2, `T#<kyk>#AUDIT#ITEM#signin#<user>`) serves one user's history
 * newest first by a key-condition query. Only for contracts that exist: a made-up contract has no
 * audit log (its attempts are bounded by the source throttle and logged).
 */
const TARGET = 'signin';

export const signInHistoryPartition = (kykId: string, userId: string): string => `${tenantPrefix(kykId)}#AUDIT#ITEM#${TARGET}#${userId}`;

export interface SignInRecord {
  actor: AuditActor;
  outcome: SignInOutcome;
  userAgent: string;
}

export async function recordSignInOutcome(record: SignInRecord): Promise<void> {
  const { actor, outcome, userAgent } = record;
  await writeAudit(actor, {
    action: `signin.${outcome}`, targetType: TARGET, targetId: actor.userId,
    before: null, after: { outcome, browser: browserOf(userAgent), user_agent: userAgent.slice(0, 300) },
  });
}

/** A user's latest sign-ins, newest first. */
export async function listSignIns(kykId: string, userId: string, limit = 50): Promise<SignInEvent[]> {
  const { Items = [] } = await db().send(new QueryCommand({
    TableName: config.auditTableName, IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': signInHistoryPartition(kykId, userId) },
    ScanIndexForward: false, Limit: limit,
  }));
  return Items.map((item) => ({
    at: String(item.at), outcome: (item.after as { outcome: SignInOutcome }).outcome,
    ip_address: String(item.source_ip), browser: String((item.after as { browser?: string }).browser ?? ''),
  }));
}
