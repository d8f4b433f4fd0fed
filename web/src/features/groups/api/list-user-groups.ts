import useSWR, { mutate } from 'swr';
import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type ListUserGroupsRequest = RouteRequest<'com/user_group_list'>;
export type ListUserGroupsResponse = RouteResponse<'com/user_group_list'>;
export type UserGroup = ListUserGroupsResponse['return_list'][number];

const PATH = 'com/user_group_list';

export const listUserGroups = (request: ListUserGroupsRequest, options?: CallOptions): Promise<ListUserGroupsResponse> =>
  callApi(PATH, request, options);

/** One page of a product area's groups; the answer carries the request it answers. */
export function useUserGroupList(request: ListUserGroupsRequest) {
  return useSWR([PATH, request] as const, async ([, body]) => ({ request: body, response: await listUserGroups(body) }), {
    keepPreviousData: true,
  });
}

/** Revalidates every cached page of the group lists (after a create, edit or delete). */
export const refreshUserGroupLists = (): Promise<unknown> => mutate((key) => Array.isArray(key) && key[0] === PATH);
