import type { S3Event } from 'aws-lambda';
import { backgroundHandler } from '#lib/background.ts';
import { createdObjectKeys, type ObjectCreatedEvent } from '#lib/object-events.ts';
import { isRenditionKey } from '#lib/object-storage.ts';
import { readFileFields } from '#domain/extraction/read-file.ts';
import { stopOcr } from '#domain/extraction/ocr.ts';

/**
 * Extraction (docs/e-bookkeeping.md "Fields read from the document"): bookkeeping fields read from a
 * new version's bytes — a PDF's text layer, or OCR — and stored apart from the document's fields,
 * for a person to confirm. Its own function, apart from storage-events and previews, so tesseract.js,
 * its WebAssembly and its trained data load here only. In AWS the bucket's EventBridge "Object
 * Created" events under `t/` run it; locally the stand-in of S3 hands it the same notification after
 * storage-events. Bytes whose version storage-events has not confirmed yet throw, and the event is
 * delivered again (the asynchronous invocation's retries).
 */
export const handler = backgroundHandler<S3Event | ObjectCreatedEvent>('extraction', async (event, log) => {
  for (const key of createdObjectKeys(event)) {
    // Renditions are the previews function's; imports' and jobs' objects are outside the drive's layout (readFileFields ignores them).
    if (isRenditionKey(key)) continue;
    await readFileFields(key, log);
  }
});

/** Ends the OCR workers (their threads would keep a local stack's process alive; a Lambda never calls it). */
export const shutdown = stopOcr;
