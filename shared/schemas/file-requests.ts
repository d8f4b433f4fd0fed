import * as z from 'zod/mini';
import type { MessageKey } from '../messages.ts';
import { MULTIPART_THRESHOLD_BYTES, isContentType } from '../drive-limits.ts';
import { cursor, DEFAULT_PAGE_SIZE, intRange, itemId, itemName, pageSize, trimmedText } from '../validation.ts';
import { CONTRACT_ID_MAX } from './auth.ts';
import { documentStyles } from './bookkeeping-fields.ts';
import { SHARE_PASSWORD_MAX, SHARE_PASSWORD_MIN, SHARE_TOKEN_PATTERN, SHARE_LINK_ID_PATTERN, shareLinkRules } from './share-links.ts';

/**
 * File-request links (docs/drive.md "File requests"): an upload-only link to a folder, like Box's
 * File Request and Nextcloud's File drop. Anyone holding the URL may send files into the folder,
 * within the link's validity, file count, bytes and types, never seeing the folder's contents or
 * other senders' files. The token has the share links' shape (a 16-character id then a 43-character
 * secret; only the secret's SHA-256 is kept) and the same guessing throttles. The URL is
 * `/request/<kyk_id>/<token>`. What arrives is "received" (shared/schemas/arrivals.ts).
 */

const message = (key: MessageKey) => ({ error: key });

/** Kinds of file a link may accept, judged by the name's extension (the bytes are checked as any upload's). */
export const requestFileKinds = ['pdf', 'image', 'office', 'csv', 'zip', 'text'] as const;
export type RequestFileKind = (typeof requestFileKinds)[number];
/** The extensions of each kind. */
export const requestKindExtensions: Readonly<Record<RequestFileKind, readonly string[]>> = {
  pdf: ['pdf'],
  image: ['jpg', 'jpeg', 'png', 'gif', 'tif', 'tiff', 'bmp', 'webp', 'heic'],
  office: ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp', 'rtf'],
  csv: ['csv', 'tsv'],
  zip: ['zip'],
  text: ['txt', 'xml', 'json', 'eml'],
};
/** The kind a file name's extension is, if any. */
export function requestKindOf(name: string): RequestFileKind | undefined {
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  return requestFileKinds.find((kind) => requestKindExtensions[kind].includes(ext));
}

/** A sent file is one presigned PUT: at most the multipart threshold (64 MiB). */
export const REQUEST_FILE_BYTES_MAX = MULTIPART_THRESHOLD_BYTES;
export const REQUEST_FILES_MAX = 1000;
/** A link's byte budget: 1 MiB to 10 GiB, given in MiB. */
export const REQUEST_MEGABYTES_MAX = 10 * 1024;
export const REQUEST_MESSAGE_MAX = 300;
export const REQUEST_SENDER_MAX = 100;
/** The most links a folder may have at once (any state). */
export const FILE_REQUESTS_PER_FOLDER_MAX = 50;

export const requestUrlPath = (kykId: string, token: string): string => `/request/${encodeURIComponent(kykId)}/${token}`;

/** What a link is now: only `active` takes files. `full`: its file count or bytes are used up. `stopped`: its folder is in the trash or gone, or its creator may no longer upload there or issue links. */
export const fileRequestStates = ['active', 'expired', 'full', 'revoked', 'stopped'] as const;
export type FileRequestState = (typeof fileRequestStates)[number];

const requestId = z.string(message('validation.required')).check(z.regex(SHARE_LINK_ID_PATTERN, message('validation.invalidValue')));
const password = z.string(message('validation.invalidValue')).check(
  z.minLength(SHARE_PASSWORD_MIN, message('validation.sharePasswordLength')),
  z.maxLength(SHARE_PASSWORD_MAX, message('validation.sharePasswordLength')),
);

export const fileRequest = z.object({
  request_id: z.string(),
  folder_id: z.string(),
  /** The folder's name when the link was made. */
  folder_name: z.string(),
  /** What the sender's page shows as its heading (the folder's name unless the creator gave one). */
  title: z.string(),
  message: z.string(),
  creator_id: z.string(),
  creator_nm: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  max_files: z.number(),
  max_bytes: z.number(),
  files_received: z.number(),
  bytes_received: z.number(),
  /** Empty: every kind. */
  allowed_kinds: z.array(z.enum(requestFileKinds)),
  /** The style accepting applies to what arrives (absent: general). */
  document_style: z.optional(z.enum(documentStyles)),
  has_password: z.boolean(),
  state: z.enum(fileRequestStates),
  revoked_at: z.nullable(z.string()),
  revoked_by_nm: z.nullable(z.string()),
  may_revoke: z.boolean(),
});
export type FileRequest = z.infer<typeof fileRequest>;

/**
 * `com_drive/file_request_create_btn`: by a user who may upload into the folder and issue links (the
 * common settings' URL issuing and its level). Days default to the contract's link default and may
 * not pass its maximum; a password is needed when the settings ask for one on every link.
 */
export const fileRequestCreateRequest = z.strictObject({
  folder_id: itemId,
  title: z.optional(trimmedText(80)),
  message: z.optional(z.string(message('validation.invalidValue')).check(z.trim(), z.maxLength(REQUEST_MESSAGE_MAX, message('validation.tooLong')))),
  days: z.optional(intRange(1, 365)),
  max_files: z._default(intRange(1, REQUEST_FILES_MAX), 20),
  max_megabytes: z._default(intRange(1, REQUEST_MEGABYTES_MAX), 1024),
  allowed_kinds: z._default(z.array(z.enum(requestFileKinds, message('validation.invalidValue')), message('validation.invalidValue')).check(z.maxLength(requestFileKinds.length, message('validation.invalidValue'))), []),
  document_style: z.optional(z.enum(documentStyles, message('validation.invalidValue'))),
  password: z.optional(password),
});
export type FileRequestCreateRequest = z.input<typeof fileRequestCreateRequest>;
export const fileRequestCreateResponse = z.object({ request: fileRequest, url_path: z.string() });

/**
 * `com_drive/file_request_list`: the caller's own links (of one folder when given), newest first;
 * with the contract's link rules (validity, password), which the SPA's dialog offers a new link within.
 */
export const fileRequestListRequest = z.strictObject({ folder_id: z.optional(itemId) });
export const fileRequestListResponse = z.object({ requests: z.array(fileRequest), rules: z.optional(shareLinkRules) });
export type FileRequestListResponse = z.infer<typeof fileRequestListResponse>;

/** `com_drive/file_request_admin_list`: every link of the contract, newest first, a page at a time. */
export const fileRequestAdminListRequest = z.strictObject({ page_size: z._default(pageSize, DEFAULT_PAGE_SIZE), cursor: z.optional(cursor) });
export const fileRequestAdminListResponse = z.object({ requests: z.array(fileRequest), next_cursor: z.nullable(z.string()) });
export type FileRequestAdminListResponse = z.infer<typeof fileRequestAdminListResponse>;

export const fileRequestRevokeRequest = z.strictObject({ request_id: requestId });
export const fileRequestRevokeResponse = z.object({ request: fileRequest });

/** The sender's page: no sign-in; the contract and token from the URL. */
const publicRequest = {
  kyk_id: z.string(message('validation.invalidValue')).check(z.minLength(1, message('validation.invalidValue')), z.maxLength(CONTRACT_ID_MAX, message('validation.invalidValue'))),
  token: z.string(message('validation.invalidValue')).check(z.regex(SHARE_TOKEN_PATTERN, message('validation.invalidValue'))),
  password: z.optional(z.string(message('validation.invalidValue')).check(z.maxLength(SHARE_PASSWORD_MAX, message('validation.invalidValue')))),
};

/** `request/info`: what the link takes. Behind a password, only that one is needed (a right password is checked as a sign-in's). */
export const requestInfoRequest = z.strictObject(publicRequest);
export const requestInfoResponse = z.object({
  password_required: z.boolean(),
  /** Null until the password is given. */
  title: z.nullable(z.string()),
  message: z.nullable(z.string()),
  creator_nm: z.nullable(z.string()),
  expires_at: z.string(),
  files_left: z.number(),
  bytes_left: z.number(),
  max_file_bytes: z.number(),
  allowed_kinds: z.array(z.enum(requestFileKinds)),
});
export type RequestInfoResponse = z.infer<typeof requestInfoResponse>;

/**
 * `request/upload`: one file, counted against the link's files and bytes by one conditional update
 * (a link of N files takes exactly N, however many send at once), then registered as received and
 * answered a presigned PUT. A name the folder holds gets "(1)".
 */
export const requestUploadRequest = z.strictObject({
  ...publicRequest,
  name: itemName,
  size: z.number(message('validation.required')).check(z.int(message('validation.invalidValue')), z.gte(0, message('validation.invalidValue')), z.lte(REQUEST_FILE_BYTES_MAX, message('validation.fileTooLarge'))),
  content_type: z.optional(z.string(message('validation.invalidValue')).check(z.refine(isContentType, message('validation.invalidValue')))),
  /** Who is sending, as they say (kept with the file, unverified). */
  sender: z.optional(z.string(message('validation.invalidValue')).check(z.trim(), z.maxLength(REQUEST_SENDER_MAX, message('validation.tooLong')))),
});
export const requestUploadResponse = z.object({
  /** The name the file got (numbered when the folder holds one). */
  name: z.string(),
  url: z.string(),
  headers: z.record(z.string(), z.string()),
  expires_at: z.string(),
  files_left: z.number(),
  bytes_left: z.number(),
});
export type RequestUploadResponse = z.infer<typeof requestUploadResponse>;
