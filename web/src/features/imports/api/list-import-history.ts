import useSWR, { mutate } from 'swr';
import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';
import { anyRunning } from '../utils/history.ts';

export type ImportHistoryRequest = RouteRequest<'com/import_history'>;
export type ImportHistoryResponse = RouteResponse<'com/import_history'>;
export type ImportHistory = ImportHistoryResponse['return_list'][number];

const PATH = 'com/import_history';
export const AUTO_REFRESH_MS = 3000;

export const listImportHistory = (request: ImportHistoryRequest, options?: CallOptions): Promise<ImportHistoryResponse> =>
  callApi(PATH, request, options);

/** One page of import jobs; refreshes every 3 s while a job on it is running. */
export function useImportHistory(request: ImportHistoryRequest) {
  return useSWR([PATH, request] as const, async ([, body]) => ({ request: body, response: await listImportHistory(body) }), {
    keepPreviousData: true,
    refreshInterval: (latest) => (latest && anyRunning(latest.response.return_list) ? AUTO_REFRESH_MS : 0),
  });
}

export const refreshImportHistory = (): Promise<unknown> => mutate((key) => Array.isArray(key) && key[0] === PATH);
