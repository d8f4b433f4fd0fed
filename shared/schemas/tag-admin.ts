import * as z from 'zod/mini';
import { TAG_NAME_MAX } from '../drive-limits.ts';
import { cursor, DEFAULT_PAGE_SIZE, pageSize, trimmedText } from '../validation.ts';

/**
 * Administration of the contract's common tags (docs/drive.md "Tags administration"): list, create,
 * rename, delete. Administrators only; private tags stay their owners'.
 */
const tagId = z.string('validation.required').check(z.regex(/^[0-9a-f-]{36}$/, 'validation.invalidValue'));

export const tagInfoListRequest = z.strictObject({
  /** Tags whose name starts with this (case-insensitive); empty: all, by name. */
  prefix: z._default(z.string().check(z.trim(), z.maxLength(TAG_NAME_MAX, 'validation.tooLong')), ''),
  page_size: z._default(pageSize, DEFAULT_PAGE_SIZE),
  cursor: z.optional(cursor),
});
export type TagInfoListRequest = z.input<typeof tagInfoListRequest>;

export const commonTagInfo = z.object({
  id: z.string(),
  name: z.string(),
  regist_date: z.string(),
  regist_user_id: z.string(),
  update_date: z.nullable(z.string()),
  update_user_id: z.nullable(z.string()),
});
export type CommonTagInfo = z.infer<typeof commonTagInfo>;

export const tagInfoListResponse = z.object({
  /** Common tags by name. */
  tags: z.array(commonTagInfo),
  next_cursor: z.nullable(z.string()),
});
export type TagInfoListResponse = z.infer<typeof tagInfoListResponse>;

/** Without `id`: a new common tag; with it: that tag renamed (its links to files and folders stay). */
export const tagInfoSaveRequest = z.strictObject({
  id: z.optional(tagId),
  /** Checked for its 40 characters by the operation (-990000270002, SPEC.md §8). */
  name: trimmedText(1000),
});
export type TagInfoSaveRequest = z.input<typeof tagInfoSaveRequest>;
export const tagInfoSaveResponse = z.object({ tag: commonTagInfo });

export const tagInfoDeleteRequest = z.strictObject({ id: tagId });
export type TagInfoDeleteRequest = z.input<typeof tagInfoDeleteRequest>;
export const tagInfoDeleteResponse = z.object({
  /** Files and folders the tag was taken off during the call. */
  detached: z.number(),
  /** When more carried it: the background job taking it off the rest (com_drive/job_info). */
  job_id: z.nullable(z.string()),
});
export type TagInfoDeleteResponse = z.infer<typeof tagInfoDeleteResponse>;
