import * as z from 'zod/mini';
import { languages } from '../messages.ts';

/** manual_download_info and manual_download (docs/home.md "Manual"). */
export const manualEdition = z.object({
  language: z.enum(languages),
  title: z.string(),
  /** YYYY-MM-DD. */
  updated: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number(),
});
export type ManualEditionInfo = z.infer<typeof manualEdition>;

export const manualInfoRequest = z.strictObject({});
export const manualInfoResponse = z.object({ editions: z.array(manualEdition) });

/** Without a language: the caller's own. */
export const manualDownloadRequest = z.strictObject({ language: z.optional(z.enum(languages, 'validation.invalidValue')) });
export const manualDownloadResponse = z.object({ file_name: z.string(), content_type: z.string(), content: z.string() });
export type ManualDownloadResponse = z.infer<typeof manualDownloadResponse>;
