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

/** The field that names each type of item in its before and after (what the screens call its name). */
const NAME_FIELDS: Readonly<Record<string, readonly string[]>> = {
  user: ['user_nm'],
  user_group: ['user_group_nm'],
  corp: ['corp_nm'],
  tag: ['name'],
  folder: ['name'],
  file: ['item_name', 'name'],
  property_item: ['name'],
  import: ['name'],
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The item's name as the change records it: the type's name field of the after (a rename's new
 * name), else of the before (a deletion's). Null when the change holds none (the caller then has
 * only the id; the log resolves the current name on read).
 */
export function auditTargetName(change: Pick<AuditChange, 'targetType' | 'before' | 'after'>): string | null {
  for (const field of NAME_FIELDS[change.targetType] ?? []) {
    for (const side of [change.after, change.before]) {
      const value = isRecord(side) ? side[field] : undefined;
      if (typeof value === 'string' && value.trim() !== '') return value;
    }
  }
  return null;
}

export function auditRecord(actor: AuditActor, change: AuditChange, at = new Date()): Record<string, unknown> {
  const iso = at.toISOString();
  const targetName = auditTargetName(change);
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
    // The name at the time, so a deleted item keeps it; no caller has to give it.
    ...(targetName !== null ? { target_nm: targetName } : {}),
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
