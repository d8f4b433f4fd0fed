import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { AuditActor } from '#lib/audit.ts';
import { DomainError } from '#lib/errors.ts';
import { saveIpEntry } from '#data/ip-entries.ts';
import { cancelled, faultClient } from '#lib/data/fault-client.ts';


const actor: AuditActor = { kykId: 'demo', userId: 'admin', userName: 'Admin', requestId: 'r1', sourceIp: '192.0.2.1' };

describe('saving an IP allow-list entry', () => {
  const dynamo = faultClient();

  it('answers -201 when it lost to a concurrent save of the same entry (condition or transaction conflict)', async () => {
    for (const error of [cancelled('TransactionConflict', 'None'), cancelled('ConditionalCheckFailed', 'None'), cancelled('None', 'ConditionalCheckFailed', 'None')]) {
      dynamo.reset();
      dynamo.on(TransactWriteCommand).rejects(error);
      const failure = await saveIpEntry(actor, '0', ['192.0.2.0/24'], undefined).catch((caught: unknown) => caught);
      expect(failure).toBeInstanceOf(DomainError);
      expect((failure as DomainError).codeName).toBe('editedByAnotherUser');
    }
  });

  it('passes other faults on (the envelope answers -1)', async () => {
    dynamo.on(TransactWriteCommand).rejectsOnce(cancelled('ValidationError', 'None'));
    await expect(saveIpEntry(actor, '0', ['192.0.2.0/24'], undefined)).rejects.toBeInstanceOf(TransactionCanceledException);
  });

  it('writes the entry, the checks and the audit record in one transaction, and nothing for an absent entry saved empty', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    const check = { ConditionCheck: { TableName: 'fault-table', Key: { pk: 'T#demo', sk: 'IPPOLICY#g' }, ConditionExpression: 'attribute_not_exists(pk)' } };
    const saved = await saveIpEntry(actor, '0', ['192.0.2.0/24'], undefined, [{ label: 'groupEntryUnchanged', ...check }]);
    expect(saved).toMatchObject({ user_group_id: '0', cidrs: ['192.0.2.0/24'], row_version: 1 });
    const items = dynamo.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(items).toHaveLength(3);
    expect(items[0]!.Put).toMatchObject({ TableName: 'fault-table', ConditionExpression: 'attribute_not_exists(pk)', Item: { pk: 'T#demo', sk: 'IPPOLICY#0' } });
    expect(items[1]).toEqual(check);
    expect(items[2]!.Put).toMatchObject({ TableName: 'fault-audit', Item: { action: 'security.ip_policy.save', target_id: '0' } });
    expect(await saveIpEntry(actor, '0', [], undefined)).toBeUndefined();
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });
});
