import useSWR from 'swr';
import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';
import { AUTO_REFRESH_MS } from './list-import-history.ts';

export type ImportDetailRequest = RouteRequest<'com/import_history_detail'>;
export type ImportDetailResponse = RouteResponse<'com/import_history_detail'>;
export type ImportResultRow = ImportDetailResponse['return_list'][number];

const PATH = 'com/import_history_detail';

export const getImportDetail = (request: ImportDetailRequest, options?: CallOptions): Promise<ImportDetailResponse> =>
  callApi(PATH, request, options);

/** One job with a page of its row results; refreshes every 3 s while the job runs. */
export function useImportDetail(request: ImportDetailRequest) {
  return useSWR([PATH, request] as const, async ([, body]) => ({ request: body, response: await getImportDetail(body) }), {
    keepPreviousData: true,
    refreshInterval: (latest) => (latest?.response.history.status === 'running' ? AUTO_REFRESH_MS : 0),
  });
}
