import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '#lib/clients.ts';

/** The audit records of one target (the audit table's gsi2: `T#<kyk>#AUDIT#ITEM#<type>#<id>`), oldest first. */
export async function auditOfTarget(kykId: string, targetType: string, targetId: string): Promise<Record<string, unknown>[]> {
  const { Items = [] } = await db().send(new QueryCommand({
    TableName: process.env.AUDIT_TABLE_NAME,
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': `T#${kykId}#AUDIT#ITEM#${targetType}#${targetId}` },
  }));
  return Items;
}
