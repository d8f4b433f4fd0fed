import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { LabelledItem } from './data/transact.ts';
import { db } from './clients.ts';
import { config } from './config.ts';
import { epochSeconds, tenantPrefix } from './data/table.ts';

/**
 * The audit log: who changed what, when, on which item, with the state before and after. A record
 * is written in the same transaction as the change it describes (TransactWriteItems spans tables),
 * so there is never a change without its record or a record without its change.
 *
 * Access patterns (audit table): a contract's records by day and time (pk `T#<kyk>#AUDIT#<day>`),
 * by acting user (gsi1 `T#<kyk>#AUDIT#USER#<user>`), by item (gsi2 `T#<kyk>#AUDIT#ITEM#<type>#<id>`).
 */
export interface AuditActor {
  kykId: string;
  userId: string;
  userName: string;
  requestId: string;
  sourceIp: string;
}

export interface AuditChange {
  /** What happened, e.g. `user_group.create`, `corp.update`. */
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
}

/** A contract's records of one UTC day (`YYYY-MM-DD`), by time. */
export const auditDayPartition = (kykId: string, day: string): string => `${tenantPrefix(kykId)}#AUDIT#${day}`;
/** What one user did (and the sign-ins tried with that user ID), by time (gsi1). */
export const auditUserPartition = (kykId: string, userId: string): string => `${tenantPrefix(kykId)}#AUDIT#USER#${userId}`;
/** What happened to one item, by time (gsi2). */
export const auditItemPartition = (kykId: string, targetType: string, targetId: string): string => `${tenantPrefix(kykId)}#AUDIT#ITEM#${targetType}#${targetId}`;

export function auditRecord(actor: AuditActor, change: AuditChange, at = new Date()): Record<string, unknown> {
  const iso = at.toISOString();
  const position = `${iso}#${randomUUID()}`;
  return {
    pk: auditDayPartition(actor.kykId, iso.slice(0, 10)),
    sk: position,
    gsi1pk: auditUserPartition(actor.kykId, actor.userId),
    gsi1sk: position,
    gsi2pk: auditItemPartition(actor.kykId, change.targetType, change.targetId),
    gsi2sk: position,
    kyk_id: actor.kykId,
    at: iso,
    user_id: actor.userId,
    user_nm: actor.userName,
    action: change.action,
    target_type: change.targetType,
    target_id: change.targetId,
    before: change.before ?? null,
    after: change.after ?? null,
    request_id: actor.requestId,
    source_ip: actor.sourceIp,
    ttl: epochSeconds(at) + config.auditRetentionDays * 86_400,
  };
}

/** The Put to add to the transaction that makes the change (labelled by its target). */
export const auditPut = (actor: AuditActor, change: AuditChange): LabelledItem => ({
  label: `audit#${change.targetType}#${change.targetId}`,
  Put: { TableName: config.auditTableName, Item: auditRecord(actor, change) },
});

/** For a change that is a single non-transactional write elsewhere. */
export async function writeAudit(actor: AuditActor, change: AuditChange): Promise<void> {
  await db().send(new PutCommand({ TableName: config.auditTableName, Item: auditRecord(actor, change) }));
}
