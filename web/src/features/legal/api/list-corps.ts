import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';
import { revalidateApi, usePagedApi } from '@/lib/api-swr.ts';

export type ListCorpsRequest = RouteRequest<'com/corp_info_list'>;
export type ListCorpsResponse = RouteResponse<'com/corp_info_list'>;
export type Corp = ListCorpsResponse['return_list'][number];

const PATH = 'com/corp_info_list';

export const listCorps = (request: ListCorpsRequest, options?: CallOptions): Promise<ListCorpsResponse> => callApi(PATH, request, options);

/** One page of legal entities (`current` is the answer to exactly this request). */
export const useCorpList = (request: ListCorpsRequest) => usePagedApi(PATH, request);

/** Revalidates every cached page of the list (after a registration, edit or delete). */
export const refreshCorpLists = (): Promise<unknown> => revalidateApi(PATH);
