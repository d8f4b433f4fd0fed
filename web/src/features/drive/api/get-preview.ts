import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { useEffect, useState } from 'react';
import { callApi, type CallOptions } from '@/lib/api-client.ts';
import type { DriveItem } from './get-file-info.ts';

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

/** Whether a file's current bytes have renditions to show (an image, or a PDF's first page, drawn when they arrived; never a threat's). */
export const hasRenditions = (file: Pick<DriveItem, 'type' | 'preview' | 'scan_status'>): boolean =>
  file.type === 'file' && file.preview?.status === 'ready' && file.preview.thumbnail && file.scan_status !== 'THREATS_FOUND';

/**
 * A rendition of a file's current version (its 320 px thumbnail or its page), fetched through
 * `convert` while `wanted` and shown from a blob URL, revoked when the file, its version or the
 * component goes. Undefined until it arrives, and for another file or version than the one fetched.
 */
export function useRendition(file: { id: string; version: number }, kind: 'thumbnail' | 'page', wanted = true): string | undefined {
  const [loaded, setLoaded] = useState<{ of: string; src: string }>();
  const shown = `${file.id}/${file.version}`;
  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    let url: string | undefined;
    getPreview({ id: file.id, kind }, { silent: true, signal: controller.signal })
      .then((answer) => fetchPreviewBytes(answer.url, { signal: controller.signal }))
      .then(({ bytes }) => {
        url = URL.createObjectURL(new Blob([bytes], { type: 'image/webp' }));
        if (!controller.signal.aborted) setLoaded({ of: `${file.id}/${file.version}`, src: url });
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [file.id, file.version, kind, wanted]);
  return wanted && loaded?.of === shown ? loaded.src : undefined;
}
