import useSWR, { mutate } from 'swr';
import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type ListCorpsRequest = RouteRequest<'com/corp_info_list'>;
export type ListCorpsResponse = RouteResponse<'com/corp_info_list'>;
export type Corp = ListCorpsResponse['return_list'][number];

const PATH = 'com/corp_info_list';

export const listCorps = (request: ListCorpsRequest, options?: CallOptions): Promise<ListCorpsResponse> => callApi(PATH, request, options);

/** One page of legal entities; the answer carries the request it answers. */
export function useCorpList(request: ListCorpsRequest) {
  return useSWR([PATH, request] as const, async ([, body]) => ({ request: body, response: await listCorps(body) }), {
    keepPreviousData: true,
  });
}

/** Revalidates every cached page of the list (after a registration, edit or delete). */
export const refreshCorpLists = (): Promise<unknown> => mutate((key) => Array.isArray(key) && key[0] === PATH);
