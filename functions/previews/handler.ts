import type { S3Event } from 'aws-lambda';
import { backgroundHandler } from '#lib/background.ts';
import { createdObjectKeys, type ObjectCreatedEvent } from '#lib/object-events.ts';
import { isRenditionKey } from '#lib/object-storage.ts';
import { previewObject } from '#domain/drive/previews.ts';

/**
 * Previews (docs/drive.md "Preview"): thumbnails and page renditions made once when a file's bytes
 * arrive. Its own function, apart from storage-events, so that sharp, pdfjs-dist and their native
 * binaries load here only. In AWS the bucket's EventBridge "Object Created" events under `t/` run it;
 * locally the stand-in of S3 hands it the same S3 notification it hands storage-events.
 */
export const handler = backgroundHandler<S3Event | ObjectCreatedEvent>('previews', async (event, log) => {
  for (const key of createdObjectKeys(event)) {
    if (isRenditionKey(key)) continue;
    await previewObject(key, log);
  }
});
