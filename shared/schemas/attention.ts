import * as z from 'zod/mini';
import { cursor, DEFAULT_PAGE_SIZE, pageSize } from '../validation.ts';
import { driveItem, folderRef } from './drive.ts';

/**
 * The "Needs attention" filter of the drive (docs/drive.md "Needs attention"): files whose scanner
 * check failed (`scanner_check`), that were registered after their input deadline (`late`), or
 * whose fields were read from their bytes and wait for a person to confirm them (`fields_read`), or
 * that came in through a file-request link or by mail and wait to be accepted (`received`).
 */
export const attentionReasons = ['scanner_check', 'late', 'fields_read', 'received'] as const;
export type AttentionReason = (typeof attentionReasons)[number];

export const attentionListRequest = z.strictObject({
  page_size: z._default(pageSize, DEFAULT_PAGE_SIZE),
  cursor: z.optional(cursor),
});
export type AttentionListRequest = z.input<typeof attentionListRequest>;

export const attentionListResponse = z.object({
  /** Newest registration first; only entries the caller reaches (a page may hold fewer than asked). */
  items: z.array(z.extend(driveItem, { path: z.array(folderRef), reasons: z.array(z.enum(attentionReasons)) })),
  next_cursor: z.nullable(z.string()),
});
export type AttentionListResponse = z.infer<typeof attentionListResponse>;
