import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';
import { usePagedApi } from '@/lib/api-swr.ts';

export type ListFileRequestsRequest = RouteRequest<'com_drive/file_request_admin_list'>;
export type ListFileRequestsResponse = RouteResponse<'com_drive/file_request_admin_list'>;
export type ContractFileRequest = ListFileRequestsResponse['requests'][number];

const PATH = 'com_drive/file_request_admin_list';

export const listFileRequests = (request: ListFileRequestsRequest, options?: CallOptions): Promise<ListFileRequestsResponse> => callApi(PATH, request, options);

/** One page of every file-request link of the contract (administrators), newest first. */
export const useFileRequests = (request: ListFileRequestsRequest) => usePagedApi(PATH, request, undefined, { silent: true });
