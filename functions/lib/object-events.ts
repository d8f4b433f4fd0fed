import type { Context, S3Event, S3EventRecord } from 'aws-lambda';

/**
 * An object's arrival as the bucket's EventBridge events announce it ("Object Created"): how the
 * previews, import-jobs and drive-jobs functions are run in AWS. S3 allows one notification per
 * event type and prefix, which storage-events has; EventBridge rules can match keys by pattern.
 */
export interface ObjectCreatedEvent {
  source: 'aws.s3';
  'detail-type': 'Object Created';
  detail: { object?: { key?: string } };
}

/** EventBridge's schedule (every minute): the sweeps. */
export interface ScheduleEvent {
  source: 'aws.events';
  'detail-type': 'Scheduled Event';
}

export const isObjectCreatedEvent = (event: object): event is ObjectCreatedEvent =>
  'detail-type' in event && event['detail-type'] === 'Object Created';

/**
 * The keys of the objects an event announces: EventBridge's in AWS, or an S3 notification (the
 * local stand-in of S3 hands every function the notification it hands storage-events).
 */
export function createdObjectKeys(event: S3Event | ObjectCreatedEvent): string[] {
  if (isObjectCreatedEvent(event)) return event.detail.object?.key ? [event.detail.object.key] : [];
  return event.Records.map(notificationKey);
}

/** An S3 notification record's key: form-encoded there ("+" is a space); EventBridge's are not. */
export const notificationKey = (record: S3EventRecord): string => decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '));

/**
 * When a job must have saved and let go: the Lambda's own end in AWS (it is stopped at its
 * timeout). The local stand-in's context is a fake with no real limit: no deadline there.
 */
export const jobDeadline = (context?: Context): number | undefined =>
  process.env.AWS_LAMBDA_FUNCTION_NAME && context ? Date.now() + context.getRemainingTimeInMillis() : undefined;
