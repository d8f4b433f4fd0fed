import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';
import { revalidateApi, usePagedApi } from '@/lib/api-swr.ts';
import { anyRunning } from '../utils/history.ts';

export type ImportHistoryRequest = RouteRequest<'com/import_history'>;
export type ImportHistoryResponse = RouteResponse<'com/import_history'>;
export type ImportHistory = ImportHistoryResponse['return_list'][number];

const PATH = 'com/import_history';
export const AUTO_REFRESH_MS = 3000;

export const listImportHistory = (request: ImportHistoryRequest, options?: CallOptions): Promise<ImportHistoryResponse> =>
  callApi(PATH, request, options);

/** One page of import jobs; refreshes every 3 s while a job on it is running. */
export const useImportHistory = (request: ImportHistoryRequest) =>
  usePagedApi(PATH, request, { refreshInterval: (latest) => (latest && anyRunning(latest.return_list) ? AUTO_REFRESH_MS : 0) });

export const refreshImportHistory = (): Promise<unknown> => revalidateApi(PATH);
