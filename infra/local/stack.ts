import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { objectLockEnvironment, objectLockSettings } from '#lib/object-lock.ts';
import { auditTable, functionEnv, mainTable } from '#lib/table-design.ts';
import { resetClients } from '#lib/clients.ts';
import { resetTokenSecret } from '#lib/token-secret.ts';
import { startAdapter, type Adapter } from './adapter.ts';
import { demoAccount, demoPassword, seedDemoTenant } from './demo-tenant.ts';
import { localDynamoClient, startDynamoDbLocal } from './dynamodb-local.ts';
import { tcpBackend, type S3Backend } from './s3-front.ts';
import { startS3Local } from './s3-local.ts';
import { startSesLocal } from './ses-local.ts';
import { listenOnKeptPort } from './ports.ts';
import { startSmtpLocal, type SmtpLocal } from './smtp-local.ts';
import { dataLayout, findRunningStack, localNames, removeStackFile, resolveDataDir, writeStackFile } from './settings.ts';
import { ensureTable } from './tables.ts';
import { loadOrCreateDynamoDbKey, loadOrCreateS3Credentials, loadOrCreateTokenSecret } from './token-secret.ts';

export interface LocalStack {
  url: string;
  dataDir: string;
  tableName: string;
  auditTableName: string;
  bucketName: string;
  /** Raw mail, as SES's S3 action (or the SMTP stand-in) writes it; its events run the intake function only. */
  intakeBucketName: string;
  endpoints: { dynamodb: string; s3: string; ses: string; mailViewer: string };
  /** The SMTP stand-in of SES receiving, when started (options.smtp). */
  mailIn: { host: string; port: number; domain: string } | undefined;
  /** What runs behind the S3 front. */
  s3: LocalS3;
  functionEnv: Record<string, string>;
  /** The seeded demo sign-in; undefined when seeding was turned off. */
  demo: { kykId: string; userId: string; password: string } | undefined;
  stop(): Promise<void>;
}

export interface LocalStackOptions {
  /** Port of the app (SPA + /api); 0 = any free port. Default: PORT or 3000. */
  port?: number;
  /** Default: DATA_DIR or `.local/`. */
  dataDir?: string;
  /** DynamoDB Local without files (tests); S3 objects still go under dataDir. */
  inMemory?: boolean;
  /** The built SPA. Default: web/dist. */
  webDir?: string;
  /** Default true. */
  seedDemo?: boolean;
  /** Default: DEMO_ADMIN_PASSWORD or the documented default. */
  demoPassword?: string;
  /**
   * The S3 stand-in behind the S3 front. Default: LOCAL_S3, else `s3rver` (objects under dataDir).
   * `moto`: moto_server on loopback, in memory, with the files bucket as CDK defines it (versioning,
   * Object Lock) and the functions locking as the `test` environment does (GOVERNANCE, at most a day;
   * OBJECT_LOCK_MODE and OBJECT_LOCK_MAX_RETENTION_DAYS override it).
   */
  s3?: LocalS3;
  /**
   * The SMTP stand-in of SES receiving (smtp-local.ts) on 127.0.0.1. Default off; `npm start` runs
   * it. Its port: `port`, else SMTP_PORT, else the one kept in the data directory. `maxMessageBytes`
   * (default 48 MiB) lets a test show the size refusal with a small message.
   */
  smtp?: boolean | { port?: number; maxMessageBytes?: number };
  log?: (line: string) => void;
}

/** SMTP_PORT when set (a port number), else undefined. */
const smtpPortSetting = (): number | undefined => {
  const value = process.env.SMTP_PORT;
  if (value === undefined || value === '') return undefined;
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) throw new Error(`SMTP_PORT must be a port number (0-65535), not "${value}"`);
  return Number(value);
};

export const localS3Kinds = ['s3rver', 'moto'] as const;
export type LocalS3 = (typeof localS3Kinds)[number];

const localS3Of = (value: string | undefined): LocalS3 => {
  if (value === undefined || value === '') return 's3rver';
  if ((localS3Kinds as readonly string[]).includes(value)) return value as LocalS3;
  throw new Error(`LOCAL_S3 must be one of ${localS3Kinds.join(', ')}, not "${value}"`);
};

/**
 * moto_server with the files bucket made from the synthesized storage stack (the `test` environment's:
 * the bucket is the same in every environment but its encryption). The CDK modules load only here.
 */
async function startMotoBackend(dataDir: string, bucketName: string, intakeBucketName: string, region: string, log: (line: string) => void): Promise<S3Backend> {
  const [{ startMotoServer }, { createFilesBucket, filesBucketProperties }] = await Promise.all([import('./moto-server.ts'), import('./moto-bucket.ts')]);
  const [moto, properties] = await Promise.all([startMotoServer({ log }), Promise.resolve().then(() => filesBucketProperties('test', join(dataDir, 'moto-cdk.out')))]);
  const client = new S3Client({ endpoint: moto.endpoint, forcePathStyle: true, region, credentials: { accessKeyId: 'moto', secretAccessKey: 'moto' } });
  try {
    await createFilesBucket(client, bucketName, region, properties);
    // The intake bucket has neither versioning nor Object Lock (raw mail expires after 7 days in AWS).
    await client.send(new CreateBucketCommand({ Bucket: intakeBucketName, ...(region === 'us-east-1' ? {} : { CreateBucketConfiguration: { LocationConstraint: region as 'ap-northeast-1' } }) }));
  } catch (error) {
    await moto.stop();
    throw error;
  } finally {
    client.destroy();
  }
  const { hostname, port } = new URL(moto.endpoint);
  return tcpBackend(hostname, Number(port), () => moto.stop());
}

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const defaultWebDir = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** The handlers run in this process and read process.env: two stacks in one process would share it. */
let running: string | undefined;

type Stoppable = { stop(): Promise<void> } | Adapter;
const stopAll = async (parts: (Stoppable | undefined)[]): Promise<void> => {
  await Promise.allSettled(parts.map((part) => part && ('close' in part ? part.close() : part.stop())));
};

/** Points the in-process handlers at the stand-ins; returns a function that restores the previous values. */
function applyEnvironment(env: Record<string, string>): () => void {
  const previous = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  resetClients();
  resetTokenSecret();
  return () => {
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetClients();
    resetTokenSecret();
  };
}

export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const log = options.log ?? ((line: string) => console.log(line));
  // Before the first SDK client is built, or it prints its Node-version notice.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const dataDir = resolveDataDir(options.dataDir);
  const layout = dataLayout(dataDir);
  if (running) throw new Error(`A local stack already runs in this process (on ${running}): stop it first, or start the other one in its own process`);
  const other = findRunningStack(dataDir);
  if (other && other.pid !== process.pid) throw new Error(`A local stack already runs on ${dataDir} (pid ${other.pid}, ${other.url}): stop it or set DATA_DIR to another directory`);
  running = dataDir;

  let adapter: Adapter | undefined;
  let restoreEnvironment: (() => void) | undefined;
  const standIns: { stop(): Promise<void> }[] = [];
  try {
    mkdirSync(dataDir, { recursive: true });
    const region = localNames.region;
    let markReady!: () => void;
    const ready = new Promise<void>((resolve) => (markReady = resolve));
    let fileOriginsKnown!: (origins: readonly string[]) => void;
    const fileOrigins = new Promise<readonly string[]>((resolve) => (fileOriginsKnown = resolve));
    // The app port first: a busy port fails in milliseconds, before any JVM starts.
    adapter = await startAdapter({ port: options.port ?? Number(process.env.PORT ?? 3000), webDir: options.webDir ?? defaultWebDir, ready, fileOrigins, log });

    const s3Credentials = loadOrCreateS3Credentials(layout.s3Credentials);
    const s3Kind = options.s3 ?? localS3Of(process.env.LOCAL_S3);
    // The bucket's CORS rule allows the app's origin, as webOrigins in AWS (127.0.0.1 or localhost in the address bar).
    const appPort = new URL(adapter.url).port;
    const webOrigins = [adapter.url, `http://localhost:${appPort}`];
    const track = <T extends { stop(): Promise<void> }>(starting: Promise<T>) =>
      starting.then((part) => {
        standIns.push(part);
        return part;
      });
    const starting = [
      track(startDynamoDbLocal({ dir: layout.dynamodb, accessKey: loadOrCreateDynamoDbKey(layout.dynamodbKey).key, inMemory: options.inMemory, region, log })),
      track((s3Kind === 'moto' ? startMotoBackend(dataDir, localNames.bucketName, localNames.intakeBucketName, region, log) : Promise.resolve(undefined)).then((backend) =>
        startS3Local({ dir: layout.s3, socketDir: layout.s3Socket, bucketName: localNames.bucketName, intakeBucketName: localNames.intakeBucketName, region, credentials: s3Credentials, webOrigins, log, ...(backend ? { backend } : {}) }))).then((s3) => {
        // The browser PUTs and GETs presigned URLs at the S3 front: the CSP's connect-src names it.
        fileOriginsKnown([s3.endpoint]);
        return s3;
      }),
      track(startSesLocal()),
    ] as const;
    // Settle all before failing, so a stand-in that comes up after another failed is stopped too.
    await Promise.allSettled(starting);
    const [dynamodb, s3, ses] = await Promise.all(starting);
    const mailIntakeDomain = process.env[functionEnv.mailIntakeDomain] || localNames.mailIntakeDomain;

    const env: Record<string, string> = {
      [functionEnv.tableName]: localNames.tableName,
      [functionEnv.auditTableName]: localNames.auditTableName,
      [functionEnv.bucketName]: localNames.bucketName,
      [functionEnv.intakeBucketName]: localNames.intakeBucketName,
      [functionEnv.mailIntakeDomain]: mailIntakeDomain,
      [functionEnv.mailFrom]: process.env[functionEnv.mailFrom] || localNames.mailFrom,
      [functionEnv.tokenSecret]: loadOrCreateTokenSecret(layout.tokenSecret),
      [functionEnv.samlKeyDir]: layout.samlKeys,
      [functionEnv.sessionIdleMinutes]: process.env[functionEnv.sessionIdleMinutes] || '60',
      ...(process.env[functionEnv.moduleUrls] ? { [functionEnv.moduleUrls]: process.env[functionEnv.moduleUrls]! } : {}),
      [functionEnv.dynamodbEndpoint]: dynamodb.endpoint,
      [functionEnv.dynamodbAccessKey]: dynamodb.accessKey,
      [functionEnv.s3Endpoint]: s3.endpoint,
      [functionEnv.s3AccessKeyId]: s3Credentials.accessKeyId,
      [functionEnv.s3SecretAccessKey]: s3Credentials.secretAccessKey,
      [functionEnv.sesEndpoint]: ses.endpoint,
      // Links in mails (invitations) point at this stack's own page.
      [functionEnv.appUrl]: process.env[functionEnv.appUrl] || adapter.url,
      // moto has Object Lock: lock as the test environment does (s3rver has none: nothing is locked).
      ...(s3Kind === 'moto' ? objectLockEnvironment(objectLockSettings() ?? { mode: 'GOVERNANCE', maxRetentionDays: 1 }) : {}),
      AWS_REGION: region,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    };
    restoreEnvironment = applyEnvironment(env);

    const client = localDynamoClient(dynamodb.endpoint, region, dynamodb.accessKey);
    try {
      await Promise.all([
        ensureTable(client, localNames.tableName, mainTable),
        ensureTable(client, localNames.auditTableName, auditTable),
      ]);
    } finally {
      client.destroy();
    }

    let demo: LocalStack['demo'];
    if (options.seedDemo ?? true) {
      const password = demoPassword(options.demoPassword);
      if ((await seedDemoTenant(password)) === 'created') log(`Seeded the demo contract "${demoAccount.kykId}"`);
      demo = { kykId: demoAccount.kykId, userId: demoAccount.userId, password };
    }

    // Last, once the table is there and the functions have their environment: the mail it takes
    // runs the intake function at once (through the S3 front, into the intake bucket).
    let smtp: SmtpLocal | undefined;
    if (options.smtp) {
      const settings = options.smtp === true ? {} : options.smtp;
      const start = (port: number) => startSmtpLocal({
        port, domain: mailIntakeDomain, bucketName: localNames.intakeBucketName, log,
        s3: { endpoint: s3.endpoint, region, credentials: s3Credentials },
        ...(settings.maxMessageBytes !== undefined ? { maxMessageBytes: settings.maxMessageBytes } : {}),
      }).then((started) => {
        smtp = started;
        standIns.push(started);
        return started.port;
      });
      const port = settings.port ?? smtpPortSetting();
      if (port !== undefined) {
        await start(port).catch((error: NodeJS.ErrnoException) => {
          throw error.code === 'EADDRINUSE' ? new Error(`SMTP port ${port} is in use: set SMTP_PORT=<another port> (or unset it)`) : error;
        });
      } else {
        await listenOnKeptPort(layout.smtpPort, start, log);
      }
    }

    const endpoints = { dynamodb: dynamodb.endpoint, s3: s3.endpoint, ses: ses.endpoint, mailViewer: ses.mailViewer };
    const names = { tableName: localNames.tableName, auditTableName: localNames.auditTableName, bucketName: localNames.bucketName, intakeBucketName: localNames.intakeBucketName };
    const mailIn = smtp ? { host: smtp.host, port: smtp.port, domain: smtp.domain } : undefined;
    writeStackFile(dataDir, { pid: process.pid, url: adapter.url, dataDir, region, ...names, endpoints, ...(mailIn ? { mailIn } : {}), startedAt: new Date().toISOString() });
    markReady();

    const app = adapter;
    let stopped: Promise<void> | undefined;
    return {
      url: adapter.url,
      dataDir,
      ...names,
      endpoints,
      mailIn,
      s3: s3Kind,
      functionEnv: env,
      demo,
      stop: () =>
        (stopped ??= (async () => {
          removeStackFile(dataDir);
          // The app port and the SMTP port first (no new work; a message being received is stored),
          // then S3 (drains storage and intake events) before DynamoDB goes.
          await Promise.all([app.close(), smtp?.stop()]);
          await s3.stop();
          await stopAll([dynamodb, ses]);
          restoreEnvironment?.();
          running = undefined;
        })()),
    };
  } catch (error) {
    await stopAll([adapter, ...standIns]);
    restoreEnvironment?.();
    running = undefined;
    throw error;
  }
}
