import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { S3Event, S3EventRecord, ScheduledEvent } from 'aws-lambda';
import S3rver, { type S3rverEvent } from 's3rver';
import { filesBucketCors } from '#lib/table-design.ts';
import { functionModule } from './function-modules.ts';
import { lambdaContext } from './lambda-context.ts';

/** s3rver on loopback, with the bucket the app uses, whose object events run the storage-events handler. */
export interface S3Local {
  endpoint: string;
  stop(): Promise<void>;
}

type StorageEventsHandler = (event: S3Event | ScheduledEvent, context: unknown) => Promise<unknown>;

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

const storageEventsModule = functionModule('storage-events');
/** In AWS the bucket's EventBridge events run the previews function apart; here it gets the same notification, before storage-events. */
const previewsModule = functionModule('previews');
type PreviewsHandler = (event: S3Event) => Promise<unknown>;

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

  let handler: StorageEventsHandler | undefined;
  let previews: PreviewsHandler | undefined;
  const inFlight = new Set<Promise<void>>();
  const deliver = async (event: S3Event): Promise<void> => {
    const keys = () => event.Records.map((record) => record.s3.object.key).join(', ');
    // Previews first: an entry is then ready with its preview (a new version's shows when it becomes
    // current), so nothing locally sees the preview arrive after readiness. In AWS the two functions
    // run side by side and a preview may appear a moment after its entry is ready.
    try {
      previews ??= ((await import(previewsModule)) as { handler: PreviewsHandler }).handler;
      await previews(event);
    } catch (error) {
      options.log(`previews failed for ${keys()}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
    try {
      handler ??= ((await import(storageEventsModule)) as { handler: StorageEventsHandler }).handler;
      await handler(event, lambdaContext('storage-events'));
    } catch (error) {
      // Like an async Lambda invocation: a failure is logged, the upload itself has succeeded.
      options.log(`storage-events failed for ${keys()}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
  };
  server.on('event', (raw) => {
    if (!raw.Records.some((record) => record.eventName.startsWith('ObjectCreated:'))) return;
    const delivery = deliver(toS3Event(raw, options.region));
    inFlight.add(delivery);
    void delivery.finally(() => inFlight.delete(delivery));
  });

  // The EventBridge schedule of AWS (every minute): dead import jobs, abandoned uploads.
  const sweep = setInterval(() => {
    const run = (async () => {
      try {
        handler ??= ((await import(storageEventsModule)) as { handler: StorageEventsHandler }).handler;
        await handler(scheduledEvent(options.region), lambdaContext('storage-events'));
      } catch (error) {
        options.log(`storage-events sweep failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      }
    })();
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
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
