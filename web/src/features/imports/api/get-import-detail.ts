import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';
import { usePagedApi } from '@/lib/api-swr.ts';
import { AUTO_REFRESH_MS } from './list-import-history.ts';

export type ImportDetailRequest = RouteRequest<'com/import_history_detail'>;
export type ImportDetailResponse = RouteResponse<'com/import_history_detail'>;
export type ImportResultRow = ImportDetailResponse['return_list'][number];

const PATH = 'com/import_history_detail';

export const getImportDetail = (request: ImportDetailRequest, options?: CallOptions): Promise<ImportDetailResponse> =>
  callApi(PATH, request, options);

/** One job with a page of its row results; refreshes every 3 s while the job runs. */
export const useImportDetail = (request: ImportDetailRequest) =>
  usePagedApi(PATH, request, { refreshInterval: (latest) => (latest?.history.status === 'running' ? AUTO_REFRESH_MS : 0) });
