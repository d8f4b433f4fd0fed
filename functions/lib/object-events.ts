import type { S3Event } from 'aws-lambda';

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
  // Notification keys are form-encoded ("+" is a space); EventBridge's are not.
  return event.Records.map((record) => decodeURIComponent(record.s3.object.key.replace(/\+/g, ' ')));
}
