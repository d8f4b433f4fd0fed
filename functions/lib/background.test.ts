import type { Context, S3Event } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundHandler, invocationKind } from './background.ts';
import { logLinesOf } from '#tests/support/log-lines.ts';

const s3Event = (...keys: string[]): S3Event => ({
  Records: keys.map((key) => ({ eventName: 'ObjectCreated:Put', s3: { object: { key, size: 1 } } })),
}) as unknown as S3Event;
const schedule = { 'detail-type': 'Scheduled Event', source: 'aws.events', time: '2026-12-01T00:00:00Z' };
const context = { awsRequestId: 'bg-req-1' } as Context;

describe('background functions', () => {
  const saved = { level: process.env.LOG_LEVEL, metrics: process.env.POWERTOOLS_METRICS_DISABLED };
  beforeAll(() => {
    process.env.LOG_LEVEL = 'info';
    process.env.POWERTOOLS_METRICS_DISABLED = 'false';
  });
  afterAll(() => {
    for (const [name, value] of [['LOG_LEVEL', saved.level], ['POWERTOOLS_METRICS_DISABLED', saved.metrics]] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it('names the kind of each event', () => {
    expect(invocationKind(s3Event('t/acme/x/v1'))).toBe('object');
    expect(invocationKind(schedule)).toBe('schedule');
    expect(invocationKind({ 'detail-type': 'Object Created', source: 'aws.s3', detail: { object: { key: 't/acme/x' } } })).toBe('object');
    expect(invocationKind({ 'detail-type': 'GuardDuty Malware Protection Object Scan Result', detail: {} })).toBe('scan-result');
    expect(invocationKind('junk')).toBe('other');
  });

  it('gives the work a logger with the job, request id and contract, and ends with one line and one EMF record', async () => {
    const handler = backgroundHandler<S3Event>('previews', async (_event, log) => log.info('rendered', { pages: 2 }));
    const lines = await logLinesOf(() => handler(s3Event('t/acme/item-1/v1', 't/acme/item-1/v2'), context));
    const work = lines.find((line) => line.message === 'rendered');
    expect(work).toMatchObject({ job: 'previews/object', request_id: 'bg-req-1', kyk: 'acme', pages: 2 });
    expect(lines.find((line) => line.message === 'invocation')).toMatchObject({ job: 'previews/object', kyk: 'acme', outcome: 'ok' });
    const emf = lines.find((line) => '_aws' in line) as { _aws: { CloudWatchMetrics: { Dimensions: string[][] }[] }; job: string; kyk: string; calls: number; errors: number };
    expect(emf._aws.CloudWatchMetrics[0]!.Dimensions).toEqual([['job']]);
    expect(emf).toMatchObject({ job: 'previews/object', kyk: 'acme', calls: 1, errors: 0 });
  });

  it('names no contract when the objects are of several, and none on the schedule', async () => {
    const handler = backgroundHandler<unknown>('storage-events', async () => undefined);
    const mixed = await logLinesOf(() => handler(s3Event('t/acme/a/v1', 't/other/b/v1'), context));
    expect(mixed.find((line) => line.message === 'invocation')).not.toHaveProperty('kyk');
    const swept = await logLinesOf(() => handler(schedule, context));
    expect(swept.find((line) => line.message === 'invocation')).toMatchObject({ job: 'storage-events/schedule', outcome: 'ok' });
  });

  it('logs and counts a failure, and throws it again for Lambda to retry', async () => {
    const handler = backgroundHandler<S3Event>('drive-jobs', async () => {
      throw new Error('disk on fire');
    });
    let thrown: unknown;
    const lines = await logLinesOf(() => handler(s3Event('t/acme/drive-jobs/j1/run'), context).catch((error: unknown) => {
      thrown = error;
    }));
    expect((thrown as Error).message).toBe('disk on fire');
    expect(lines.find((line) => line.message === 'invocation failed')).toMatchObject({ job: 'drive-jobs/object', level: 'ERROR' });
    expect(lines.find((line) => '_aws' in line)).toMatchObject({ errors: 1, calls: 1 });
  });
});
