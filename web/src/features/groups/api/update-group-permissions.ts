import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type UpdateGroupPermissionsRequest = RouteRequest<'com/user_group_list_upd_btn'>;
export type UpdateGroupPermissionsResponse = RouteResponse<'com/user_group_list_upd_btn'>;
export type PermissionUpdate = UpdateGroupPermissionsRequest['updates'][number];

/** Saves the permissions of several groups at once: all or nothing (-201 when one of them changed meanwhile). */
export const updateGroupPermissions = (request: UpdateGroupPermissionsRequest, options?: CallOptions): Promise<UpdateGroupPermissionsResponse> =>
  callApi('com/user_group_list_upd_btn', request, options);
