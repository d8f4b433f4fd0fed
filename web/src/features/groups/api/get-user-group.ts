import useSWR from 'swr';
import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type GetUserGroupRequest = RouteRequest<'com/user_group'>;
export type GetUserGroupResponse = RouteResponse<'com/user_group'>;
export type GroupMember = GetUserGroupResponse['members'][number];

const PATH = 'com/user_group';

export const getUserGroup = (request: GetUserGroupRequest, options?: CallOptions): Promise<GetUserGroupResponse> =>
  callApi(PATH, request, options);

/**
 * One group with its members, for the edit form. Never revalidated behind the user's back: the
 * form holds its row_version, and a reload (after -201) is an explicit `mutate()`.
 */
export function useUserGroup(id: string | undefined) {
  return useSWR(id ? ([PATH, { user_group_id: id }] as const) : null, ([, body]) => getUserGroup(body), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    revalidateIfStale: true,
  });
}
