import * as z from 'zod/mini';
import { arrivalInfo } from './arrival-info.ts';
import { FOLDER_PERMISSION_ENTRIES_MAX, BULK_MAX, MAX_UPLOAD_BYTES, DUPLICATE_CHECK_MAX, ITEMS_TAGS_MAX, TAG_NAME_MAX, TAGS_PER_ITEM_MAX, TRANSACTION_AMOUNT_MAX, CONTENT_TYPE_MAX, CONTENT_TYPE_PATTERN } from '../drive-limits.ts';
import { userId } from './users.ts';
import { bookkeepingFields, bookkeepingItemFields, bookkeepingReason, documentSnapshot, documentStyles, invoiceNumber, scannerCheckResult, transactionDate } from './bookkeeping-fields.ts';
import { propertyCondition, propertyValue, propertyValues } from './property-items.ts';
import { cursor, DEFAULT_PAGE_SIZE, flag, ITEM_NAME_MAX, itemId, itemName, pageSize, sortFlag, trimmedText } from '../validation.ts';


/** GuardDuty Malware Protection's verdicts on an object (functions/domain/drive/malware.ts). */
export const scanStatuses = ['NO_THREATS_FOUND', 'THREATS_FOUND', 'UNSUPPORTED', 'ACCESS_DENIED', 'FAILED'] as const;
export type ScanStatus = (typeof scanStatuses)[number];

/**
 * Previews (docs/drive.md "Preview"): what the bytes of a file's current version really are, found
 * from their first bytes when they arrive (never from the name or the type the uploader sent), and
 * whether a rendition was made. `mismatch`: the bytes are not what the name says (a ".png" holding a
 * PDF, HTML or garbage); `unsupported`: nothing to show for the type; `failed`: the bytes could not
 * be rendered.
 */
export const previewKinds = ['image', 'pdf', 'text', 'csv', 'office', 'other'] as const;
export type PreviewKind = (typeof previewKinds)[number];
export const previewStatuses = ['ready', 'unsupported', 'mismatch', 'failed'] as const;
export type PreviewStatus = (typeof previewStatuses)[number];
export const previewInfo = z.object({
  status: z.enum(previewStatuses),
  /** What the name says the file is. */
  kind: z.enum(previewKinds),
  /** What the first bytes say (e.g. `png`, `pdf`, `zip`, `text`, `html`, `binary`). */
  detected: z.string(),
  /** Whether a thumbnail (320 px) and a page rendition (1600 px) were made: images and a PDF's first page. */
  thumbnail: z.boolean(),
  width: z.optional(z.number()),
  height: z.optional(z.number()),
  pages: z.optional(z.number()),
});
export type PreviewInfo = z.infer<typeof previewInfo>;

export const driveItem = z.object({
  id: z.string(),
  parent_id: z.string(),
  type: z.enum(['folder', 'file']),
  name: z.string(),
  /** Bytes; null for folders and for files whose upload has not been confirmed. */
  size: z.nullable(z.number()),
  version: z.number(),
  /** A file is `pending` from registration until the storage event confirms its bytes. */
  status: z.enum(['pending', 'ready']),
  content_type: z.nullable(z.string()),
  regist_date: z.string(),
  regist_user_id: z.string(),
  update_date: z.string(),
  update_user_id: z.string(),
  /** Pass back with a change (rename): another user's change in between answers -201. */
  row_version: z.number(),
  /** SPEC.md §3 file fields, set at registration (files only). */
  document_style: z.optional(z.enum(documentStyles)),
  transaction_date: z.optional(z.string()),
  transaction_amount: z.optional(z.number()),
  recipient: z.optional(z.string()),
  provider: z.optional(z.string()),
  ...bookkeepingItemFields,
  /** Property item values by item number (docs/property-items.md; files only). */
  properties: z.optional(z.record(z.string(), propertyValue)),
  /** The malware scan's verdict on the current version's bytes (absent until scanned; files only). */
  scan_status: z.optional(z.enum(scanStatuses)),
  /** The preview of the current version's bytes (absent until they were looked at; files only). */
  preview: z.optional(previewInfo),
  /** Fields were read from the current bytes and wait for a person to confirm them (com_drive/read_fields). */
  fields_read: z.optional(z.boolean()),
  /** Came in without a sign-in and waits for a member to accept it (shared/schemas/arrivals.ts; files only). */
  received: z.optional(arrivalInfo),
  /** A folder with permission settings of its own (an allow or deny list): marked in the listings. */
  restricted: z.optional(z.boolean()),
  /** The caller's drive level on the entry after folder permissions (folder listings and file_info): 1 view, 2 active, 3 update. */
  level: z.optional(z.number()),
});
export type DriveItem = z.infer<typeof driveItem>;

export const folderRef = z.object({ id: z.string(), name: z.string() });
export type FolderRef = z.infer<typeof folderRef>;

export const driveSortItems = ['name', 'update_date'] as const;

export const driveInfoRequest = z.strictObject({
  folder_id: z._default(itemId, 'root'),
  sort_item: z._default(z.enum(driveSortItems, 'validation.invalidValue'), 'name'),
  sort_flg: z._default(sortFlag, 1),
  page_size: z._default(pageSize, DEFAULT_PAGE_SIZE),
  cursor: z.optional(cursor),
  /** 1: the subfolders only (folder pickers), read by key condition, never past the last folder. */
  folders_only: z._default(flag, 0),
});
export type DriveInfoRequest = z.input<typeof driveInfoRequest>;

/** A folder's place, as the listings that open one answer it (drive_info, location_sel). */
export const folderPlaceFields = {
  folder: folderRef,
  /** Ancestors from the root down to the folder's parent, for breadcrumbs. */
  path: z.array(folderRef),
  /** The caller's drive level inside the folder after folder permissions (1: view only). */
  level: z.number(),
};

export const driveInfoResponse = z.object({
  ...folderPlaceFields,
  items: z.array(driveItem),
  /** Pass back to read the next page; null on the last page. */
  next_cursor: z.nullable(z.string()),
});
export type DriveInfoResponse = z.infer<typeof driveInfoResponse>;

export const folderRegisterRequest = z.strictObject({
  parent_id: z._default(itemId, 'root'),
  name: itemName,
});
export type FolderRegisterRequest = z.input<typeof folderRegisterRequest>;

export const itemResponse = z.object({ item: driveItem });

/** A MIME type as `type/subtype`, without parameters. */
export const contentType = z.string().check(z.maxLength(CONTENT_TYPE_MAX, 'validation.invalidValue'), z.regex(CONTENT_TYPE_PATTERN, 'validation.invalidValue'));

export { calendarDate, documentStyles, isLegalDocumentStyle, type DocumentStyle } from './bookkeeping-fields.ts';

/**
 * What to do when a file of the same name is in the folder (docs/drive.md "Versions"):
 * `replace` the current version's bytes (no history of them kept), `keep_both` under a numbered
 * name, `delete_old` (the old one to the trash), or keep the current one as an `old_version`.
 */
export const conflictChoices = ['replace', 'keep_both', 'delete_old', 'old_version'] as const;
export type ConflictChoice = (typeof conflictChoices)[number];
/** Choices that destroy the old document: refused for the legal document styles. */
export const destructiveChoices: readonly ConflictChoice[] = ['replace', 'delete_old'];


const uploadSize = z.number('validation.required').check(z.int('validation.invalidValue'), z.gte(0, 'validation.invalidValue'), z.lte(MAX_UPLOAD_BYTES, 'validation.invalidValue'));

export const fileRegisterRequest = z.strictObject({
  folder_id: z._default(itemId, 'root'),
  name: itemName,
  size: uploadSize,
  content_type: z.optional(contentType),
  /** Without it a name held in the folder answers -990000090007. */
  on_conflict: z.optional(z.enum(conflictChoices, 'validation.invalidValue')),
  document_style: z.optional(z.enum(documentStyles, 'validation.invalidValue')),
  transaction_date: z.optional(transactionDate),
  transaction_amount: z.optional(z.number('validation.invalidValue').check(z.int('validation.invalidValue'), z.gte(0, 'validation.invalidValue'), z.lte(TRANSACTION_AMOUNT_MAX, 'validation.invalidValue'))),
  recipient: z.optional(trimmedText(100)),
  provider: z.optional(trimmedText(100)),
  ...bookkeepingFields,
  /**
   * Detailed registration: the values of the property items in use (docs/property-items.md),
   * checked against their definitions; sent (even empty), the required items must be filled.
   */
  properties: z.optional(propertyValues),
  /**
   * Why the bytes of an existing bookkeeping document change (`old_version` over a file of a legal
   * style): required then, as for any correction (docs/e-bookkeeping.md).
   */
  reason: z.optional(bookkeepingReason),
});
export type FileRegisterRequest = z.input<typeof fileRegisterRequest>;

export const singleUpload = z.object({
  method: z.literal('PUT'),
  url: z.string(),
  /** Headers the PUT must carry exactly, because they are part of the signature. */
  headers: z.record(z.string(), z.string()),
  expires_at: z.string(),
});

/** PUT each part to its URL, keep each answer's ETag, then call `com_drive/file_upload_complete`. */
export const multipartUpload = z.object({
  method: z.literal('MULTIPART'),
  upload_id: z.string(),
  part_size: z.number(),
  parts: z.array(z.object({ part_number: z.number(), url: z.string() })),
  expires_at: z.string(),
});

export const fileRegisterResponse = z.object({
  item: driveItem,
  upload: z.discriminatedUnion('method', [singleUpload, multipartUpload]),
  /**
   * Set when the bytes become a new version of an existing file (`replace`, `old_version`, an
   * update): the item stays readable, and is confirmed once its `version` reaches this one.
   */
  upload_version: z.optional(z.number()),
  /** `delete_old`: the file that went to the trash. */
  trashed_id: z.optional(z.string()),
});
export type FileRegisterResponse = z.infer<typeof fileRegisterResponse>;

const uploadId = z.string('validation.required').check(z.minLength(1, 'validation.required'), z.maxLength(1024, 'validation.invalidValue'));

export const fileUploadCompleteRequest = z.strictObject({
  id: itemId,
  upload_id: uploadId,
  parts: z
    .array(z.strictObject({
      part_number: z.number().check(z.int(), z.gte(1), z.lte(10_000, 'validation.invalidValue')),
      etag: z.string().check(z.minLength(1), z.maxLength(256, 'validation.invalidValue')),
    }), 'validation.required')
    .check(z.minLength(1, 'validation.required'), z.maxLength(10_000, 'validation.invalidValue')),
});
export type FileUploadCompleteRequest = z.input<typeof fileUploadCompleteRequest>;

/** The uploader withdraws an upload in progress (the transfers panel's Cancel): its entry or pending version goes at once. */
export const fileUploadCancelRequest = z.strictObject({ id: itemId });
export const fileUploadCancelResponse = z.object({
  /** false: nothing was pending any more (the bytes had arrived and the file is there). */
  released: z.boolean(),
});

/** New URLs for some parts of a multipart upload, e.g. after the first ones expired on a slow link. */
export const fileUploadPartsRequest = z.strictObject({
  id: itemId,
  upload_id: uploadId,
  part_numbers: z
    .array(z.number().check(z.int(), z.gte(1, 'validation.invalidValue'), z.lte(10_000, 'validation.invalidValue')), 'validation.required')
    .check(z.minLength(1, 'validation.required'), z.maxLength(100, 'validation.invalidValue')),
});
export const fileUploadPartsResponse = z.object({
  parts: z.array(z.object({ part_number: z.number(), url: z.string() })),
  expires_at: z.string(),
});

export const itemRequest = z.strictObject({ id: itemId });

export const downloadResponse = z.object({
  url: z.string(),
  file_name: z.string(),
  size: z.number(),
  expires_at: z.string(),
});
export type DownloadResponse = z.infer<typeof downloadResponse>;

/** `thumbnail`: the 320 px rendition; `page`: the 1600 px one; `original`: the bytes themselves, under a safe type (images, PDF, text, CSV). */
export const convertKinds = ['thumbnail', 'page', 'original'] as const;
export type ConvertKind = (typeof convertKinds)[number];
export const convertRequest = z.strictObject({ id: itemId, kind: z.enum(convertKinds, 'validation.invalidValue') });
export const convertResponse = z.object({
  /** A presigned GET valid for 60 seconds, served as an attachment under `content_type`. */
  url: z.string(),
  kind: z.enum(convertKinds),
  content_type: z.string(),
  /** Bytes of what the URL serves (renditions and originals alike). */
  size: z.nullable(z.number()),
  preview: previewInfo,
  expires_at: z.string(),
});
export type ConvertResponse = z.infer<typeof convertResponse>;

const rowVersion = z.number('validation.required').check(z.int('validation.invalidValue'), z.gte(1, 'validation.invalidValue'));
const bulk = <T extends z.ZodMiniType>(entry: T) => z.array(entry, 'validation.required').check(z.minLength(1, 'validation.required'), z.maxLength(BULK_MAX, 'validation.invalidValue'));

export const renameRequest = z.strictObject({ id: itemId, name: itemName, row_version: rowVersion });
export type RenameRequest = z.input<typeof renameRequest>;

/** An entry as the caller saw it: the version guards against a change in between (-201). */
const seenEntry = z.strictObject({ id: itemId, row_version: rowVersion });
const seenItem = z.extend(seenEntry, { type: z.enum(['folder', 'file'], 'validation.invalidValue') });

export const deleteRequest = z.strictObject({
  items: bulk(seenItem),
  /** Required when a selected file is of a legal style: its deletion is recorded with it (docs/e-bookkeeping.md). */
  reason: z.optional(bookkeepingReason),
});

export const moveRequest = z.strictObject({
  items: bulk(seenItem),
  /** The folder they go into ('root' for the top). */
  folder_id: itemId,
});
export type MoveRequest = z.input<typeof moveRequest>;
export type DeleteRequest = z.input<typeof deleteRequest>;

/**
 * What a bulk action did: the ids done, and each refused entry with its code and message. When
 * every entry is refused the call answers the first refusal's code instead.
 */
export const bulkResponse = z.object({
  done: z.array(z.string()),
  /**
   * Each done entry's `row_version` after the action (what its undo passes back: a move back, a
   * restore); an entry deleted for good has none.
   */
  row_versions: z.record(z.string(), z.number()),
  failed: z.array(z.object({ id: z.string(), code: z.number(), message: z.string() })),
});
export type BulkResponse = z.infer<typeof bulkResponse>;

const pagedRequest = z.strictObject({
  page_size: z._default(pageSize, DEFAULT_PAGE_SIZE),
  cursor: z.optional(cursor),
});

export const recycleListRequest = pagedRequest;
export type RecycleListRequest = z.input<typeof recycleListRequest>;

export const trashEntry = z.extend(driveItem, {
  trashed_date: z.string(),
  trashed_user_id: z.string(),
  /** The folders from the root down to where the entry was; the last one may be gone or trashed. */
  original_path: z.array(folderRef),
  /** Whether the original place can take the entry back as it is. */
  original_place: z.enum(['present', 'trashed', 'missing']),
  /** A file still under retention: the last day it is kept (Japan day, YYYY-MM-DD); it cannot be deleted for good before. */
  retained_until: z.optional(z.string()),
});
export type TrashEntry = z.infer<typeof trashEntry>;

export const recycleListResponse = z.object({
  items: z.array(trashEntry),
  /** Whether the list is the whole contract's (drive level 3) or what the caller deleted. */
  scope: z.enum(['contract', 'own']),
  next_cursor: z.nullable(z.string()),
});
export type RecycleListResponse = z.infer<typeof recycleListResponse>;

export const restoreRequest = z.strictObject({
  items: bulk(seenEntry),
  /** A new location for every entry (the root is 'root'); without it each goes back where it was. */
  folder_id: z.optional(itemId),
});
export type RestoreRequest = z.input<typeof restoreRequest>;

export const forceDeleteRequest = z.strictObject({ items: bulk(seenEntry) });
export type ForceDeleteRequest = z.input<typeof forceDeleteRequest>;

export const emptyTrashRequest = z.strictObject({});
/** `finished` false: the trash was large, and the rest is being removed in the background. */
export const emptyTrashResponse = z.object({ finished: z.boolean() });

export const favoriteRequest = z.strictObject({ id: itemId });
export const favoriteResponse = z.object({ favorite: z.boolean() });

/** An entry with the folders from the root down to where it is, to open its place. */
const placedItem = z.extend(driveItem, { path: z.array(folderRef) });

export const favoriteListRequest = pagedRequest;
export type FavoriteListRequest = z.input<typeof favoriteListRequest>;
export const favoriteListResponse = z.object({
  /** Newest first; entries gone or in the trash are left out (they come back with a restore). */
  items: z.array(z.extend(placedItem, { favorite_date: z.string() })),
  next_cursor: z.nullable(z.string()),
});
export type FavoriteListResponse = z.infer<typeof favoriteListResponse>;

export const recentListRequest = z.strictObject({});
export const recentListResponse = z.object({
  /** The files the caller opened, downloaded or changed, newest first (at most 100). */
  items: z.array(z.extend(placedItem, { used_date: z.string(), action: z.enum(['open', 'download', 'change']) })),
});
export type RecentListResponse = z.infer<typeof recentListResponse>;

const tagId = z.string('validation.required').check(z.regex(/^[0-9a-f-]{36}$/, 'validation.invalidValue'));
export const tagScopes = ['common', 'private'] as const;

export const driveTag = z.object({ id: z.string(), name: z.string(), scope: z.enum(tagScopes) });
export type DriveTag = z.infer<typeof driveTag>;

export const tagSearchRequest = z.strictObject({
  /** Tags whose name starts with this (case-insensitive); empty: all, by name. */
  prefix: z._default(z.string().check(z.trim(), z.maxLength(TAG_NAME_MAX, 'validation.tooLong')), ''),
  scope: z._default(z.enum(['all', ...tagScopes], 'validation.invalidValue'), 'all'),
});
export const tagSearchResponse = z.object({
  /** Common tags, then the caller's private tags, each by name (at most 100 of each). */
  tags: z.array(driveTag),
});

export const tagCreateRequest = z.strictObject({
  name: trimmedText(1000),
  scope: z.enum(tagScopes, 'validation.invalidValue'),
});
export type TagCreateRequest = z.input<typeof tagCreateRequest>;
export const tagResponse = z.object({ tag: driveTag });

export const itemTagsResponse = z.object({ tags: z.array(driveTag) });
export const itemTagsSaveRequest = z.strictObject({
  id: itemId,
  /** Every tag the caller wants on the entry, of those it sees (others' private tags are never touched). */
  tag_ids: z.array(tagId, 'validation.required').check(z.maxLength(TAGS_PER_ITEM_MAX, 'validation.invalidValue')),
});
export type ItemTagsSaveRequest = z.input<typeof itemTagsSaveRequest>;

export const itemsTagsRequest = z.strictObject({
  ids: z.array(itemId, 'validation.required').check(z.minLength(1, 'validation.required'), z.maxLength(ITEMS_TAGS_MAX, 'validation.invalidValue')),
});
export type ItemsTagsRequest = z.input<typeof itemsTagsRequest>;
export const itemsTagsResponse = z.object({
  /** Per entry id asked, the tags on it the caller sees (common first, then private, each by name). */
  tags: z.record(z.string(), z.array(driveTag)),
});

export const taggedItemsRequest = z.strictObject({
  tag_id: tagId,
  page_size: z._default(pageSize, DEFAULT_PAGE_SIZE),
  cursor: z.optional(cursor),
});
export const taggedItemsResponse = z.object({
  tag: driveTag,
  /** Newest tagging first; entries in the trash are left out. */
  items: z.array(placedItem),
  next_cursor: z.nullable(z.string()),
});

export const fileDuplicateCheckRequest = z.strictObject({
  folder_id: z._default(itemId, 'root'),
  names: z.array(itemName, 'validation.required').check(z.minLength(1, 'validation.required'), z.maxLength(DUPLICATE_CHECK_MAX, 'validation.invalidValue')),
});
export type FileDuplicateCheckRequest = z.input<typeof fileDuplicateCheckRequest>;
export const fileDuplicateCheckResponse = z.object({
  /** The files whose name (ignoring case) is one of those asked, with the choices they refuse. */
  existing: z.array(z.object({
    name: z.string(),
    item: driveItem,
    refused_choices: z.array(z.enum(conflictChoices)),
  })),
});
export type FileDuplicateCheckResponse = z.infer<typeof fileDuplicateCheckResponse>;

/** New bytes for one existing file: they become its newest version, the current one is kept. */
export const fileUpdateRequest = z.strictObject({
  id: itemId,
  size: uploadSize,
  content_type: z.optional(contentType),
  /** Required for a document of a legal style: the correction's reason (docs/e-bookkeeping.md). */
  reason: z.optional(bookkeepingReason),
});
export type FileUpdateRequest = z.input<typeof fileUpdateRequest>;

export const fileVersion = z.object({
  version: z.number(),
  size: z.number(),
  content_type: z.nullable(z.string()),
  regist_user_id: z.string(),
  /** The name of who made the version, as the user list has it now (absent: the user is gone). */
  regist_user_nm: z.optional(z.string()),
  regist_date: z.string(),
  /** The version the file shows now. */
  current: z.boolean(),
  /** Restored from this earlier version. */
  restored_from: z.optional(z.number()),
  /** The malware scan's verdict on this version's bytes. */
  scan_status: z.optional(z.enum(scanStatuses)),
  /** What made this version: new bytes, or a correction of the document's details (same bytes). */
  kind: z.enum(['bytes', 'details']),
  /** The correction's reason (documents of a legal style). */
  reason: z.optional(z.string()),
  /** The document's details as this version recorded them. */
  fields: z.optional(documentSnapshot),
  /** SHA-256 of the bytes, hex (documents of a legal style; computed when they arrive). */
  sha256: z.optional(z.string()),
  /** The scanner-storage checks on these bytes. */
  scanner_check: z.optional(scannerCheckResult),
});
export type FileVersion = z.infer<typeof fileVersion>;

export const fileHistoryRequest = z.strictObject({
  id: itemId,
  page_size: z._default(pageSize, DEFAULT_PAGE_SIZE),
  cursor: z.optional(cursor),
});
export type FileHistoryRequest = z.input<typeof fileHistoryRequest>;
export const fileHistoryResponse = z.object({
  item: driveItem,
  /** Newest first. */
  versions: z.array(fileVersion),
  next_cursor: z.nullable(z.string()),
});
export type FileHistoryResponse = z.infer<typeof fileHistoryResponse>;

const versionNumber = z.number('validation.required').check(z.int('validation.invalidValue'), z.gte(1, 'validation.invalidValue'));
export const fileVersionRequest = z.strictObject({ id: itemId, version: versionNumber });
export const fileVersionRestoreRequest = z.strictObject({ id: itemId, version: versionNumber, row_version: rowVersion, reason: z.optional(bookkeepingReason) });
export type FileVersionRestoreRequest = z.input<typeof fileVersionRestoreRequest>;

export const copyRequest = z.strictObject({
  items: bulk(seenItem),
  /** The folder the copies go into ('root' for the top). */
  folder_id: itemId,
});
export type CopyRequest = z.input<typeof copyRequest>;

export const zipDownloadRequest = z.strictObject({ items: bulk(seenItem) });
export type ZipDownloadRequest = z.input<typeof zipDownloadRequest>;

const jobId = z.string('validation.required').check(z.regex(/^[0-9a-f-]{36}$/, 'validation.invalidValue'));
export const jobInfoRequest = z.strictObject({ job_id: jobId });

export const driveJobKinds = ['copy', 'zip', 'tax_export', 'retention_extend', 'tag_detach', 'folder_record'] as const;
export const driveJobStates = ['running', 'done', 'failed'] as const;

/** A background job of the drive (copy, ZIP download) as its starter sees it. */
export const driveJob = z.object({
  job_id: z.string(),
  kind: z.enum(driveJobKinds),
  state: z.enum(driveJobStates),
  /** Entries done of `total` (null until the job has counted them). */
  done: z.number(),
  total: z.nullable(z.number()),
  /** Why a failed job failed: the code and message it would have answered. */
  error: z.nullable(z.object({ code: z.number(), message: z.string() })),
  /** copy, done: the new top-level entries (in the destination folder). */
  items: z.array(driveItem),
  /** zip, done: a presigned GET of the ZIP (Content-Disposition with its name). */
  download: z.nullable(downloadResponse),
});
export type DriveJob = z.infer<typeof driveJob>;

export const copyResponse = z.object({
  job: driveJob,
  /** Entries refused before the job started (the rest are in the job). */
  failed: z.array(z.object({ id: z.string(), code: z.number(), message: z.string() })),
  /**
   * A copy done within the call: each source's copy and the name it was given (into the source's
   * own folder "name (1)", "report (1).pdf"). Empty while the job runs: its `items` name them once done.
   */
  copies: z.array(z.object({ source_id: z.string(), id: z.string(), name: z.string() })),
});
export type CopyResponse = z.infer<typeof copyResponse>;

export const jobResponse = z.object({ job: driveJob });
export type JobResponse = z.infer<typeof jobResponse>;

/**
 * Folder permissions (docs/drive.md "Folder permissions"): users and groups on a view side and an
 * update side. `allow`: only those listed reach the folder (view side: read only); `deny`: those on
 * the view side do not reach it, those on the update side may only read it; everyone else keeps
 * what the folders above allow. A folder's settings apply to everything below it and a subfolder's
 * own settings narrow them further, never widen them; drive levels stay the ceiling.
 */
export const permissionPolicies = ['allow', 'deny'] as const;
export type PermissionPolicy = (typeof permissionPolicies)[number];
const groupUuid = z.uuid('validation.invalidValue');
const permissionSide = z.strictObject({
  users: z._default(z.array(userId, 'validation.invalidValue'), []),
  groups: z._default(z.array(groupUuid, 'validation.invalidValue'), []),
});
export type PermissionSide = z.output<typeof permissionSide>;

export const permissionInfoRequest = z.strictObject({ id: itemId });
const principal = z.object({ kind: z.enum(['user', 'group']), id: z.string(), name: z.string() });
export type PermissionPrincipal = z.infer<typeof principal>;
export const permissionInfoResponse = z.object({
  folder: folderRef,
  row_version: z.number(),
  /** The folder has settings of its own (else it follows the folders above). */
  own: z.boolean(),
  policy: z.enum(permissionPolicies),
  view: z.array(principal),
  update: z.array(principal),
  /** The folders above with settings of their own, from the top: theirs apply here too. */
  inherited: z.array(z.object({ folder: folderRef, policy: z.enum(permissionPolicies), view: z.array(principal), update: z.array(principal) })),
  /** Whether the caller may change them (administrators, and those who may update the folder). */
  may_edit: z.boolean(),
});
export type PermissionInfoResponse = z.infer<typeof permissionInfoResponse>;

export const permissionSaveRequest = z.strictObject({
  id: itemId,
  row_version: rowVersion,
  /** 1: remove the folder's own settings (it follows the folders above again). */
  inherit: z._default(flag, 0),
  policy: z._default(z.enum(permissionPolicies, 'validation.invalidValue'), 'allow'),
  view: z._default(permissionSide, { users: [], groups: [] }),
  update: z._default(permissionSide, { users: [], groups: [] }),
}).check(z.refine((request) => request.view.users.length + request.view.groups.length + request.update.users.length + request.update.groups.length <= FOLDER_PERMISSION_ENTRIES_MAX, {
  message: 'validation.invalidValue', path: ['view'], params: { max: FOLDER_PERMISSION_ENTRIES_MAX },
}));
export type PermissionSaveRequest = z.input<typeof permissionSaveRequest>;
export const permissionSaveResponse = z.object({ row_version: z.number() });

/** Sort orders of the search (SPEC.md §2 /search-result; docs/drive.md "Search"). */
export const searchSortItems = ['name', 'update_date', 'transaction_date', 'transaction_amount'] as const;
export type SearchSortItem = (typeof searchSortItems)[number];
/** Conditions of one kind a search may combine: tags and document styles. */
export const SEARCH_LIST_MAX = 5;

const amount = z.number('validation.invalidValue').check(z.int('validation.invalidValue'), z.gte(0, 'validation.invalidValue'), z.lte(TRANSACTION_AMOUNT_MAX, 'validation.invalidValue'));

const searchRanges = z.superRefine((value: { date_from?: string; date_to?: string; amount_min?: number; amount_max?: number }, context) => {
  if (value.date_from !== undefined && value.date_to !== undefined && value.date_to < value.date_from) {
    context.issues.push({ code: 'custom', path: ['date_to'], message: 'validation.dateRangeReversed', input: value });
  }
  if (value.amount_min !== undefined && value.amount_max !== undefined && value.amount_max < value.amount_min) {
    context.issues.push({ code: 'custom', path: ['amount_max'], message: 'validation.amountRangeReversed', input: value });
  }
});

/**
 * `com_drive/search`: every condition is optional and they combine (AND); none lists everything
 * the caller sees. Transaction date, amount, partner and document style match files only.
 */
export const searchRequest = z.strictObject({
  /** Part of the name (any position), matched case- and width-insensitively (NFKC). */
  name: z.optional(trimmedText(ITEM_NAME_MAX)),
  /** Every one of these tags (common, or the caller's private). */
  tag_ids: z.optional(z.array(tagId, 'validation.invalidValue').check(z.maxLength(SEARCH_LIST_MAX, 'validation.invalidValue'))),
  /** Any of these document styles. */
  document_styles: z.optional(z.array(z.enum(documentStyles, 'validation.invalidValue'), 'validation.invalidValue').check(z.maxLength(SEARCH_LIST_MAX, 'validation.invalidValue'))),
  /** Transaction date from / to (inclusive), YYYY-MM-DD, each within the accepted transaction dates. */
  date_from: z.optional(transactionDate),
  date_to: z.optional(transactionDate),
  /** Transaction amount from / to (inclusive), JPY. */
  amount_min: z.optional(amount),
  amount_max: z.optional(amount),
  /** Part of the trading partner (recipient or provider). */
  partner: z.optional(trimmedText(100)),
  /** The qualified invoice issuer's registration number (normalised; exact match). */
  invoice_number: z.optional(invoiceNumber),
  /** Every one of these property-item conditions (one per item; files only). */
  properties: z.optional(z.array(propertyCondition, 'validation.invalidValue').check(z.maxLength(SEARCH_LIST_MAX, 'validation.invalidValue'))),
  /**
   * 1: bookkeeping documents deleted logically (in the trash, kept for their retention) match too
   * (docs/e-bookkeeping.md); for those who see the contract's trash (drive level 3, administrators).
   */
  include_deleted: z._default(flag, 0),
  /** Only this folder and everything below it; absent: the whole drive. */
  folder_id: z.optional(itemId),
  sort_item: z._default(z.enum(searchSortItems, 'validation.invalidValue'), 'name'),
  sort_flg: z._default(sortFlag, 1),
  page_size: z._default(pageSize, DEFAULT_PAGE_SIZE),
  cursor: z.optional(cursor),
}).check(searchRanges);
export type SearchRequest = z.input<typeof searchRequest>;

export const searchResponse = z.object({
  /** Matches in the order asked for, each with its path from the root and the caller's level on it (`trashed_date`: deleted logically). */
  items: z.array(z.extend(placedItem, { trashed_date: z.optional(z.string()) })),
  /** Pass back with the same conditions to read on; null when nothing more can match. */
  next_cursor: z.nullable(z.string()),
  /** Items read to answer: index items and entries (at most SEARCH_READS_MAX) and the folders above the hits. Administrators only (it counts hidden matches too). */
  read_count: z.optional(z.number()),
  /** 1: the page stopped at the read limit before it was full; read on with the cursor. */
  capped: flag,
});
export type SearchResponse = z.infer<typeof searchResponse>;
