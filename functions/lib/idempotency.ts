import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { IDEMPOTENCY_HEADER } from '#shared/envelope.ts';
import type { RoutePath } from '#shared/routes.ts';
import type { OperationContext } from './api-handler.ts';
import { canonicalJson } from './canonical-json.ts';
import { db } from './clients.ts';
import { config } from './config.ts';
import { tenantPrefix, type Keys } from './data/table.ts';
import { DomainError, InputError } from './errors.ts';
import { mainTable } from './table-design.ts';
import { derivedSecret } from './token-secret.ts';

/**
 * Calls a retrying client may send twice (an upload's completion, a link's creation, a job's start)
 * run once per Idempotency-Key (docs/architecture.md "Idempotency"), with Powertools' idempotency
 * utility: the first call's answer is kept 24 h and answered to every repeat, so nothing is made
 * twice. A record is scoped to contract and user (the key is contract + user + header), lives in the
 * user's own idempotency partition of the one table (never Powertools' default partition per
 * function), and is removed by the table's TTL.
 *
 * What a record holds is no secret: the key and the request are HMACs under a derived key (a share
 * link's password is in its request), and the answer is sealed with AES-256-GCM (a link's URL, shown
 * once, carries its secret, of which the table otherwise keeps only the hash).
 */

export const IDEMPOTENCY_RECORD_SECONDS = 24 * 60 * 60;
/** An unfinished call holds its key this long (API Gateway ends an integration at 30 s; the functions stop at 25 s). */
const IN_PROGRESS_MS = 30_000;
/** Powertools' key prefix: the record's sort key is `KEY#<hash>`. */
const KEY_PREFIX = 'KEY';

/** A user's idempotency records: one partition per user, so no tenant-wide key takes every upload's completion. */
export const idempotencyPartition = (kykId: string, userId: string): string => `${tenantPrefix(kykId)}#IDEMPOTENCY#${userId}`;
/** The key of one record, as Powertools writes it (`<prefix>#<hash of the key material>`). */
export const idempotencyRecordKey = (kykId: string, userId: string, hash: string): Keys => ({ pk: idempotencyPartition(kykId, userId), sk: `${KEY_PREFIX}#${hash}` });

let keyMaterial: Promise<Buffer> | undefined;
const secretKey = (): Promise<Buffer> => (keyMaterial ??= derivedSecret('idempotency records').then((secret) => Buffer.from(secret, 'base64url')));
const mac = async (value: unknown): Promise<string> => createHmac('sha256', await secretKey()).update(canonicalJson(value)).digest('base64url');

async function seal(value: unknown): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await secretKey(), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value ?? null), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

async function unseal(sealed: string): Promise<unknown> {
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', await secretKey(), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8'));
}

/**
 * Runs `operation` once per Idempotency-Key of the caller: a repeat answers the first answer's data;
 * the same key with another request (another body, or another call) answers -4 on `idempotency-key`;
 * a repeat while the first still runs answers -202 "still being processed". Without the header (older
 * clients) the operation just runs. A refusal is not kept: the operation's error frees the key.
 * The operation must answer plain JSON data (not a Reply).
 */
export async function idempotent<P extends RoutePath, R>(
  context: Pick<OperationContext<P>, 'path' | 'input' | 'caller' | 'idempotencyKey'>,
  operation: () => Promise<R>,
): Promise<R> {
  const { caller, idempotencyKey } = context;
  if (!idempotencyKey || !caller) return operation();
  // Loaded on the first call that carries a key, so a group's cold start does not pay for it.
  const powertools = await import('./idempotency-library.ts');
  const { DynamoDBPersistenceLayer } = powertools;
  const persistenceStore = new DynamoDBPersistenceLayer({
    tableName: config.tableName,
    keyAttr: mainTable.partitionKey,
    sortKeyAttr: mainTable.sortKey,
    staticPkValue: idempotencyPartition(caller.kykId, caller.userId),
    expiryAttr: mainTable.timeToLiveAttribute,
    // The document client's stack sends the plain commands Powertools builds (one client per instance).
    awsSdkV3Client: db() as unknown as DynamoDBClient,
  });
  const idempotencyConfig = new powertools.IdempotencyConfig({
    eventKeyJmesPath: 'key',
    payloadValidationJmesPath: 'request',
    expiresAfterSeconds: IDEMPOTENCY_RECORD_SECONDS,
    hashFunction: 'sha256',
    throwOnNoIdempotencyKey: true,
  });
  idempotencyConfig.registerLambdaContext({ getRemainingTimeInMillis: () => IN_PROGRESS_MS } as Parameters<typeof idempotencyConfig.registerLambdaContext>[0]);
  const material = {
    key: await mac([caller.kykId, caller.userId, idempotencyKey]),
    request: await mac([context.path, context.input]),
  };
  const once = powertools.makeIdempotent(async (_material: typeof material) => seal(await operation()), { persistenceStore, config: idempotencyConfig, keyPrefix: KEY_PREFIX });
  let sealed: string;
  try {
    sealed = await once(material);
  } catch (error) {
    if (error instanceof powertools.IdempotencyValidationError) throw new InputError({ [IDEMPOTENCY_HEADER]: 'validation.idempotencyKeyReused' });
    if (error instanceof powertools.IdempotencyAlreadyInProgressError) throw new DomainError('updateFailure', {}, {}, 'notice.requestInProgress');
    throw error;
  }
  return (await unseal(sealed)) as R;
}
