import useSWR, { mutate } from 'swr';
import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type ListUsersRequest = RouteRequest<'com/user_info_list'>;
export type ListUsersResponse = RouteResponse<'com/user_info_list'>;
export type User = ListUsersResponse['return_list'][number];

const PATH = 'com/user_info_list';

export const listUsers = (request: ListUsersRequest, options?: CallOptions): Promise<ListUsersResponse> => callApi(PATH, request, options);

/** One page of users; the answer carries the request it answers. */
export function useUserList(request: ListUsersRequest) {
  return useSWR([PATH, request] as const, async ([, body]) => ({ request: body, response: await listUsers(body) }), {
    keepPreviousData: true,
  });
}

/** Revalidates every cached page of the list (after a registration, edit, status change or delete). */
export const refreshUserLists = (): Promise<unknown> => mutate((key) => Array.isArray(key) && key[0] === PATH);
