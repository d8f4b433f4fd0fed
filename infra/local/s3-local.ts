import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { S3Event, S3EventRecord, ScheduledEvent } from 'aws-lambda';
import S3rver, { type S3rverEvent } from 's3rver';
import { filesBucketCors } from '#lib/table-design.ts';
import { functionModule } from './function-modules.ts';
import { lambdaContext } from './lambda-context.ts';

/** s3rver on loopback, with the bucket the app uses, whose object events run the background functions. */
export interface S3Local {
  endpoint: string;
  stop(): Promise<void>;
}

type BackgroundHandler = (event: S3Event | ScheduledEvent, context: unknown) => Promise<unknown>;

/** The browser PUTs and GETs presigned URLs straight from the app's origin (another port), so CORS must allow it. */
const corsConfig = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    ${filesBucketCors.methods.map((method) => `<AllowedMethod>${method}</AllowedMethod>`).join('')}
    <AllowedHeader>*</AllowedHeader>
    ${filesBucketCors.exposedHeaders.map((header) => `<ExposeHeader>${header}</ExposeHeader>`).join('')}
    <MaxAgeSeconds>${filesBucketCors.maxAgeSeconds}</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/**
 * Who gets each new object's event, in this order. In AWS storage-events has the bucket's
 * notification and the others the bucket's EventBridge events, matched by key (each ignores what is
 * not its own here too); all of them run side by side there. Previews first: an entry is then ready
 * with its preview, so nothing locally sees the preview arrive after readiness.
 */
const objectEventFunctions = ['previews', 'storage-events', 'import-jobs', 'drive-jobs'] as const;
/** What the minute's schedule runs (their sweeps). */
const scheduledFunctions = ['storage-events', 'import-jobs', 'drive-jobs'] as const;
type BackgroundName = (typeof objectEventFunctions)[number];

/** Real S3 URL-encodes keys in notifications (space as "+"); s3rver sends them raw. */
const encodeEventKey = (key: string): string => encodeURIComponent(key).replace(/%20/g, '+').replace(/%2F/g, '/');

/** s3rver's record, corrected to what S3 really sends (region, ARN, encoded key). */
export function toS3Event(event: S3rverEvent, region: string): S3Event {
  return {
    Records: event.Records.map((record): S3EventRecord => ({
      eventVersion: '2.1',
      eventSource: 'aws:s3',
      awsRegion: region,
      eventTime: record.eventTime,
      eventName: record.eventName,
      userIdentity: record.userIdentity,
      requestParameters: record.requestParameters,
      responseElements: {
        'x-amz-request-id': record.responseElements['x-amz-request-id'] ?? '',
        'x-amz-id-2': record.responseElements['x-amz-id-2'] ?? '',
      },
      s3: {
        s3SchemaVersion: '1.0',
        configurationId: 'local-storage-events',
        bucket: { name: record.s3.bucket.name, ownerIdentity: record.s3.bucket.ownerIdentity, arn: `arn:aws:s3:::${record.s3.bucket.name}` },
        object: {
          key: encodeEventKey(record.s3.object.key),
          size: record.s3.object.size ?? 0,
          eTag: record.s3.object.eTag ?? '',
          sequencer: record.s3.object.sequencer,
        },
      },
    })),
  };
}

/** How often the local stand-in of the schedule runs the sweeps (as the EventBridge rule in AWS). */
const SWEEP_INTERVAL_MS = 60 * 1000;

const scheduledEvent = (region: string): ScheduledEvent => ({
  version: '0', id: randomUUID(), 'detail-type': 'Scheduled Event', source: 'aws.events', account: '000000000000',
  time: new Date().toISOString(), region, resources: [], detail: {},
});

export async function startS3Local(options: { dir: string; bucketName: string; region: string; log: (line: string) => void }): Promise<S3Local> {
  mkdirSync(options.dir, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: options.dir,
    configureBuckets: [{ name: options.bucketName, configs: [corsConfig] }],
  });

  // Koa reports request failures here; client errors (404 NoSuchKey, 403 expired URL) are normal traffic.
  server.on('error', (error) => {
    const status = (error as { status?: number }).status ?? 500;
    if (status >= 500) options.log(`s3rver error: ${String(error)}`);
  });

  const handlers = new Map<BackgroundName, Promise<BackgroundHandler>>();
  const handlerOf = (name: BackgroundName): Promise<BackgroundHandler> => {
    let loaded = handlers.get(name);
    if (!loaded) handlers.set(name, loaded = import(functionModule(name)).then((module: { handler: BackgroundHandler }) => module.handler));
    return loaded;
  };
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
    for (const name of objectEventFunctions) await run(name, event, keys);
  };
  server.on('event', (raw) => {
    if (!raw.Records.some((record) => record.eventName.startsWith('ObjectCreated:'))) return;
    const delivery = deliver(toS3Event(raw, options.region));
    inFlight.add(delivery);
    void delivery.finally(() => inFlight.delete(delivery));
  });

  // The EventBridge schedule of AWS (every minute): dead jobs, abandoned uploads, purges; side by side, as there.
  const sweep = setInterval(() => {
    const sweeps = Promise.all(scheduledFunctions.map((name) => run(name, scheduledEvent(options.region), () => 'the sweep'))).then(() => undefined);
    inFlight.add(sweeps);
    void sweeps.finally(() => inFlight.delete(sweeps));
  }, SWEEP_INTERVAL_MS);
  sweep.unref();

  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    stop: async () => {
      clearInterval(sweep);
      await server.close();
      // Let handlers that already started finish before DynamoDB goes away.
      await Promise.allSettled([...inFlight]);
    },
  };
}
