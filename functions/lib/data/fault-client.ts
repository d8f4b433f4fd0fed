import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { resetClients } from '../clients.ts';

/**
 * For unit tests of faults DynamoDB Local never produces (it serialises transactions and never
 * throttles): the document client mocked for the enclosing describe block, reset before each test,
 * restored after, with table names that point nowhere.
 */
export function faultClient() {
  const dynamo = mockClient(DynamoDBDocumentClient);
  beforeAll(() => {
    Object.assign(process.env, { TABLE_NAME: 'fault-table', AUDIT_TABLE_NAME: 'fault-audit', LOG_LEVEL: 'silent' });
    resetClients();
  });
  beforeEach(() => dynamo.reset());
  afterAll(() => {
    dynamo.restore();
    resetClients();
  });
  return dynamo;
}

/** A cancelled transaction with these reasons, in the order of its actions. */
export const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({ message: `Transaction cancelled [${codes.join(', ')}]`, $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })) });
