import { codes } from '@shared/codes.ts';
import { isContentType } from '@shared/drive-limits.ts';
import { REQUEST_FILE_BYTES_MAX, requestKindExtensions, requestKindOf, type RequestFileKind } from '@shared/schemas/file-requests.ts';

/** What the sender's page knows of the link's limits (request/info, then each upload's answer). */
export interface RequestLimits {
  files_left: number;
  bytes_left: number;
  max_file_bytes: number;
  /** Empty: every kind. */
  allowed_kinds: readonly RequestFileKind[];
}

/**
 * Why a file is not sent, as a catalogue key and its values (the server's own messages, so the
 * browser's check and the server's refusal read alike). The server decides: this only spares a
 * call that would be refused.
 */
export type RequestFileRefusal =
  | { key: 'code.fileRequestKindNotAllowed' }
  | { key: 'validation.fileTooLarge' }
  | { key: 'code.fileRequestTooLarge'; bytesLeft: number }
  | { key: 'code.fileRequestFull' };

/** The refusal of one file on its own: its kind, and the largest file a link takes. */
export function refuseRequestFile(file: { name: string; size: number }, limits: Pick<RequestLimits, 'allowed_kinds' | 'max_file_bytes'>): RequestFileRefusal | undefined {
  if (limits.allowed_kinds.length > 0) {
    const kind = requestKindOf(file.name);
    if (kind === undefined || !limits.allowed_kinds.includes(kind)) return { key: 'code.fileRequestKindNotAllowed' };
  }
  if (file.size > Math.min(limits.max_file_bytes, REQUEST_FILE_BYTES_MAX)) return { key: 'validation.fileTooLarge' };
  return undefined;
}

/**
 * The verdict on each file waiting to be sent, in order: a file fits when its kind and size are
 * allowed and the files and bytes the link has left still hold it after the files before it (a
 * file that does not fit leaves the budget to the ones after it).
 */
export function planRequestFiles(files: readonly { name: string; size: number }[], limits: RequestLimits): (RequestFileRefusal | undefined)[] {
  let filesLeft = limits.files_left;
  let bytesLeft = limits.bytes_left;
  return files.map((file) => {
    const refusal = refuseRequestFile(file, limits);
    if (refusal) return refusal;
    if (filesLeft <= 0) return { key: 'code.fileRequestFull' };
    if (file.size > bytesLeft) return { key: 'code.fileRequestTooLarge', bytesLeft };
    filesLeft -= 1;
    bytesLeft -= file.size;
    return undefined;
  });
}

/** The file chooser's `accept`: the allowed kinds' extensions (nothing: any file). */
export function acceptOf(kinds: readonly RequestFileKind[]): string | undefined {
  if (kinds.length === 0) return undefined;
  return kinds.flatMap((kind) => requestKindExtensions[kind].map((ext) => `.${ext}`)).join(',');
}

/** The type the browser gives a file, when the server will take it as one (else the server judges by the name). */
export const contentTypeOf = (file: { type: string }): string | undefined => (file.type && isContentType(file.type) ? file.type : undefined);

/**
 * Refusals of the link itself, not of one file: the page then says so in place of the form, as the
 * share page does (unknown, expired, revoked or stopped link; too many wrong passwords).
 */
const linkRefusals: ReadonlySet<number> = new Set([
  codes.shareLinkNotFound.code,
  codes.shareLinkExpired.code,
  codes.shareLinkRevoked.code,
  codes.shareLinkStopped.code,
  codes.shareLinkTooManyAttempts.code,
  codes.fileRequestStopped.code,
]);

export const refusesLink = (code: number): boolean => linkRefusals.has(code);
