import * as z from 'zod/mini';
import { cursor, DEFAULT_PAGE_SIZE, intRange, itemId, pageSize } from '../validation.ts';

/**
 * Data usage and the access log of the drive (docs/drive.md "Data usage", "Access log").
 */

/** What the contract holds, from counters kept with every change (never a recount). */
export const dataUsageResponse = z.object({
  /** Bytes of every stored version, in the trash or not: what the quota is checked against (with uploads in progress). */
  usage_bytes: z.number(),
  /** Declared bytes of uploads in progress (reserved against the quota until confirmed or released). */
  reserved_bytes: z.number(),
  file_count: z.number(),
  trash_bytes: z.number(),
  trash_count: z.number(),
  /** Earlier versions kept beside the current ones (part of usage_bytes). */
  version_bytes: z.number(),
  version_count: z.number(),
  /** The contract's quota in bytes; null when it has none. */
  quota_bytes: z.nullable(z.number()),
});
export type DataUsageResponse = z.infer<typeof dataUsageResponse>;

export const dataUsageRequest = z.strictObject({});

/**
 * `com_drive/file_info`: `polling` marks the upload's wait for its bytes (the SPA reads the file
 * until it is ready), which is not an opening of its details and stays out of the access log.
 */
export const fileInfoRequest = z.strictObject({ id: itemId, polling: z.optional(z.literal(true, 'validation.invalidValue')) });

/** The access-log events, in the order the access-log screen offers them as a filter. */
export const accessActions = ['info', 'download', 'share_download', 'preview', 'upload', 'rename', 'tags', 'move', 'trash', 'restore', 'delete'] as const;
export type AccessAction = (typeof accessActions)[number];

const instant = z.string('validation.invalidValue').check(
  z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/, 'validation.invalidValue'),
  z.refine((value) => !Number.isNaN(Date.parse(value)), 'validation.invalidValue'),
);

const accessFilterFields = {
  /** Only this user's events (others than administrators may ask only for their own). */
  user_id: z.optional(z.string('validation.invalidValue').check(z.minLength(1, 'validation.invalidValue'), z.maxLength(12, 'validation.tooLong'))),
  action: z.optional(z.enum(accessActions, 'validation.invalidValue')),
  /** Only the events of this file or folder. */
  item_id: z.optional(itemId),
  /** From this instant (inclusive), ISO 8601 UTC. */
  date_from: z.optional(instant),
  /** Up to this instant (exclusive), ISO 8601 UTC. */
  date_to: z.optional(instant),
};

const orderedRange = z.superRefine((value: { date_from?: string; date_to?: string }, context) => {
  if (value.date_from !== undefined && value.date_to !== undefined && Date.parse(value.date_to) < Date.parse(value.date_from)) {
    context.issues.push({ code: 'custom', path: ['date_to'], message: 'validation.dateRangeReversed', input: value });
  }
});

export const accessLogRequest = z.strictObject({
  ...accessFilterFields,
  page_size: z._default(pageSize, DEFAULT_PAGE_SIZE),
  cursor: z.optional(cursor),
}).check(orderedRange);
export type AccessLogRequest = z.input<typeof accessLogRequest>;

export const accessEvent = z.object({
  id: z.string(),
  at: z.string(),
  user_id: z.string(),
  user_nm: z.string(),
  action: z.enum(accessActions),
  item_id: z.string(),
  item_type: z.enum(['file', 'folder']),
  item_name: z.string(),
  size: z.nullable(z.number()),
  /** The former name of a rename, the destination folder of a move, the tags set; a link's download: the address. */
  detail: z.nullable(z.string()),
  /** A download through a share link: the link (`user_id` and `user_nm` are then empty: the downloader is anonymous). */
  link_id: z.optional(z.nullable(z.string())),
  /** Whose link it was: the event shows in their own access log. */
  link_creator_id: z.optional(z.nullable(z.string())),
});
export type AccessEvent = z.infer<typeof accessEvent>;

export const accessLogResponse = z.object({
  /** Newest first. */
  events: z.array(accessEvent),
  /** The contract's events (administrators) or the caller's own. */
  scope: z.enum(['contract', 'own']),
  next_cursor: z.nullable(z.string()),
});
export type AccessLogResponse = z.infer<typeof accessLogResponse>;

/** Every event the filter matches (newest first, at most ACCESS_EXPORT_MAX rows) as CSV, UTF-8 with a BOM. */
export const accessLogExportRequest = z.strictObject(accessFilterFields).check(orderedRange);
export type AccessLogExportRequest = z.input<typeof accessLogExportRequest>;
export const ACCESS_EXPORT_MAX = 10_000;

export const accessLogExportResponse = z.object({
  url: z.string(),
  file_name: z.string(),
  expires_at: z.string(),
  rows: z.number(),
  /** Whether the filter matched more than ACCESS_EXPORT_MAX events (the newest were exported). */
  truncated: z.boolean(),
});

/** Activity entries one page of `com_drive/file_activity` holds by default, and at most. */
export const FILE_ACTIVITY_PAGE = 20;
export const FILE_ACTIVITY_PAGE_MAX = 50;

/** `com_drive/file_activity`: one entry's activity (the details panel), newest first. */
export const fileActivityRequest = z.strictObject({
  id: itemId,
  page_size: z._default(intRange(1, FILE_ACTIVITY_PAGE_MAX), FILE_ACTIVITY_PAGE),
  cursor: z.optional(cursor),
});
export type FileActivityRequest = z.input<typeof fileActivityRequest>;

/**
 * What an activity entry is: a version (new bytes; `correction`: the details corrected), a
 * bookkeeping document's logical deletion or restore (its correction history, with the reason), an
 * access-log event (`action`), or a share link made or revoked.
 */
export const fileActivityKinds = ['version', 'correction', 'confirmation', 'acceptance', 'deletion', 'restore', 'access', 'link_created', 'link_revoked'] as const;
export type FileActivityKind = (typeof fileActivityKinds)[number];

export const fileActivityEntry = z.object({
  /** The entry's place in the activity (unique). */
  id: z.string(),
  at: z.string(),
  kind: z.enum(fileActivityKinds),
  /** Who: empty for an anonymous download through a share link (`link_id` says which). */
  user_id: z.string(),
  user_nm: z.string(),
  /** An access-log event's action. */
  action: z.optional(z.enum(accessActions)),
  version: z.optional(z.number()),
  restored_from: z.optional(z.number()),
  /** Why a bookkeeping document changed. */
  reason: z.optional(z.string()),
  /** The access-log event's detail (the destination of a move, the former name, ...). */
  detail: z.nullable(z.string()),
  link_id: z.optional(z.string()),
});
export type FileActivityEntry = z.infer<typeof fileActivityEntry>;

export const fileActivityResponse = z.object({
  /** Newest first. Administrators: everything; others: the versions and corrections, and their own events and links. */
  entries: z.array(fileActivityEntry),
  scope: z.enum(['contract', 'own']),
  next_cursor: z.nullable(z.string()),
});
export type FileActivityResponse = z.infer<typeof fileActivityResponse>;
