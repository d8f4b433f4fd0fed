import * as z from 'zod/mini';
import type { MessageKey } from '../messages.ts';
import { cursor, DEFAULT_PAGE_SIZE, intRange, itemId, pageSize } from '../validation.ts';
import { CONTRACT_ID_MAX } from './auth.ts';

/**
 * Share links (docs/drive.md "Share links"): a URL that lets anyone who holds it download one file
 * without signing in, for a validity period and up to a number of downloads, optionally behind a
 * password. The URL is `/share/<kyk_id>/<token>`; the token is the link id (16 characters) followed by
 * the secret (43), both base64url from a CSPRNG (96 + 256 bits; no dot, which the edge would take for a file's extension); only the secret's SHA-256 is stored, so the URL is shown once, when made.
 */

const message = (key: MessageKey) => ({ error: key });

/** The most links a file may have at once (any state); a revoked or expired one still counts until it is deleted with its file. */
export const SHARE_LINKS_PER_FILE_MAX = 50;
/** How long a granted download URL lives: the download starts inside it, range requests of that download included. */
export const SHARE_GRANT_SECONDS = 60;
export const SHARE_PASSWORD_MIN = 8;
export const SHARE_PASSWORD_MAX = 64;

/** The link id then the secret: 16 + 43 base64url characters. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{59}$/;
export const SHARE_LINK_ID_LENGTH = 16;
export const SHARE_LINK_ID_PATTERN = /^[A-Za-z0-9_-]{16}$/;

export const shareUrlPath = (kykId: string, token: string): string => `/share/${encodeURIComponent(kykId)}/${token}`;

/** What a link is now: only `active` grants downloads. `stopped`: its file is in the trash or gone, or its creator may no longer see it. */
export const shareLinkStates = ['active', 'expired', 'exhausted', 'revoked', 'stopped'] as const;
export type ShareLinkState = (typeof shareLinkStates)[number];

const linkId = z.string(message('validation.required')).check(z.regex(SHARE_LINK_ID_PATTERN, message('validation.invalidValue')));

const password = z.string(message('validation.invalidValue')).check(
  z.minLength(SHARE_PASSWORD_MIN, message('validation.sharePasswordLength')),
  z.maxLength(SHARE_PASSWORD_MAX, message('validation.sharePasswordLength')),
);

/** The contract's rules for links (common settings), as the share dialog needs them. */
export const shareLinkRules = z.object({
  allowed: z.boolean(),
  default_days: z.number(),
  max_days: z.number(),
  /** 0: no limit. */
  default_downloads: z.number(),
  max_downloads: z.number(),
  password_required: z.boolean(),
});
export type ShareLinkRules = z.infer<typeof shareLinkRules>;

export const shareLink = z.object({
  link_id: z.string(),
  item_id: z.string(),
  /** The file's name when the link was made (it may have been renamed since). */
  item_name: z.string(),
  creator_id: z.string(),
  creator_nm: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  /** 0: no limit. */
  max_downloads: z.number(),
  downloads: z.number(),
  has_password: z.boolean(),
  state: z.enum(shareLinkStates),
  revoked_at: z.nullable(z.string()),
  revoked_by_nm: z.nullable(z.string()),
  /** The caller may revoke it: its creator, an administrator, or whoever may update the file. */
  may_revoke: z.boolean(),
});
export type ShareLink = z.infer<typeof shareLink>;

/** `com_drive/share_link_create_btn`: days and downloads default to the contract's defaults. */
export const shareLinkCreateRequest = z.strictObject({
  id: itemId,
  days: z.optional(intRange(1, 365)),
  max_downloads: z.optional(intRange(0, 10_000)),
  password: z.optional(password),
});
export type ShareLinkCreateRequest = z.input<typeof shareLinkCreateRequest>;
export const shareLinkCreateResponse = z.object({
  link: shareLink,
  /** The path to hand out (the secret is not kept: this is the only time it is shown). */
  url_path: z.string(),
});

/** `com_drive/share_link_list`: the links of one file, newest first, with the contract's rules. */
export const shareLinkListRequest = z.strictObject({ id: itemId });
export const shareLinkListResponse = z.object({ links: z.array(shareLink), rules: shareLinkRules });
export type ShareLinkListResponse = z.infer<typeof shareLinkListResponse>;

export const shareLinkRevokeRequest = z.strictObject({ link_id: linkId });
export const shareLinkRevokeResponse = z.object({ link: shareLink });

/** `com_drive/share_link_admin_list`: every link of the contract, newest first, a page at a time. */
export const shareLinkAdminListRequest = z.strictObject({
  page_size: z._default(pageSize, DEFAULT_PAGE_SIZE),
  cursor: z.optional(cursor),
});
export const shareLinkAdminListResponse = z.object({ links: z.array(shareLink), next_cursor: z.nullable(z.string()) });
export type ShareLinkAdminListResponse = z.infer<typeof shareLinkAdminListResponse>;

/** The public page's calls: no sign-in, the contract and the token from the URL. */
const publicLink = {
  kyk_id: z.string(message('validation.invalidValue')).check(z.minLength(1, message('validation.invalidValue')), z.maxLength(CONTRACT_ID_MAX, message('validation.invalidValue'))),
  token: z.string(message('validation.invalidValue')).check(z.regex(SHARE_TOKEN_PATTERN, message('validation.invalidValue'))),
};

export const sharePublicInfoRequest = z.strictObject(publicLink);
/** Behind a password, the file's name and size are told only with the download. */
export const sharePublicInfoResponse = z.object({
  password_required: z.boolean(),
  file_name: z.nullable(z.string()),
  size: z.nullable(z.number()),
  expires_at: z.string(),
  /** Downloads left; null: no limit. */
  downloads_left: z.nullable(z.number()),
});
export type SharePublicInfoResponse = z.infer<typeof sharePublicInfoResponse>;

export const sharePublicDownloadRequest = z.strictObject({ ...publicLink, password: z.optional(z.string(message('validation.invalidValue')).check(z.maxLength(SHARE_PASSWORD_MAX, message('validation.invalidValue')))) });
export const sharePublicDownloadResponse = z.object({
  url: z.string(),
  file_name: z.string(),
  size: z.number(),
  expires_at: z.string(),
  downloads_left: z.nullable(z.number()),
});
export type SharePublicDownloadResponse = z.infer<typeof sharePublicDownloadResponse>;
