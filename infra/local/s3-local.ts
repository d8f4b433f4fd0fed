import { randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3Event, S3EventRecord, ScheduledEvent } from 'aws-lambda';
import S3rver from 's3rver';
import { filesBucketCors } from '#lib/table-design.ts';
import { functionModule } from './function-modules.ts';
import { lambdaContext } from './lambda-context.ts';
import { startS3Front, type MultipartStore, type ObjectWrite, type S3Backend, type S3Credentials, type S3Front, type StoredPart } from './s3-front.ts';

/**
 * The local S3: the signature-checking front (s3-front.ts) on loopback, the only door to the
 * backend behind it (s3rver by default); the writes the front accepts run the background functions.
 */
export interface S3Local {
  endpoint: string;
  stop(): Promise<void>;
}

type BackgroundHandler = (event: S3Event | ScheduledEvent, context: unknown) => Promise<unknown>;
/** A function's module: its handler and, for one that keeps worker threads (extraction's OCR), what ends them. */
interface BackgroundModule {
  handler: BackgroundHandler;
  shutdown?: () => Promise<void>;
}

/** Where s3rver's filesystem store keeps a bucket's unfinished uploads (node_modules/s3rver/lib/stores/filesystem.js). */
const uploadDir = (dir: string, bucket: string, uploadId: string): string | undefined =>
  // s3rver's upload ids are 16 random bytes in hex: anything else is no upload (and no path outside the store).
  /^[0-9a-f]{32}$/.test(uploadId) && !bucket.includes('/') && !bucket.startsWith('.') ? join(dir, bucket, '._S3rver_uploads', uploadId) : undefined;

/** ListParts and AbortMultipartUpload over s3rver's stored parts (s3rver answers both 405). */
const s3rverUploads = (dir: string): MultipartStore => {
  const uploadOf = async (bucket: string, key: string, uploadId: string): Promise<string | undefined> => {
    const path = uploadDir(dir, bucket, uploadId);
    if (!path) return undefined;
    const storedKey = await readFile(join(path, 'key'), 'utf8').catch(() => undefined);
    return storedKey === key ? path : undefined;
  };
  return {
    listParts: async (bucket, key, uploadId) => {
      const path = await uploadOf(bucket, key, uploadId);
      if (!path) return undefined;
      const numbers = (await readdir(path)).filter((name) => /^\d+$/.test(name)).map(Number).sort((a, b) => a - b);
      const parts = await Promise.all(numbers.map(async (partNumber): Promise<StoredPart | undefined> => {
        try {
          const [info, md5] = await Promise.all([stat(join(path, String(partNumber))), readFile(join(path, `${partNumber}.md5`), 'utf8')]);
          return { partNumber, eTag: md5.trim(), size: info.size, lastModified: info.mtime };
        } catch {
          return undefined; // a part still being written has no .md5 yet
        }
      }));
      return parts.filter((part) => part !== undefined);
    },
    abort: async (bucket, key, uploadId) => {
      const path = await uploadOf(bucket, key, uploadId);
      if (!path) return false;
      await rm(path, { recursive: true, force: true });
      return true;
    },
  };
};

/** A unix socket path must fit sockaddr_un (108 bytes on Linux). */
const SOCKET_PATH_MAX = 100;

/**
 * s3rver behind the front. It listens on a unix socket in a directory only the owner may enter,
 * never on TCP: nothing that skips the front's checks is reachable from the network or by another
 * user. A socket rather than its Koa callback in-process: the front then forwards to s3rver and to
 * moto (TCP) with the same streaming HTTP client, and reads s3rver's answer as a real response.
 * A data directory too deep for a socket path gets a private temporary directory instead.
 */
export async function startS3rverBackend(options: { dir: string; socketDir: string; bucketName: string; intakeBucketName?: string; log: (line: string) => void }): Promise<S3Backend> {
  mkdirSync(options.dir, { recursive: true });
  const inDataDir = join(options.socketDir, 's3rver.sock');
  const socketDir = Buffer.byteLength(inDataDir) <= SOCKET_PATH_MAX ? options.socketDir : await mkdtemp(join(tmpdir(), 'com-drive-s3-'));
  mkdirSync(socketDir, { recursive: true, mode: 0o700 });
  chmodSync(socketDir, 0o700);
  const socketPath = join(socketDir, 's3rver.sock');
  // A socket left by a stack that crashed (only one stack runs on a data directory: stack.ts).
  rmSync(socketPath, { force: true });

  // No CORS configuration: the front answers preflights and sets the CORS headers itself.
  const buckets = [options.bucketName, ...(options.intakeBucketName ? [options.intakeBucketName] : [])];
  const s3rver = new S3rver({ silent: true, directory: options.dir, configureBuckets: buckets.map((name) => ({ name, configs: [] })) });
  // Koa reports request failures here; client errors (404 NoSuchKey) are normal traffic.
  s3rver.on('error', (error) => {
    const status = (error as { status?: number }).status ?? 500;
    if (status >= 500) options.log(`s3rver error: ${String(error)}`);
  });
  await s3rver.configureBuckets();
  const server: Server = createServer(s3rver.callback());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    connection: { socketPath },
    stripAuth: true,
    multipart: s3rverUploads(options.dir),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (socketDir !== options.socketDir) await rm(socketDir, { recursive: true, force: true });
    },
  };
}

/**
 * Who gets each new object's event, in this order. In AWS storage-events has the bucket's
 * notification and the others the bucket's EventBridge events, matched by key (each ignores what is
 * not its own here too); all of them run side by side there. Previews first: an entry is then ready
 * with its preview, so nothing locally sees the preview arrive after readiness. Extraction last:
 * it reads confirmed versions only (in AWS an event that comes first is delivered again), and the
 * file is ready before its fields are read.
 */
const objectEventFunctions = ['previews', 'storage-events', 'import-jobs', 'drive-jobs', 'extraction'] as const;
/** What the minute's schedule runs (their sweeps). */
const scheduledFunctions = ['storage-events', 'import-jobs', 'drive-jobs'] as const;
/** The intake bucket's one subscriber (raw mail from SES's S3 action, or the SMTP stand-in). */
const intakeFunctions = ['intake'] as const;
type BackgroundName = (typeof objectEventFunctions)[number] | (typeof intakeFunctions)[number];

/**
 * Who gets an object event of `bucket`: the intake bucket's go to the intake function alone (its
 * notification in AWS), and never to the files bucket's functions, which would take raw mail for
 * a tenant's upload; the files bucket's never reach intake.
 */
export const eventFunctionsOf = (bucket: string, intakeBucketName: string | undefined): readonly BackgroundName[] =>
  intakeBucketName !== undefined && bucket === intakeBucketName ? intakeFunctions : objectEventFunctions;

/** Real S3 URL-encodes keys in notifications (space as "+"); the front reports them as stored. */
const encodeEventKey = (key: string): string => encodeURIComponent(key).replace(/%20/g, '+').replace(/%2F/g, '/');

/** The notification S3 sends for a write the front accepted (region, ARN, encoded key, version). */
export function toS3Event(write: ObjectWrite, region: string): S3Event {
  const record: S3EventRecord = {
    eventVersion: '2.1',
    eventSource: 'aws:s3',
    awsRegion: region,
    eventTime: write.eventTime,
    eventName: write.eventName,
    userIdentity: { principalId: 'AWS:LOCAL' },
    requestParameters: { sourceIPAddress: write.sourceIp },
    responseElements: { 'x-amz-request-id': write.requestId, 'x-amz-id-2': write.requestId },
    s3: {
      s3SchemaVersion: '1.0',
      configurationId: 'local-storage-events',
      bucket: { name: write.bucket, ownerIdentity: { principalId: 'LOCAL' }, arn: `arn:aws:s3:::${write.bucket}` },
      object: {
        key: encodeEventKey(write.key),
        size: write.size,
        eTag: write.eTag,
        ...(write.versionId ? { versionId: write.versionId } : {}),
        sequencer: write.sequencer,
      },
    },
  };
  return { Records: [record] };
}

/** How often the local stand-in of the schedule runs the sweeps (as the EventBridge rule in AWS). */
const SWEEP_INTERVAL_MS = 60 * 1000;

const scheduledEvent = (region: string): ScheduledEvent => ({
  version: '0', id: randomUUID(), 'detail-type': 'Scheduled Event', source: 'aws.events', account: '000000000000',
  time: new Date().toISOString(), region, resources: [], detail: {},
});

export interface S3LocalOptions {
  /** s3rver's store. */
  dir: string;
  /** The owner-only directory of s3rver's socket. */
  socketDir: string;
  bucketName: string;
  /** A second bucket behind the same front whose writes run the intake function only (eventFunctionsOf). */
  intakeBucketName?: string;
  region: string;
  credentials: S3Credentials;
  /** The app's origins: the bucket's CORS rule allows the browser's presigned PUTs and GETs from them. */
  webOrigins: readonly string[];
  log: (line: string) => void;
  /** Default: s3rver in `dir`. Another backend (moto) gets the same front and the same events. */
  backend?: S3Backend;
  /** Default true. False: no object events and no sweeps (the tenant CLI's S3: nothing runs but the operator's work). */
  background?: boolean;
}

export async function startS3Local(options: S3LocalOptions): Promise<S3Local> {
  const background = options.background ?? true;
  const modules = new Map<BackgroundName, Promise<BackgroundModule>>();
  const moduleOf = (name: BackgroundName): Promise<BackgroundModule> => {
    let loaded = modules.get(name);
    if (!loaded) modules.set(name, loaded = import(functionModule(name)) as Promise<BackgroundModule>);
    return loaded;
  };
  const handlerOf = async (name: BackgroundName): Promise<BackgroundHandler> => (await moduleOf(name)).handler;
  /** Like an async Lambda invocation: a failure is logged, and what caused the event has succeeded. */
  const run = async (name: BackgroundName, event: S3Event | ScheduledEvent, what: () => string): Promise<void> => {
    try {
      await (await handlerOf(name))(event, lambdaContext(name));
    } catch (error) {
      options.log(`${name} failed for ${what()}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
  };
  const inFlight = new Set<Promise<void>>();
  const deliver = async (event: S3Event): Promise<void> => {
    const keys = () => event.Records.map((record) => record.s3.object.key).join(', ');
    const bucket = event.Records[0]?.s3.bucket.name ?? '';
    for (const name of eventFunctionsOf(bucket, options.intakeBucketName)) await run(name, event, keys);
  };
  // One path for every backend: the events come from the writes the front accepted, not from s3rver.
  let stopping = false;
  const onWrite = (write: ObjectWrite) => {
    if (stopping) return;
    const delivery = deliver(toS3Event(write, options.region));
    inFlight.add(delivery);
    void delivery.finally(() => inFlight.delete(delivery));
  };

  const backend = options.backend ?? (await startS3rverBackend({ dir: options.dir, socketDir: options.socketDir, bucketName: options.bucketName, ...(options.intakeBucketName ? { intakeBucketName: options.intakeBucketName } : {}), log: options.log }));
  let front: S3Front;
  try {
    front = await startS3Front({
      backend,
      credentials: options.credentials,
      region: options.region,
      cors: { origins: options.webOrigins, methods: filesBucketCors.methods, allowedHeaders: ['*'], exposedHeaders: filesBucketCors.exposedHeaders, maxAgeSeconds: filesBucketCors.maxAgeSeconds },
      ...(background ? { onWrite } : {}),
      log: options.log,
    });
  } catch (error) {
    await backend.close();
    throw error;
  }

  // The EventBridge schedule of AWS (every minute): dead jobs, abandoned uploads, purges; side by side, as there.
  const sweep = background
    ? setInterval(() => {
      const sweeps = Promise.all(scheduledFunctions.map((name) => run(name, scheduledEvent(options.region), () => 'the sweep'))).then(() => undefined);
      inFlight.add(sweeps);
      void sweeps.finally(() => inFlight.delete(sweeps));
    }, SWEEP_INTERVAL_MS)
    : undefined;
  sweep?.unref();

  return {
    endpoint: front.endpoint,
    stop: async () => {
      clearInterval(sweep);
      // Handlers that already started finish first, with the bucket still there (extraction reads
      // the bytes last of all) and before DynamoDB goes away; writes arriving meanwhile start nothing.
      stopping = true;
      await Promise.allSettled([...inFlight]);
      // The front closes its backend too.
      await front.close();
      await Promise.allSettled([...modules.values()].map(async (loaded) => (await loaded).shutdown?.()));
    },
  };
}
