import { codes } from '@shared/codes.ts';
import { ApiError, TransferError, isAbortError, newActionKey, uploadToUrl, type TransferProgress } from '@/lib/api-client.ts';
import { completeUpload } from '../api/complete-upload.ts';
import { getUploadParts } from '../api/get-upload-parts.ts';
import type { RegisterFileResponse } from '../api/register-file.ts';

/** Parts in flight at once: enough to fill the pipe, few enough to keep each part's progress moving. */
const PARALLEL_PARTS = 3;
/** A failed part is sent again this many times before the whole upload fails. */
const PART_ATTEMPTS = 3;
/**
 * Part URLs (15 minutes) are re-signed this long before they expire, and this many at a time. The
 * request is also the upload's sign of life: new bytes of an existing file lapse after 15 minutes
 * without one (docs/drive.md "Versions"), so it comes every 5 minutes while parts keep starting.
 */
const URL_MARGIN_MS = 10 * 60_000;
const URL_BATCH = 20;
/**
 * The joining call is sent again after a lost answer (or while the first is still being processed),
 * with the same Idempotency-Key: S3 joins the parts once, and the retry answers the first answer.
 */
const COMPLETE_ATTEMPTS = 4;
const COMPLETE_PAUSE_MS = 1_000;

interface SendOptions {
  signal?: AbortSignal;
  onProgress?: (progress: TransferProgress) => void;
  /** Parts S3 already holds (a resumed upload): not sent again, joined with the rest. */
  stored?: { part_number: number; etag: string }[];
  /** Each part once stored (kept for resuming after a reload). */
  onPart?: (part: { part_number: number; etag: string }) => void;
}

/**
 * Sends a registered file's bytes straight to storage: one presigned PUT, or for large files its
 * parts (three at a time, each retried alone, re-signed when their URLs near expiry) followed by
 * the call that joins them. The first part
 * that fails for good stops the others, and no progress is reported after it. A resumed upload
 * passes the parts still to send (URLs fetched first when expired) and, as `stored`, those S3 holds.
 */
export async function sendFileBytes(itemId: string, upload: RegisterFileResponse['upload'], file: Blob, options: SendOptions = {}): Promise<void> {
  if (upload.method === 'PUT') {
    await uploadToUrl(upload, file, options);
    return;
  }
  const controller = new AbortController();
  const stop = () => controller.abort();
  options.signal?.addEventListener('abort', stop, { once: true });
  const loaded = new Array<number>(upload.parts.length).fill(0);
  const stored = options.stored ?? [];
  const storedBytes = stored.reduce((sum, part) => sum + Math.min(upload.part_size, file.size - (part.part_number - 1) * upload.part_size), 0);
  const report = () => {
    if (!controller.signal.aborted) options.onProgress?.({ loaded: storedBytes + loaded.reduce((sum, value) => sum + value, 0), total: file.size });
  };

  // Part URLs expire (15 minutes): a slow upload asks for fresh ones as it goes.
  const urls = new Map(upload.parts.map((part) => [part.part_number, part.url]));
  let urlsExpireAt = Date.parse(upload.expires_at);
  const refreshUrls = async (from: number) => {
    const partNumbers = upload.parts.map((part) => part.part_number).filter((number) => number >= from).slice(0, URL_BATCH);
    const fresh = await getUploadParts({ id: itemId, upload_id: upload.upload_id, part_numbers: partNumbers }, { silent: true, signal: controller.signal });
    for (const part of fresh.parts) urls.set(part.part_number, part.url);
    urlsExpireAt = Date.parse(fresh.expires_at);
  };

  const sendPart = async (index: number) => {
    const part = upload.parts[index]!;
    const start = (part.part_number - 1) * upload.part_size;
    const bytes = file.slice(start, start + upload.part_size);
    for (let attempt = 1; ; attempt++) {
      try {
        if (Date.now() > urlsExpireAt - URL_MARGIN_MS) await refreshUrls(part.part_number);
        const { etag } = await uploadToUrl({ url: urls.get(part.part_number)! }, bytes, {
          signal: controller.signal,
          onProgress: (progress) => {
            loaded[index] = progress.loaded;
            report();
          },
        });
        // Without the ETag (bucket CORS not exposing it) the parts cannot be joined.
        if (!etag) throw new TransferError(0);
        options.onPart?.({ part_number: part.part_number, etag });
        return { part_number: part.part_number, etag };
      } catch (error) {
        loaded[index] = 0;
        if (isAbortError(error) || attempt >= PART_ATTEMPTS) throw error;
        // 403: the URL expired or its credentials did; sign this part again before retrying.
        if (error instanceof TransferError && error.status === 403) await refreshUrls(part.part_number);
      }
    }
  };

  const etags: { part_number: number; etag: string }[] = [...stored];
  let next = 0;
  const worker = async () => {
    while (next < upload.parts.length && !controller.signal.aborted) etags.push(await sendPart(next++));
  };
  try {
    await Promise.all(Array.from({ length: Math.min(PARALLEL_PARTS, upload.parts.length) }, () => worker().catch((error: unknown) => {
      controller.abort();
      throw error;
    })));
  } finally {
    options.signal?.removeEventListener('abort', stop);
  }
  report();
  await joinParts({ id: itemId, upload_id: upload.upload_id, parts: etags }, options.signal);
}

const retriable = (error: unknown): boolean =>
  error instanceof ApiError && (error.kind === 'network' || error.code === codes.updateFailure.code);

async function joinParts(request: Parameters<typeof completeUpload>[0], signal?: AbortSignal): Promise<void> {
  const idempotencyKey = newActionKey();
  for (let attempt = 1; ; attempt++) {
    try {
      await completeUpload(request, { silent: true, signal, idempotencyKey });
      return;
    } catch (error) {
      if (isAbortError(error) || attempt >= COMPLETE_ATTEMPTS || !retriable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, COMPLETE_PAUSE_MS * attempt));
    }
  }
}
