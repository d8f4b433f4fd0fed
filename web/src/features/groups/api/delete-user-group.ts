import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type DeleteUserGroupRequest = RouteRequest<'com/user_group_del_btn'>;
export type DeleteUserGroupResponse = RouteResponse<'com/user_group_del_btn'>;

/** Deletes a group without members (-203 with the server's message while members remain). */
export const deleteUserGroup = (request: DeleteUserGroupRequest, options?: CallOptions): Promise<DeleteUserGroupResponse> =>
  callApi('com/user_group_del_btn', request, options);
