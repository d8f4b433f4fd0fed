import { FILE_REQUESTS_PER_FOLDER_MAX, requestUrlPath, type FileRequest, type FileRequestState } from '#shared/schemas/file-requests.ts';
import type { CommonSettings } from '#shared/schemas/settings.ts';
import { auditActor, type Caller, type Operation } from '#lib/api-handler.ts';
import { idempotent } from '#lib/idempotency.ts';
import { nowIso } from '#lib/data/table.ts';
import { DomainError, InputError } from '#lib/errors.ts';
import { hashPassword } from '#lib/passwords.ts';
import { getCommonSettings } from '#data/common-settings.ts';
import { ROOT_ID } from '#data/drive-items.ts';
import {
  FolderRequestsFull, getFileRequest, insertFileRequest, listContractRequests, listCreatorRequests, revokeFileRequest, type FileRequestRecord,
} from '#data/file-requests.ts';
import { arrivalFolder } from '#domain/drive/arrivals.ts';
import { viewerOf } from '#domain/drive/folder-access.ts';
import { itemNotFound, writableFolder } from '#domain/drive/reach.ts';
import { mayIssueLinks } from '#domain/drive/share-right.ts';
import { newLinkToken, rulesOf } from './link-rules.ts';

/**
 * File-request links (docs/drive.md "File requests"): made, listed and revoked by signed-in users.
 * The public page's calls are in public-request.ts.
 */

/** The most of a creator's own links one list shows (a folder holds at most FILE_REQUESTS_PER_FOLDER_MAX). */
export const OWN_REQUESTS_LISTED = 200;
/** How the root folder is named in a link's folder name. */
const ROOT_NAME = '/';
const DAY_MS = 86_400_000;
const MIB = 1024 * 1024;

/**
 * What a link is now, the first that applies: revoked, expired, full (its files or bytes used up),
 * stopped (`usable` false: its folder is not one its creator may add to and issue links for now),
 * else active.
 */
export function requestStateOf(request: FileRequestRecord, usable: boolean, now = nowIso()): FileRequestState {
  if (request.revoked_at) return 'revoked';
  if (request.expires_at <= now) return 'expired';
  if (request.files_received >= request.max_files || request.bytes_left <= 0) return 'full';
  return usable ? 'active' : 'stopped';
}

export const toFileRequest = (request: FileRequestRecord, state: FileRequestState, mayRevoke: boolean, folderName = request.folder_name): FileRequest => ({
  request_id: request.request_id,
  folder_id: request.folder_id,
  folder_name: folderName,
  title: request.title,
  message: request.message,
  creator_id: request.creator_id,
  creator_nm: request.creator_nm,
  created_at: request.created_at,
  expires_at: request.expires_at,
  max_files: request.max_files,
  max_bytes: request.max_bytes,
  files_received: request.files_received,
  bytes_received: request.bytes_received,
  allowed_kinds: request.allowed_kinds,
  ...(request.document_style ? { document_style: request.document_style } : {}),
  has_password: !!request.password_hash,
  state,
  revoked_at: request.revoked_at ?? null,
  revoked_by_nm: request.revoked_by_nm ?? null,
  may_revoke: mayRevoke && !request.revoked_at,
});

/**
 * The folder a link sends into, as its creator reaches it now (arrivalFolder: the one rule for what
 * arrives), while they may also issue links there and the contract has links on. Undefined: stopped.
 */
export async function requestFolder(request: Pick<FileRequestRecord, 'kyk_id' | 'folder_id' | 'creator_id'>, settings: CommonSettings) {
  if (settings.url_issuing !== 1) return undefined;
  const reached = await arrivalFolder({ kykId: request.kyk_id, folderId: request.folder_id, creatorId: request.creator_id });
  if (!reached || !mayIssueLinks(reached.folder.level, reached.viewer.rights, settings)) return undefined;
  return reached;
}

const folderNameOf = (chain: readonly { name: string }[]): string => chain.at(-1)?.name ?? ROOT_NAME;

/** Each link with its state now and its folder's name now (the stored one when it is not reached). */
async function withStates(requests: FileRequestRecord[], settings: CommonSettings, mayRevoke: (request: FileRequestRecord) => boolean): Promise<FileRequest[]> {
  const reaches = new Map<string, ReturnType<typeof requestFolder>>();
  const reachOf = (request: FileRequestRecord) => {
    const key = `${request.creator_id}\n${request.folder_id}`;
    if (!reaches.has(key)) reaches.set(key, requestFolder(request, settings));
    return reaches.get(key)!;
  };
  return Promise.all(requests.map(async (request) => {
    // Only a link that would otherwise take files needs its folder reached.
    const reached = requestStateOf(request, true) === 'active' ? await reachOf(request) : undefined;
    const name = reached ? folderNameOf(reached.folder.chain) : request.folder_name;
    return toFileRequest(request, requestStateOf(request, !!reached), mayRevoke(request), name);
  }));
}

/**
 * Makes a link to a folder the caller may add to and issue links for, within the contract's rules
 * (common settings): links allowed, validity at most the maximum (the default when not sent), a
 * password when required; at most FILE_REQUESTS_PER_FOLDER_MAX per folder (a counter in the same
 * transaction as the link and its audit record). Once per Idempotency-Key, as share links.
 */
export const createFileRequest: Operation<'com_drive/file_request_create_btn'> = (context) => idempotent(context, async () => {
  const { caller, input } = context;
  const viewer = viewerOf(caller);
  const [{ settings }, folder] = await Promise.all([getCommonSettings(caller.kykId), writableFolder(viewer, input.folder_id)]);
  const rules = rulesOf(settings);
  if (!rules.allowed) throw new DomainError('shareLinksNotAllowed');
  if (!folder) throw itemNotFound();
  // Issuing is a right: from the level the common settings choose, in this folder (folder settings applied).
  if (!mayIssueLinks(folder.level, caller.rights, settings)) throw new DomainError('permissionError');

  const days = input.days ?? rules.default_days;
  const fields: Record<string, 'validation.shareDaysAboveMaximum' | 'validation.sharePasswordRequired'> = {};
  const params: Record<string, { max: number }> = {};
  if (days > rules.max_days) {
    fields.days = 'validation.shareDaysAboveMaximum';
    params.days = { max: rules.max_days };
  }
  if (rules.password_required && !input.password) fields.password = 'validation.sharePasswordRequired';
  if (Object.keys(fields).length > 0) throw new InputError(fields, params);

  const { linkId, token, secretHash } = newLinkToken();
  const now = new Date();
  const folderName = input.folder_id === ROOT_ID ? ROOT_NAME : folderNameOf(folder.chain);
  const maxBytes = input.max_megabytes * MIB;
  const request: FileRequestRecord = {
    kyk_id: caller.kykId, request_id: linkId, secret_hash: secretHash,
    folder_id: input.folder_id, folder_name: folderName,
    title: input.title || folderName, message: input.message ?? '',
    creator_id: caller.userId, creator_nm: caller.user.user_nm,
    created_at: now.toISOString(), expires_at: new Date(now.getTime() + days * DAY_MS).toISOString(),
    max_files: input.max_files, max_bytes: maxBytes, files_received: 0, bytes_received: 0, bytes_left: maxBytes,
    allowed_kinds: [...new Set(input.allowed_kinds)],
    ...(input.document_style ? { document_style: input.document_style } : {}),
    ...(input.password ? { password_hash: await hashPassword(input.password) } : {}),
  };
  try {
    await insertFileRequest(auditActor(context), request, FILE_REQUESTS_PER_FOLDER_MAX);
  } catch (error) {
    if (error instanceof FolderRequestsFull) throw new DomainError('fileRequestsPerFolderLimit', { max: FILE_REQUESTS_PER_FOLDER_MAX });
    throw error;
  }
  return { request: toFileRequest(request, 'active', true), url_path: requestUrlPath(caller.kykId, token) };
});

/** The caller's own links (of one folder when asked), newest first, each with its state now. */
export const listFileRequests: Operation<'com_drive/file_request_list'> = async ({ caller, input }) => {
  const [{ settings }, requests] = await Promise.all([
    getCommonSettings(caller.kykId),
    listCreatorRequests(caller.kykId, caller.userId, input.folder_id ? FILE_REQUESTS_PER_FOLDER_MAX : OWN_REQUESTS_LISTED, input.folder_id),
  ]);
  // The contract's link rules too: the dialog offers a new link's validity within them.
  return { requests: await withStates(requests, settings, () => true), rules: rulesOf(settings) };
};

/** The caller's level in a folder (0: not there for them; 1: they may only read it). */
async function levelIn(caller: Caller, folderId: string): Promise<number> {
  try {
    return (await writableFolder(viewerOf(caller), folderId))?.level ?? 0;
  } catch (error) {
    if (error instanceof DomainError) return 1;
    throw error;
  }
}

/**
 * Revokes a link: its creator, an administrator (any link of the contract), or whoever may update
 * its folder. A link of a folder the caller does not reach is not there for them.
 */
export const revokeRequest: Operation<'com_drive/file_request_revoke_btn'> = async (context) => {
  const { caller, input } = context;
  const request = await getFileRequest(caller.kykId, input.request_id);
  if (!request) throw new DomainError('shareLinkNotFound');
  if (request.creator_id !== caller.userId && !caller.rights.admin) {
    const level = await levelIn(caller, request.folder_id);
    if (level === 0) throw new DomainError('shareLinkNotFound');
    if (level < 3) throw new DomainError('permissionError');
  }
  const revoked = await revokeFileRequest(auditActor(context), request, nowIso());
  return { request: toFileRequest(revoked, 'revoked', false) };
};

/** Every link of the contract for its administrators, newest first, a page at a time, each with its state now. */
export const listContractFileRequests: Operation<'com_drive/file_request_admin_list'> = async ({ caller, input }) => {
  const page = await listContractRequests(caller.kykId, { pageSize: input.page_size, cursor: input.cursor });
  if (!page) throw new InputError({ cursor: 'validation.invalidValue' });
  const { settings } = await getCommonSettings(caller.kykId);
  return { requests: await withStates(page.requests, settings, () => true), next_cursor: page.nextCursor };
};
