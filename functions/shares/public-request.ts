import { formatBytes } from '#shared/format-bytes.ts';
import { REQUEST_FILE_BYTES_MAX, requestKindOf } from '#shared/schemas/file-requests.ts';
import type { Operation } from '#lib/api-handler.ts';
import { nowIso } from '#lib/data/table.ts';
import { DomainError } from '#lib/errors.ts';
import { presignUpload } from '#lib/object-storage.ts';
import { getCommonSettings } from '#data/common-settings.ts';
import { countRequestFile, getFileRequest, uncountRequestFile, type CountRefusal, type FileRequestRecord } from '#data/file-requests.ts';
import { ArrivalRefused, registerArrival, type ReachedPlace } from '#domain/drive/arrivals.ts';
import { checkLinkPassword, linkOfToken } from './link-rules.ts';
import { requestFolder, requestStateOf } from './file-requests.ts';

/**
 * The public request page's calls (no sign-in; docs/drive.md "File requests"). As the share links'
 * page: the contract comes from the URL with the token, the secret binds them, and a wrong one is
 * told exactly as an unknown link is; the same throttles per address and, for a password, per link.
 * The sender never learns anything of the folder but its name (as the title) and that a name they
 * send is taken (the name their file gets).
 */

const refusal = (state: CountRefusal | 'stopped'): DomainError => {
  switch (state) {
    case 'missing': return new DomainError('shareLinkNotFound');
    case 'revoked': return new DomainError('shareLinkRevoked');
    case 'expired': return new DomainError('shareLinkExpired');
    case 'full': return new DomainError('fileRequestFull');
    case 'too_large': return new DomainError('fileRequestTooLarge');
    case 'stopped': return new DomainError('fileRequestStopped');
  }
};

/** The link the token names (link-rules.ts counts the address's attempt), while it is active. */
async function openRequest(kykId: string, token: string, sourceIp: string): Promise<FileRequestRecord> {
  const request = await linkOfToken(kykId, token, sourceIp, getFileRequest);
  const state = requestStateOf(request, true);
  if (state !== 'active') throw refusal(state);
  return request;
}

/** The link's password, as a share link's. */
const checkPassword = (request: FileRequestRecord, password: string | undefined): Promise<void> =>
  checkLinkPassword(request.kyk_id, request.request_id, request.password_hash, password);

/** Its folder as its creator reaches it now (one they may add to and issue links for), else stopped. */
async function refuseIfStopped(request: FileRequestRecord): Promise<ReachedPlace> {
  const { settings } = await getCommonSettings(request.kyk_id);
  const reached = await requestFolder(request, settings);
  if (!reached) throw refusal('stopped');
  return reached;
}

const filesLeft = (request: FileRequestRecord) => Math.max(0, request.max_files - request.files_received);
const bytesLeft = (request: FileRequestRecord) => Math.max(0, request.bytes_left);

/** What the link takes; behind a password (until it is given), not its title, message or creator. */
export const getRequestInfo: Operation<'request/info'> = async ({ input, sourceIp }) => {
  const request = await openRequest(input.kyk_id, input.token, sourceIp);
  const guarded = !!request.password_hash;
  if (guarded && input.password !== undefined) await checkPassword(request, input.password);
  await refuseIfStopped(request);
  const hidden = guarded && input.password === undefined;
  return {
    password_required: guarded,
    title: hidden ? null : request.title,
    message: hidden ? null : request.message,
    creator_nm: hidden ? null : request.creator_nm,
    expires_at: request.expires_at,
    files_left: filesLeft(request),
    bytes_left: bytesLeft(request),
    max_file_bytes: Math.min(REQUEST_FILE_BYTES_MAX, bytesLeft(request)),
    allowed_kinds: request.allowed_kinds,
  };
};

/**
 * One file: the link's checks, its kind and size, then ONE conditional update counts it against the
 * link's files and bytes (a link of N files takes exactly N however many send at once), then it is
 * registered as received in the creator's name (arrivals.ts; numbered when the folder holds the
 * name) and answered a presigned PUT. A registration refused after the count gives the count back.
 */
export const sendRequestFile: Operation<'request/upload'> = async ({ input, sourceIp }) => {
  const request = await openRequest(input.kyk_id, input.token, sourceIp);
  await checkPassword(request, input.password);
  const reached = await refuseIfStopped(request);
  if (request.allowed_kinds.length > 0) {
    const kind = requestKindOf(input.name);
    if (!kind || !request.allowed_kinds.includes(kind)) throw new DomainError('fileRequestKindNotAllowed');
  }
  if (input.size > bytesLeft(request)) throw new DomainError('fileRequestTooLarge', { left: formatBytes(bytesLeft(request)) });

  const now = nowIso();
  const counted = await countRequestFile(request.kyk_id, request.request_id, input.size, now);
  if (typeof counted === 'string') {
    if (counted !== 'too_large') throw refusal(counted);
    const latest = await getFileRequest(request.kyk_id, request.request_id);
    throw new DomainError('fileRequestTooLarge', { left: formatBytes(latest ? bytesLeft(latest) : 0) });
  }

  const contentType = input.content_type ?? 'application/octet-stream';
  let item: Awaited<ReturnType<typeof registerArrival>>;
  try {
    item = await registerArrival(
      { kykId: request.kyk_id, folderId: request.folder_id, creatorId: request.creator_id },
      { name: input.name, size: input.size, contentType },
      {
        // The link's title as the arrival's subject: what the folder's badge names it by.
        channel: 'link', source_id: request.request_id, creator_id: request.creator_id, creator_nm: request.creator_nm, subject: request.title,
        ...(request.document_style ? { document_style: request.document_style } : {}),
        ...(input.sender ? { sender: input.sender } : {}),
        received_at: now,
      },
      reached,
    );
  } catch (error) {
    // Counted but not registered: the file was never taken, so the link has it back.
    await uncountRequestFile(request.kyk_id, request.request_id, input.size);
    if (error instanceof ArrivalRefused) {
      if (error.reason === 'folder_gone') throw refusal('stopped');
      if (error.reason === 'quota') throw new DomainError('serverCapacityExceeded');
      throw new DomainError('updateFailure', {}, {}, 'notice.tooManyPendingUploads');
    }
    throw error;
  }
  const upload = await presignUpload(item.s3_key, input.size, contentType);
  return {
    name: item.name, url: upload.url, headers: upload.headers, expires_at: upload.expiresAt,
    files_left: filesLeft(counted), bytes_left: bytesLeft(counted),
  };
};
