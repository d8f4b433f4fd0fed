import type { Context, S3Event } from 'aws-lambda';
import { logger, type Logger } from './logger.ts';
import { recordInvocation, type Outcome } from './metrics.ts';
import { createdObjectKeys, isObjectCreatedEvent, type ObjectCreatedEvent } from './object-events.ts';

/**
 * A background function's handler (the bucket's events, EventBridge's, the minute's schedule) with
 * what the handler kit gives the API groups: a log line per invocation with its kind, its request id
 * and the contract whose objects it handles, a logger carrying them to every line of the work, and
 * the invocation's metrics with the function and its kind as the dimension (metrics.ts). A failure is logged and
 * thrown again, so Lambda's retry and its Errors metric see it as before.
 */
export type BackgroundWork<E> = (event: E, log: Logger, context?: Context) => Promise<void>;

/** What kind of invocation an event is: the metric's dimension, so a small fixed set. */
export function invocationKind(event: unknown): string {
  if (typeof event !== 'object' || event === null) return 'other';
  if ('Records' in event) return 'object';
  const detailType = (event as { 'detail-type'?: unknown })['detail-type'];
  if (detailType === 'Scheduled Event') return 'schedule';
  if (isObjectCreatedEvent(event as ObjectCreatedEvent)) return 'object';
  if (typeof detailType === 'string' && /Scan Result/i.test(detailType)) return 'scan-result';
  return 'other';
}

/** The one contract whose objects (`t/<kyk>/...`) the event names, if it names one. */
function contractOf(event: unknown): string | undefined {
  const kind = invocationKind(event);
  if (kind !== 'object') return undefined;
  const contracts = new Set(createdObjectKeys(event as S3Event | ObjectCreatedEvent).map((key) => /^t\/([^/]+)\//.exec(key)?.[1]).filter(Boolean));
  return contracts.size === 1 ? [...contracts][0] : undefined;
}

/** `name` is the function's (functions/<name>): locally all of them run in one process, under one service name. */
export function backgroundHandler<E>(name: string, work: BackgroundWork<E>): (event: E, context?: Context) => Promise<void> {
  return async (event, context) => {
    const started = Date.now();
    const kind = invocationKind(event);
    const kykId = contractOf(event);
    const requestId = context?.awsRequestId;
    // The metric's one dimension: the function and its kind of work (storage-events/object, drive-jobs/schedule).
    const job = `${name}/${kind}`;
    const log = logger.child({ job, ...(requestId ? { request_id: requestId } : {}), ...(kykId ? { kyk: kykId } : {}) });
    let outcome: Outcome = 'ok';
    try {
      await work(event, log, context);
    } catch (error) {
      outcome = 'error';
      log.error('invocation failed', { error });
      throw error;
    } finally {
      const ms = Date.now() - started;
      log.info('invocation', { ms, outcome });
      recordInvocation({ dimension: 'job', name: job, kykId, ms, outcome, ...(requestId ? { requestId } : {}) });
    }
  };
}
