import useSWR from 'swr';
import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type GetCorpRequest = RouteRequest<'com/corp_info'>;
export type GetCorpResponse = RouteResponse<'com/corp_info'>;

const PATH = 'com/corp_info';
export const corpKey = (id: string) => [PATH, { corp_id: id }] as const;

export const getCorp = (request: GetCorpRequest, options?: CallOptions): Promise<GetCorpResponse> => callApi(PATH, request, options);

/**
 * One legal entity for the details page. Not revalidated behind the user's back (its row_version
 * goes with the next save); saves put their answer in the cache, a reload after -201 is `mutate()`.
 */
export function useCorp(id: string | undefined) {
  return useSWR(id ? corpKey(id) : null, ([, body]) => getCorp(body), { revalidateOnFocus: false, revalidateOnReconnect: false });
}
