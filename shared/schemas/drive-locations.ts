import * as z from 'zod/mini';
import { cursor, DEFAULT_PAGE_SIZE, itemId, pageSize } from '../validation.ts';
import { folderPlaceFields } from './drive.ts';

/** A location page's size when the caller sends none (SPEC.md §9's default): one "Show more" of the dialog. */
export const LOCATION_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/**
 * SPEC.md §7 "location selection" (docs/drive.md "Location selection"): the folder tree of the
 * select-save-location dialog, one level at a time. The subfolders of one folder the caller
 * reaches, by name, paged by cursor; files are never read.
 */
export const locationSelectRequest = z.strictObject({
  folder_id: z._default(itemId, 'root'),
  page_size: z._default(pageSize, LOCATION_PAGE_SIZE),
  cursor: z.optional(cursor),
});
export type LocationSelectRequest = z.input<typeof locationSelectRequest>;

export const locationFolder = z.object({
  id: z.string(),
  name: z.string(),
  /** The caller's drive level inside it after folder permissions: 1 view only, 2 active, 3 update (at 1 nothing can be saved there). */
  level: z.number(),
  /** It has permission settings of its own (an allow or deny list). */
  restricted: z.optional(z.boolean()),
});
export type LocationFolder = z.infer<typeof locationFolder>;

export const locationSelectResponse = z.object({
  ...folderPlaceFields,
  /** Its subfolders the caller reaches, by name (one closed to the caller is absent). */
  folders: z.array(locationFolder),
  /** Pass back for the next page; null on the last. */
  next_cursor: z.nullable(z.string()),
});
export type LocationSelectResponse = z.infer<typeof locationSelectResponse>;
