import type { S3Event } from 'aws-lambda';
import { confirmUpload } from '#functions/drive/data/items.ts';
import { parseObjectKey } from '#functions/drive/object-storage.ts';
import { logger } from '#lib/logger.ts';

/**
 * S3 ObjectCreated events: an upload is only "ready" once its bytes are really in the bucket.
 * Idempotent, because S3 delivers events at least once.
 */
export const handler = async (event: S3Event): Promise<void> => {
  for (const record of event.Records) {
    // Event keys are form-encoded: "+" is a space.
    const key = decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '));
    const parsed = parseObjectKey(key);
    if (!parsed) {
      logger.warn('object outside the drive layout', { key });
      continue;
    }
    const confirmed = await confirmUpload(parsed.kykId, parsed.itemId, key, record.s3.object.size, parsed.version);
    logger.info(confirmed ? 'upload confirmed' : 'upload event ignored (already confirmed or not pending)', {
      kyk: parsed.kykId, item: parsed.itemId, version: parsed.version, size: record.s3.object.size,
    });
  }
};
