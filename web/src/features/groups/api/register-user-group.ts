import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type RegisterUserGroupRequest = RouteRequest<'com/user_group_reg_btn'>;
export type RegisterUserGroupResponse = RouteResponse<'com/user_group_reg_btn'>;

export const registerUserGroup = (request: RegisterUserGroupRequest, options?: CallOptions): Promise<RegisterUserGroupResponse> =>
  callApi('com/user_group_reg_btn', request, options);
