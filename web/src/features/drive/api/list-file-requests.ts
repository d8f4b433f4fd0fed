import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { revalidateApi, useApi } from '@/lib/api-swr.ts';

export type ListFileRequestsRequest = RouteRequest<'com_drive/file_request_list'>;
export type ListFileRequestsResponse = RouteResponse<'com_drive/file_request_list'>;
export type FileRequestRow = ListFileRequestsResponse['requests'][number];

const PATH = 'com_drive/file_request_list';

/** The caller's own file-request links to a folder, newest first; `folderId` undefined waits. */
export const useFileRequests = (folderId: string | undefined) => useApi(PATH, folderId ? { folder_id: folderId } : null, { revalidateOnFocus: false });

/** Reads every cached list of file-request links again (after one was made or revoked). */
export const refreshFileRequests = (): Promise<unknown> => revalidateApi(PATH);
