import {
  CreateTableCommand,
  DescribeTableCommand,
  UpdateTableCommand,
  DescribeTimeToLiveCommand,
  ResourceInUseException,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { sortKeyType, type TableDesign } from '#lib/table-design.ts';

/** Creates a table from infra/table-design.ts the way the CDK data stack declares it, if it is missing. */
export async function ensureTable(client: DynamoDBClient, tableName: string, design: TableDesign): Promise<'created' | 'exists'> {
  const keyNames = new Map<string, 'S' | 'N'>([[design.partitionKey, 'S'], [design.sortKey, 'S']]);
  for (const index of design.indexes) keyNames.set(index.partitionKey, 'S').set(index.sortKey, sortKeyType(index));
  try {
    await client.send(new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [...keyNames].map(([name, type]) => ({ AttributeName: name, AttributeType: type })),
      KeySchema: [
        { AttributeName: design.partitionKey, KeyType: 'HASH' },
        { AttributeName: design.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: design.indexes.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    }));
  } catch (error) {
    if (!(error instanceof ResourceInUseException)) throw error;
    // A table from an earlier run: still make sure TTL is on, and add the indexes it lacks (the drive
    // search's came later; entries written before them are not in them until written again).
    await enableTtl(client, tableName, design.timeToLiveAttribute);
    await addMissingIndexes(client, tableName, design);
    return 'exists';
  }
  await waitUntilTableExists({ client, maxWaitTime: 30, minDelay: 1, maxDelay: 1 }, { TableName: tableName });
  await enableTtl(client, tableName, design.timeToLiveAttribute);
  return 'created';
}

async function enableTtl(client: DynamoDBClient, tableName: string, attribute: string): Promise<void> {
  const current = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
  if (current.TimeToLiveDescription?.TimeToLiveStatus === 'ENABLED') return;
  await client.send(new UpdateTimeToLiveCommand({
    TableName: tableName,
    TimeToLiveSpecification: { Enabled: true, AttributeName: attribute },
  }));
}

async function addMissingIndexes(client: DynamoDBClient, tableName: string, design: TableDesign): Promise<void> {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
  const present = new Set((Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
  for (const index of design.indexes) {
    if (present.has(index.name)) continue;
    await client.send(new UpdateTableCommand({
      TableName: tableName,
      AttributeDefinitions: [
        { AttributeName: index.partitionKey, AttributeType: 'S' },
        { AttributeName: index.sortKey, AttributeType: sortKeyType(index) },
      ],
      GlobalSecondaryIndexUpdates: [{
        Create: {
          IndexName: index.name,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      }],
    }));
  }
}
