import { TransferError, uploadToUrl, type TransferProgress } from '@/lib/api-client.ts';
import { completeUpload } from '../api/complete-upload.ts';
import type { RegisterFileResponse } from '../api/register-file.ts';

/** Parts in flight at once: enough to fill the pipe, few enough to keep each part's progress moving. */
const PARALLEL_PARTS = 3;

interface SendOptions {
  signal?: AbortSignal;
  onProgress?: (progress: TransferProgress) => void;
}

/**
 * Sends a registered file's bytes straight to storage: one presigned PUT, or for large files its
 * parts (three at a time) followed by the call that joins them.
 */
export async function sendFileBytes(itemId: string, upload: RegisterFileResponse['upload'], file: Blob, options: SendOptions = {}): Promise<void> {
  if (upload.method === 'PUT') {
    await uploadToUrl(upload, file, options);
    return;
  }
  const loaded = new Array<number>(upload.parts.length).fill(0);
  const report = () => options.onProgress?.({ loaded: loaded.reduce((sum, value) => sum + value, 0), total: file.size });
  const etags: { part_number: number; etag: string }[] = [];
  let next = 0;
  const worker = async () => {
    while (next < upload.parts.length) {
      const index = next++;
      const part = upload.parts[index]!;
      const start = (part.part_number - 1) * upload.part_size;
      const { etag } = await uploadToUrl(part, file.slice(start, start + upload.part_size), {
        signal: options.signal,
        onProgress: (progress) => {
          loaded[index] = progress.loaded;
          report();
        },
      });
      // Without the ETag (bucket CORS not exposing it) the parts cannot be joined.
      if (!etag) throw new TransferError(0);
      etags.push({ part_number: part.part_number, etag });
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_PARTS, upload.parts.length) }, worker));
  await completeUpload({ id: itemId, upload_id: upload.upload_id, parts: etags }, { silent: true, signal: options.signal });
}
