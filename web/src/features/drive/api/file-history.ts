import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';
import { revalidateApi, usePagedApi } from '@/lib/api-swr.ts';

export type FileHistoryRequest = RouteRequest<'com_drive/file_history'>;
export type FileHistoryResponse = RouteResponse<'com_drive/file_history'>;
export type FileVersion = FileHistoryResponse['versions'][number];

const PATH = 'com_drive/file_history';

export const getFileHistory = (request: FileHistoryRequest, options?: CallOptions): Promise<FileHistoryResponse> => callApi(PATH, request, options);

/** One page of a file's versions, newest first. */
export const useFileHistory = (request: FileHistoryRequest) => usePagedApi(PATH, request);

/** Revalidates the cached history of a file (after a restore or a new version). */
export const refreshFileHistory = (id: string): Promise<unknown> => revalidateApi(PATH, (request) => request.id === id);
