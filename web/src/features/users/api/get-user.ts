import useSWR from 'swr';
import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type GetUserRequest = RouteRequest<'com/user_info'>;
export type GetUserResponse = RouteResponse<'com/user_info'>;

const PATH = 'com/user_info';
export const userKey = (userId: string) => [PATH, { user_id: userId }] as const;

export const getUser = (request: GetUserRequest, options?: CallOptions): Promise<GetUserResponse> => callApi(PATH, request, options);

/**
 * One user for the details page. Not revalidated behind the administrator's back (its row_version
 * goes with the next action); actions put their answer in the cache, a reload after -201 is `mutate()`.
 */
export function useUser(userId: string | undefined) {
  return useSWR(userId ? userKey(userId) : null, ([, body]) => getUser(body), { revalidateOnFocus: false, revalidateOnReconnect: false });
}
