import useSWR, { mutate } from 'swr';
import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';
import { revalidateApi } from '@/lib/api-swr.ts';

export type ListFolderRequest = RouteRequest<'com_drive/drive_info'>;
export type ListFolderResponse = RouteResponse<'com_drive/drive_info'>;

const PATH = 'com_drive/drive_info';
type FolderKey = readonly [typeof PATH, ListFolderRequest];

export const listFolder = (request: ListFolderRequest, options?: CallOptions): Promise<ListFolderResponse> =>
  callApi(PATH, request, options);

/** Pending uploads younger than this keep the list polling until the storage event confirms them. */
const PENDING_POLL_WINDOW_MS = 10 * 60 * 1000;
const PENDING_POLL_INTERVAL_MS = 2000;

const hasFreshPending = (data: ListFolderResponse | undefined): boolean =>
  !!data?.items.some((item) => item.status === 'pending' && Date.now() - Date.parse(item.regist_date) < PENDING_POLL_WINDOW_MS);

/** One page of a folder (folders first), keyed by folder, sort, page size and cursor. */
export function useFolderPage(request: ListFolderRequest) {
  const key: FolderKey = [PATH, request];
  return useSWR(key, ([, body]) => listFolder(body), {
    keepPreviousData: true,
    refreshInterval: (data) => (hasFreshPending(data) ? PENDING_POLL_INTERVAL_MS : 0),
  });
}

/**
 * Revalidates every cached page of a folder (after a create, an upload, a rename, a move or a
 * deletion), and the tag filter's pages, which list entries drive-wide with their names and places.
 */
export function refreshFolder(folderId: string): Promise<unknown> {
  return Promise.all([
    mutate((key) => Array.isArray(key) && key[0] === PATH && ((key[1] as ListFolderRequest)?.folder_id ?? 'root') === folderId),
    revalidateApi('com_drive/tag_items'),
  ]);
}
