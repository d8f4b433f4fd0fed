import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type GetPreviewRequest = RouteRequest<'convert'>;
export type GetPreviewResponse = RouteResponse<'convert'>;

/**
 * `convert` (docs/drive.md "Preview"): a 60-second presigned GET of a file's thumbnail, its page
 * rendition or its bytes under a safe type. Not a download: the page fetches the bytes and shows them.
 */
export const getPreview = (request: GetPreviewRequest, options?: CallOptions): Promise<GetPreviewResponse> =>
  callApi('convert', request, options);

/** At most this much of a text or CSV file is fetched and shown. */
export const TEXT_PREVIEW_BYTES = 1024 * 1024;

/** The bytes behind a preview URL (a Range request for text, so a large file is not fetched whole). */
export async function fetchPreviewBytes(url: string, options: { limit?: number; signal?: AbortSignal } = {}): Promise<{ bytes: ArrayBuffer; truncated: boolean }> {
  const response = await fetch(url, {
    signal: options.signal,
    ...(options.limit ? { headers: { range: `bytes=0-${options.limit - 1}` } } : {}),
  });
  if (!response.ok) throw new Error(`preview fetch answered ${response.status}`);
  const bytes = await response.arrayBuffer();
  // Content-Range is not among the bucket's exposed CORS headers: fewer bytes than asked means the whole file came.
  const truncated = options.limit !== undefined && bytes.byteLength >= options.limit;
  return { bytes: options.limit ? bytes.slice(0, options.limit) : bytes, truncated };
}
