import { mkdirSync } from 'node:fs';
import { auditTable, functionEnv, mainTable } from '#lib/table-design.ts';
import { resetClients } from '#lib/clients.ts';
import { startDynamoDbLocal, localDynamoClient } from './dynamodb-local.ts';
import { dataLayout, findRunningStack, localNames } from './settings.ts';
import { ensureTable } from './tables.ts';
import { loadOrCreateDynamoDbKey } from './token-secret.ts';

/** Where the work went: the running stack's DynamoDB, or one started just for this call. */
export type LocalTarget = { kind: 'running'; url: string } | { kind: 'started' };

/**
 * Runs `work` with the function environment pointed at the local table of `dataDir`: through the
 * stack running there (found by its stack.json), or else through a DynamoDB Local started on the
 * same files for the duration (two JVMs must never open the same database file).
 */
export async function withLocalTable<T>(dataDir: string, work: (target: LocalTarget) => Promise<T>): Promise<T> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  // The key of this data directory's DynamoDB Local: a running stack uses the same file.
  mkdirSync(dataDir, { recursive: true });
  const accessKey = loadOrCreateDynamoDbKey(dataLayout(dataDir).dynamodbKey).key;
  const pointAt = (endpoint: string, region: string, tableName: string, auditTableName: string) => {
    Object.assign(process.env, {
      [functionEnv.dynamodbEndpoint]: endpoint,
      [functionEnv.dynamodbAccessKey]: accessKey,
      [functionEnv.tableName]: tableName,
      [functionEnv.auditTableName]: auditTableName,
      AWS_REGION: region,
    });
    resetClients();
  };

  const running = findRunningStack(dataDir);
  if (running) {
    pointAt(running.endpoints.dynamodb, running.region, running.tableName, running.auditTableName);
    return work({ kind: 'running', url: running.url });
  }

  const dynamodb = await startDynamoDbLocal({ dir: dataLayout(dataDir).dynamodb, accessKey, region: localNames.region });
  try {
    const client = localDynamoClient(dynamodb.endpoint, localNames.region, accessKey);
    try {
      await ensureTable(client, localNames.tableName, mainTable);
      await ensureTable(client, localNames.auditTableName, auditTable);
    } finally {
      client.destroy();
    }
    pointAt(dynamodb.endpoint, localNames.region, localNames.tableName, localNames.auditTableName);
    return await work({ kind: 'started' });
  } finally {
    resetClients();
    await dynamodb.stop();
  }
}
