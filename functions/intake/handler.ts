import type { S3Event } from 'aws-lambda';
import { logger } from '#lib/logger.ts';

/** Placeholder until the intake function lands (issue 30): raw mail in the intake bucket becomes received files. */
export const handler = async (event: S3Event): Promise<void> => {
  logger.info('intake event', { records: event.Records.length });
};
