import * as z from 'zod/mini';
import { itemId } from '../validation.ts';

/**
 * Resuming a multipart upload after a reload (docs/drive.md "Resuming an upload"): the transfers
 * panel kept the upload id in the browser; the server answers which parts S3 holds, so only the rest
 * is sent. Its uploader's alone: for anyone else the upload does not exist (-3).
 */
export const fileUploadPartsListRequest = z.strictObject({
  id: itemId,
  upload_id: z.string('validation.required').check(z.minLength(1, 'validation.required'), z.maxLength(1024, 'validation.invalidValue')),
});
export type FileUploadPartsListRequest = z.input<typeof fileUploadPartsListRequest>;

export const fileUploadPartsListResponse = z.object({
  /** The parts S3 holds, by part number: each one's ETag (for the completion) and size. */
  parts: z.array(z.object({ part_number: z.number(), etag: z.string(), size: z.number() })),
  /** The upload's part size and declared size: the parts still to send follow from them. */
  part_size: z.number(),
  size: z.number(),
  /** The pending upload lives until then without progress (each parts call moves it on). */
  expires_at: z.string(),
});
export type FileUploadPartsListResponse = z.infer<typeof fileUploadPartsListResponse>;
