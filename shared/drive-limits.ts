/**
 * The drive's limits as plain numbers, apart from its zod schemas (schemas/drive.ts reads them from
 * here): the SPA's first page reads a few of them and should not load zod for it.
 */

/** A MIME type as `type/subtype`, without parameters. */
export const CONTENT_TYPE_MAX = 255;
export const CONTENT_TYPE_PATTERN = /^[\w.+-]+\/[\w.+-]+$/;
export const isContentType = (value: string): boolean => value.length <= CONTENT_TYPE_MAX && CONTENT_TYPE_PATTERN.test(value);

/** Largest file accepted (S3's single-PUT limit; above the threshold it goes up in parts). */
export const MAX_UPLOAD_BYTES = 5 * 1024 ** 3;
/** Files above this go up as a multipart upload: parts retry alone and run in parallel. */
export const MULTIPART_THRESHOLD_BYTES = 64 * 1024 ** 2;
/** Part size of multipart uploads (S3 allows 5 MiB to 5 GiB; at most 320 parts up to MAX_UPLOAD_BYTES). */
export const MULTIPART_PART_BYTES = 16 * 1024 ** 2;
/** Transaction amounts in JPY (whole yen). */
export const TRANSACTION_AMOUNT_MAX = 999_999_999_999;
/** Bulk actions take at most one page of a listing. */
export const BULK_MAX = 100;
/** SPEC.md §5: tag names at most 40 characters (longer answers -990000270002). */
export const TAG_NAME_MAX = 40;
export const TAGS_PER_ITEM_MAX = 20;
/** At most this many entries a call: one key-condition query each (a page of the drive asks in chunks). */
export const ITEMS_TAGS_MAX = 100;
/** Which of some names are held by files in a folder (before uploading them). */
export const DUPLICATE_CHECK_MAX = 100;
/** A copy of at most this many entries (the selection and everything inside) is done within the call. */
export const COPY_INLINE_MAX = 50;
/** ...and of at most these bytes: server-side copies of larger files take longer than an API call may last. */
export const COPY_INLINE_MAX_BYTES = 256 * 1024 ** 2;
/** A ZIP download holds at most this many files and bytes (refused above, before anything is read). */
export const ZIP_MAX_FILES = 10_000;
export const ZIP_MAX_BYTES = 2 * 1024 ** 3;
/** Users and groups on a folder's permission settings, both sides together (one item's attribute). */
export const FOLDER_PERMISSION_ENTRIES_MAX = 200;

/** Index items and entries one search call reads at most before it answers with a cursor (the folders above its hits come on top). */
export const SEARCH_READS_MAX = 1000;
