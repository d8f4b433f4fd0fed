import { codes, type MsgLevel } from '@shared/codes.ts';
import { API_PREFIX, bearer, IDEMPOTENCY_HEADER, readBearer, TOKEN_HEADER, type Envelope } from '@shared/envelope.ts';
import type { RoutePath, RouteRequest, RouteResponse } from '@shared/routes.ts';
import routeFlags from 'virtual:route-flags';
import { fileNameFromContentDisposition, sanitizeFileName } from './content-disposition.ts';
import { showErrorModal } from './error-modal-store.ts';
import { currentLanguage, i18n } from './i18n/index.ts';
import { loginPath, navigateTo } from './navigation.ts';
import { clearSession, getToken, readStoredUser, setToken } from './session.ts';

/**
 * The one API client (SPEC.md §7 "Handling"):
 * - every call is `POST /api/<manifest path>` with JSON, the token in `Authorization: Bearer`, and
 *   the refreshed token taken back from the response header;
 * - a non-INFO result opens the error modal with the server's message (unless `silent`) and rejects
 *   with an ApiError;
 * - -102 (token timeout) clears the token and goes to /login, without a modal (on a public route, a
 *   sign-in step whose ticket expired, it rejects like any other refusal: the page goes back to /login);
 * - a cancelled request rejects with the AbortError and shows nothing (check with isAbortError);
 * - a transport failure (no response, or a response that is not an envelope) shows the network
 *   error message; a server-error status that carries an envelope shows the server's message.
 */

export type ApiErrorKind = 'api' | 'network';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    readonly code: number,
    readonly msgLevel: MsgLevel,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly status = 0,
    readonly requestId?: string,
    /** The envelope's `data`: a sign-in's next step comes as a WARN code with data (`{ next }`, `{ redirect_url }`). */
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** Code of ApiErrors that never got an envelope (network down, proxy error page): check `kind`. */
const NETWORK_ERROR_CODE = Number.NaN;

export interface CallOptions {
  signal?: AbortSignal;
  /** Opt out of the error modal: the caller shows the failure itself (e.g. inline in a form). */
  silent?: boolean;
  /**
   * Sent as the Idempotency-Key header: one key per user action (newActionKey), the same for every
   * retry of that action, so a call whose answer was lost is not done twice (docs/architecture.md "Idempotency").
   */
  idempotencyKey?: string;
}

/** A new action's Idempotency-Key: made when the action starts, kept across its retries. */
export const newActionKey = (): string => crypto.randomUUID();

/**
 * The keys of a form's submits: the same request sent again (a retry after a failure) keeps its key;
 * another request (the user changed the form), or any submit after a success, is a new action.
 */
export function actionKeys(): { for: (request: unknown) => string; done: () => void } {
  let last: { request: string; key: string } | undefined;
  return {
    for: (request) => {
      const text = JSON.stringify(request);
      if (last?.request !== text) last = { request: text, key: newActionKey() };
      return last.key;
    },
    done: () => {
      last = undefined;
    },
  };
}

export const isAbortError = (error: unknown): boolean =>
  (error instanceof DOMException || error instanceof Error) && error.name === 'AbortError';

const networkError = (status = 0): ApiError =>
  new ApiError('network', NETWORK_ERROR_CODE, 'ERROR', i18n.t('notice.networkError'), {}, status);

/** Shows an error the default way (the caller used `silent` and decided not to handle it itself). */
export function reportApiError(error: unknown): void {
  if (isAbortError(error)) return;
  if (error instanceof ApiError) {
    if (error.code === codes.tokenTimeout.code) return;
    const details = error.code === codes.input.code ? Object.values(error.fields) : undefined;
    showErrorModal({ message: error.message, level: error.msgLevel, details, requestId: error.requestId });
    return;
  }
  showErrorModal({ message: i18n.t('notice.networkError') });
}

/**
 * A failed call made from an open dialog or form: the server's refusal (not a session timeout, which
 * signs out) goes to `inDialog`, shown where the user can change their choice; anything else is
 * reported the default way. An aborted call is ignored.
 */
export function reportRefusal(error: unknown, inDialog: (refusal: ApiError) => void): void {
  if (isAbortError(error)) return;
  if (error instanceof ApiError && error.kind === 'api' && error.code !== codes.tokenTimeout.code) inDialog(error);
  else reportApiError(error);
}

// The manifest's flags only (web/build/route-flags.ts): the manifest itself would bring every schema and zod.
const startsSession = (path: RoutePath): boolean => routeFlags[path].startsSession === true;

let redirectingToLogin = false;

/** Token timeout: forget the session and go to the sign-in screen, coming back here afterwards. */
function handleTokenTimeout(): void {
  const kykId = readStoredUser()?.kyk_id;
  const reason = 'code.tokenTimeout';
  // The signed-in shell redirects as soon as the token is gone, with this reason and contract ID.
  clearSession({ reason, kykId });
  if (redirectingToLogin) return;
  redirectingToLogin = true;
  const here = `${window.location.pathname}${window.location.search}`;
  const next = here.startsWith('/login') ? undefined : here;
  navigateTo(loginPath({ next, kyk_id: kykId, reason }), { replace: true });
  setTimeout(() => {
    redirectingToLogin = false;
  }, 1000);
}

/**
 * An INFO answer with its code and the server's message: some successes carry a text to show
 * (e.g. 990000210001 "The user has been registered.", 990000210003 / 990000210004 on unsuspend).
 */
export interface ApiResult<T> {
  data: T;
  code: number;
  message: string;
}

export async function callApi<P extends RoutePath>(path: P, body: RouteRequest<P>, options: CallOptions = {}): Promise<RouteResponse<P>> {
  return (await callApiWithResult(path, body, options)).data;
}

/** callApi, answering the success code and message too (for a flashbar with the server's text). */
export async function callApiWithResult<P extends RoutePath>(
  path: P,
  body: RouteRequest<P>,
  options: CallOptions = {},
): Promise<ApiResult<RouteResponse<P>>> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    'accept-language': currentLanguage(),
  };
  const sentToken = getToken();
  if (sentToken) headers[TOKEN_HEADER] = bearer(sentToken);
  if (options.idempotencyKey) headers[IDEMPOTENCY_HEADER] = options.idempotencyKey;

  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}/${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body ?? {}),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (isAbortError(error) || options.signal?.aborted) throw error;
    const failure = networkError();
    if (!options.silent) reportApiError(failure);
    throw failure;
  }

  let envelope: Envelope<RouteResponse<P>>;
  try {
    envelope = (await response.json()) as Envelope<RouteResponse<P>>;
    if (typeof envelope?.code !== 'number' || typeof envelope.msg_level !== 'string') throw new TypeError('not an envelope');
  } catch (error) {
    if (isAbortError(error) || options.signal?.aborted) throw error;
    const failure = networkError(response.status);
    if (!options.silent) reportApiError(failure);
    throw failure;
  }

  // Keep the refreshed token, unless the session ended meanwhile (sign-out raced this call); a call
  // that can end a sign-in (manifest `startsSession`) brings the first one.
  const refreshed = readBearer(response.headers.get(TOKEN_HEADER));
  if (refreshed && (getToken() !== undefined || startsSession(path))) setToken(refreshed);

  // -102 on a public call (a sign-in step whose ticket expired) is no session ending: the caller handles it.
  if (envelope.code === codes.tokenTimeout.code && routeFlags[path].access !== 'public') {
    handleTokenTimeout();
    throw new ApiError('api', envelope.code, envelope.msg_level, envelope.message, {}, response.status);
  }

  if (envelope.msg_level !== 'INFO') {
    const failure = new ApiError(
      'api',
      envelope.code,
      envelope.msg_level,
      envelope.message || i18n.t('code.unknown'),
      envelope.info?.fields ?? {},
      response.status,
      envelope.info?.request_id,
      envelope.data ?? undefined,
    );
    if (!options.silent) reportApiError(failure);
    throw failure;
  }
  return { data: envelope.data as RouteResponse<P>, code: envelope.code, message: envelope.message ?? '' };
}

// ---------------------------------------------------------------------------------------------
// Direct transfers to storage (presigned URLs on another origin: no token, no envelope).

export interface TransferProgress {
  loaded: number;
  /** Undefined when the size is not known. */
  total: number | undefined;
}

export class TransferError extends Error {
  override readonly name = 'TransferError';
  constructor(readonly status: number, message = i18n.t('notice.networkError')) {
    super(message);
  }
}

/** Headers a browser refuses to set itself; the PUT carries them anyway. */
const forbiddenRequestHeaders = new Set(['content-length', 'host', 'connection', 'expect', 'transfer-encoding']);

/**
 * PUTs bytes to a presigned URL with exactly the signed headers, reporting upload progress.
 * Answers the stored object's ETag (a multipart upload needs each part's).
 */
export function uploadToUrl(
  upload: { url: string; headers?: Record<string, string> },
  body: Blob,
  options: { signal?: AbortSignal; onProgress?: (progress: TransferProgress) => void } = {},
): Promise<{ etag: string | null }> {
  return new Promise((resolve, reject) => {
    const abortError = () => new DOMException('The upload was cancelled.', 'AbortError');
    if (options.signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', upload.url, true);
    for (const [name, value] of Object.entries(upload.headers ?? {})) {
      if (!forbiddenRequestHeaders.has(name.toLowerCase())) xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => {
      options.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : body.size });
    };
    const onAbort = () => xhr.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => options.signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      settle();
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.({ loaded: body.size, total: body.size });
        resolve({ etag: xhr.getResponseHeader('ETag') });
      } else reject(new TransferError(xhr.status));
    };
    xhr.onerror = () => {
      settle();
      reject(new TransferError(0));
    };
    xhr.onabort = () => {
      settle();
      reject(abortError());
    };
    xhr.send(body);
  });
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/**
 * Fetches a presigned URL as a blob, reporting progress from the stream and Content-Length. The
 * name comes from Content-Disposition (RFC 6266, UTF-8 names intact) or else from `fallbackName`.
 */
export async function downloadBlob(
  url: string,
  options: { signal?: AbortSignal; fallbackName: string; expectedSize?: number; onProgress?: (progress: TransferProgress) => void },
): Promise<DownloadedFile> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'GET', credentials: 'omit', signal: options.signal });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new TransferError(0);
  }
  if (!response.ok) throw new TransferError(response.status);

  const fileName =
    fileNameFromContentDisposition(response.headers.get('content-disposition')) || sanitizeFileName(options.fallbackName) || 'download';
  const lengthHeader = Number(response.headers.get('content-length'));
  const total = Number.isFinite(lengthHeader) && lengthHeader > 0 ? lengthHeader : options.expectedSize;
  const type = response.headers.get('content-type') ?? 'application/octet-stream';

  if (!response.body) {
    const blob = await response.blob();
    options.onProgress?.({ loaded: blob.size, total: blob.size });
    return { blob, fileName };
  }
  const reader = response.body.getReader();
  const chunks: BlobPart[] = [];
  let loaded = 0;
  options.onProgress?.({ loaded, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    options.onProgress?.({ loaded, total });
  }
  return { blob: new Blob(chunks, { type }), fileName };
}

/** Hands a blob to the browser as a download with the given name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoke later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
