import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, BatchWriteCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException, ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import { batchGet, batchWrite } from './batch.ts';
import { RETRY_ATTEMPTS } from './retry.ts';
import { isLostRace, TransactionFailed, transactWrite, type LabelledItem } from './transact.ts';
import { versionedUpdate, versionedUpdateItem } from './versioned.ts';
import { cancelled, faultClient } from './fault-client.ts';


const put = (label: string): LabelledItem => ({ label, Put: { TableName: 't', Item: { pk: label, sk: 'x' } } });

describe('the data toolkit', () => {
  const dynamo = faultClient();

  describe('transactWrite', () => {
    it('sends the actions without their labels', async () => {
      dynamo.on(TransactWriteCommand).resolves({});
      await transactWrite([put('a'), put('b')]);
      expect(dynamo.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems).toEqual([
        { Put: { TableName: 't', Item: { pk: 'a', sk: 'x' } } },
        { Put: { TableName: 't', Item: { pk: 'b', sk: 'x' } } },
      ]);
    });

    it('explains a refused condition by label and never retries it', async () => {
      dynamo.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed', 'TransactionConflict'));
      const failure = await transactWrite([put('user'), put('nameClaim'), put('counter')]).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(TransactionFailed);
      expect((failure as TransactionFailed).failed('nameClaim')).toBe(true);
      expect((failure as TransactionFailed).failed('user')).toBe(false);
      expect((failure as TransactionFailed).failed()).toBe(true);
      expect((failure as TransactionFailed).reasons).toEqual({ nameClaim: 'ConditionalCheckFailed', counter: 'TransactionConflict' });
      expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1);
    });

    it('retries a transaction that only lost races or was throttled, then succeeds', async () => {
      dynamo.on(TransactWriteCommand)
        .rejectsOnce(cancelled('None', 'TransactionConflict'))
        .rejectsOnce(cancelled('ThrottlingError', 'None'))
        .rejectsOnce(new ProvisionedThroughputExceededException({ message: 'slow down', $metadata: {} }))
        .resolves({});
      await transactWrite([put('a'), put('b')]);
      expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(4);
    });

    it(`gives up after ${RETRY_ATTEMPTS} attempts and rethrows the lost race as DynamoDB answered it`, async () => {
      dynamo.on(TransactWriteCommand).rejects(cancelled('TransactionConflict', 'None'));
      const failure = await transactWrite([put('a'), put('b')]).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(TransactionCanceledException);
      expect(isLostRace(failure)).toBe(true);
      expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(RETRY_ATTEMPTS);
    });

    it('passes other faults on at once', async () => {
      dynamo.on(TransactWriteCommand).rejects(cancelled('ValidationError', 'None'));
      const failure = await transactWrite([put('a'), put('b')]).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(TransactionCanceledException);
      expect(isLostRace(failure)).toBe(false);
      expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1);
    });

    it('refuses two actions with one label', async () => {
      await expect(transactWrite([put('a'), put('a')])).rejects.toThrow('Duplicate transaction labels');
      expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
    });
  });

  describe('batchGet and batchWrite', () => {
    it('reads each key once, 100 a call, and asks again for unprocessed keys', async () => {
      const keys = Array.from({ length: 150 }, (_, i) => ({ pk: `p${i}`, sk: 'x' }));
      let first = true;
      dynamo.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: { pk: string }[] }> }) => {
        const asked = input.RequestItems['fault-table']!.Keys;
        if (first) {
          first = false;
          return { Responses: { 'fault-table': asked.slice(0, 60) }, UnprocessedKeys: { 'fault-table': { Keys: asked.slice(60) } } };
        }
        return { Responses: { 'fault-table': asked } };
      });
      const items = await batchGet([...keys, ...keys.slice(0, 10)]);
      expect(items.map((item) => item.pk).sort()).toEqual(keys.map((key) => key.pk).sort());
      const calls = dynamo.commandCalls(BatchGetCommand).map((call) => call.args[0].input.RequestItems!['fault-table']!.Keys!.length);
      expect(calls).toEqual([100, 40, 50]);
    });

    it('writes 25 a call and sends unprocessed requests again', async () => {
      const requests = Array.from({ length: 30 }, (_, i) => ({ DeleteRequest: { Key: { pk: `p${i}`, sk: 'x' } } }));
      dynamo.on(BatchWriteCommand)
        .resolvesOnce({ UnprocessedItems: { 'fault-table': requests.slice(20, 25) } })
        .resolves({});
      await batchWrite(requests);
      expect(dynamo.commandCalls(BatchWriteCommand).map((call) => call.args[0].input.RequestItems!['fault-table']!.length)).toEqual([25, 5, 5]);
    });
  });

  describe('versioned update', () => {
    it('sets the fields, moves row_version on, conditional on the version read', async () => {
      dynamo.on(UpdateCommand).resolves({ Attributes: { pk: 'p', row_version: 4, name: 'new' } });
      expect(await versionedUpdate({ key: { pk: 'p', sk: 's' }, expectedVersion: 3, set: { name: 'new' }, remove: ['old'] })).toEqual({ pk: 'p', row_version: 4, name: 'new' });
      expect(dynamo.commandCalls(UpdateCommand)[0]!.args[0].input).toMatchObject({
        UpdateExpression: 'SET #s0 = :s0, row_version = :next REMOVE #r0',
        ConditionExpression: 'attribute_exists(pk) AND row_version = :expected',
        ExpressionAttributeNames: { '#s0': 'name', '#r0': 'old' },
        ExpressionAttributeValues: { ':s0': 'new', ':expected': 3, ':next': 4 },
      });
    });

    it('answers -201 when someone else saved first', async () => {
      dynamo.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'no', $metadata: {} }));
      const failure = await versionedUpdate({ key: { pk: 'p', sk: 's' }, expectedVersion: 3, set: { name: 'new' } }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(DomainError);
      expect((failure as DomainError).codeName).toBe('editedByAnotherUser');
    });

    it('inside a transaction, a lost race is explained by its label', async () => {
      dynamo.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
      const failure = await transactWrite([versionedUpdateItem('user', { key: { pk: 'p', sk: 's' }, expectedVersion: 1, set: { a: 1 } }), put('audit')]).catch((error: unknown) => error);
      expect((failure as TransactionFailed).failed('user')).toBe(true);
    });
  });
});
