import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type GetFileInfoRequest = RouteRequest<'com_drive/file_info'>;
export type GetFileInfoResponse = RouteResponse<'com_drive/file_info'>;
export type DriveItem = GetFileInfoResponse['item'];

export const getFileInfo = (request: GetFileInfoRequest, options?: CallOptions): Promise<GetFileInfoResponse> =>
  callApi('com_drive/file_info', request, options);

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('Cancelled', 'AbortError'));
    }, { once: true });
  });

/**
 * Polls a file until the storage event has confirmed its bytes (usually under a second). Answers
 * the ready item, or undefined when it is still pending after `timeoutMs`. `minVersion`: the version
 * an upload of new bytes becomes.
 */
export async function waitUntilReady(id: string, options: { signal?: AbortSignal; timeoutMs?: number; minVersion?: number } = {}): Promise<DriveItem | undefined> {
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  let delay = 200;
  for (;;) {
    const { item } = await getFileInfo({ id, polling: true }, { signal: options.signal });
    // New bytes of an existing file: it is ready all along, and done once it shows their version.
    if (item.status === 'ready' && item.version >= (options.minVersion ?? 0)) return item;
    if (Date.now() + delay > deadline) return undefined;
    await sleep(delay, options.signal);
    delay = Math.min(delay * 1.5, 2000);
  }
}
