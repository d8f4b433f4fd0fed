import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';
import { revalidateApi, usePagedApi } from '@/lib/api-swr.ts';

export type ListUserGroupsRequest = RouteRequest<'com/user_group_list'>;
export type ListUserGroupsResponse = RouteResponse<'com/user_group_list'>;
export type UserGroup = ListUserGroupsResponse['return_list'][number];

const PATH = 'com/user_group_list';

export const listUserGroups = (request: ListUserGroupsRequest, options?: CallOptions): Promise<ListUserGroupsResponse> =>
  callApi(PATH, request, options);

/** One page of a product area's groups (`current` is the answer to exactly this request). */
export const useUserGroupList = (request: ListUserGroupsRequest) => usePagedApi(PATH, request);

/** Revalidates every cached read of the group list, the selects' choices too (after a create, edit or delete). */
export const refreshUserGroupLists = (): Promise<unknown> => revalidateApi(PATH);
