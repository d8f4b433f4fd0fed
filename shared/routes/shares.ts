import * as requests from '../schemas/file-requests.ts';
import * as shares from '../schemas/share-links.ts';
import { route, type RouteDef } from './define.ts';

/**
 * Share links (docs/drive.md "Share links"), a Lambda of their own: the two public calls of the
 * download page are the product's only unauthenticated surface over tenant files, kept apart from
 * the drive's code and permissions.
 */
export const sharesRoutes = {
  'com_drive/share_link_create_btn': route({
    idempotent: true,
    group: 'shares', access: 'drive-view', summary: 'Make a share link to a file (validity, download limit, optional password); its URL is shown once',
    request: shares.shareLinkCreateRequest, response: shares.shareLinkCreateResponse,
  }),
  'com_drive/share_link_list': route({
    group: 'shares', access: 'drive-view', summary: "A file's share links, newest first, with the contract's rules for new ones",
    request: shares.shareLinkListRequest, response: shares.shareLinkListResponse,
  }),
  'com_drive/share_link_revoke_btn': route({
    group: 'shares', access: 'drive-view', summary: 'Revoke a share link (its creator, an administrator, or whoever may update the file)',
    request: shares.shareLinkRevokeRequest, response: shares.shareLinkRevokeResponse,
  }),
  'com_drive/share_link_admin_list': route({
    group: 'shares', access: 'admin', summary: "Every share link of the contract, newest first, a page at a time",
    request: shares.shareLinkAdminListRequest, response: shares.shareLinkAdminListResponse,
  }),
  'share/info': route({
    group: 'shares', access: 'public', summary: 'The public download page: what a share link offers (throttled per address)',
    request: shares.sharePublicInfoRequest, response: shares.sharePublicInfoResponse,
  }),
  'share/download': route({
    group: 'shares', access: 'public', summary: 'The public download page: one download of a share link, counted atomically, as a presigned GET valid 60 s',
    request: shares.sharePublicDownloadRequest, response: shares.sharePublicDownloadResponse,
  }),
  'com_drive/file_request_create_btn': route({
    idempotent: true,
    group: 'shares', access: 'drive-active', summary: 'Make a file-request link to a folder (upload-only: validity, files, bytes, kinds, optional password and document style); its URL is shown once',
    request: requests.fileRequestCreateRequest, response: requests.fileRequestCreateResponse,
  }),
  'com_drive/file_request_list': route({
    group: 'shares', access: 'drive-view', summary: "The caller's own file-request links (of one folder when given), newest first",
    request: requests.fileRequestListRequest, response: requests.fileRequestListResponse,
  }),
  'com_drive/file_request_revoke_btn': route({
    group: 'shares', access: 'drive-view', summary: 'Revoke a file-request link (its creator, an administrator, or whoever may update the folder)',
    request: requests.fileRequestRevokeRequest, response: requests.fileRequestRevokeResponse,
  }),
  'com_drive/file_request_admin_list': route({
    group: 'shares', access: 'admin', summary: 'Every file-request link of the contract, newest first, a page at a time',
    request: requests.fileRequestAdminListRequest, response: requests.fileRequestAdminListResponse,
  }),
  'request/info': route({
    group: 'shares', access: 'public', summary: "The public request page: what a file-request link takes (throttled per address; its password per link)",
    request: requests.requestInfoRequest, response: requests.requestInfoResponse,
  }),
  'request/upload': route({
    group: 'shares', access: 'public', summary: "The public request page: one file, counted against the link's files and bytes atomically, registered as received, answered a presigned PUT",
    request: requests.requestUploadRequest, response: requests.requestUploadResponse,
  }),
} as const satisfies Record<string, RouteDef>;
