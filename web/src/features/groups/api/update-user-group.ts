import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type UpdateUserGroupRequest = RouteRequest<'com/user_group_upd_btn'>;
export type UpdateUserGroupResponse = RouteResponse<'com/user_group_upd_btn'>;

/** Saves the group's fields and member changes; a stale row_version answers -201. */
export const updateUserGroup = (request: UpdateUserGroupRequest, options?: CallOptions): Promise<UpdateUserGroupResponse> =>
  callApi('com/user_group_upd_btn', request, options);
