import type { S3Event } from 'aws-lambda';
import { backgroundHandler } from '#lib/background.ts';
import { notificationKey } from '#lib/object-events.ts';
import { handleStoredMail } from './intake.ts';

/**
 * The intake bucket's object events (SES's S3 action in AWS, the SMTP stand-in locally): each
 * stored mail becomes received files of the contract its recipient names (intake.ts). S3 delivers
 * events at least once; a second delivery of a mail makes nothing new.
 */
export const handler = backgroundHandler<S3Event>('intake', async (event, log) => {
  for (const record of event.Records) {
    if (!record.eventName.startsWith('ObjectCreated:')) continue;
    await handleStoredMail(notificationKey(record), log, record.eventTime);
  }
});
