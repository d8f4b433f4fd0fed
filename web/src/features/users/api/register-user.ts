import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApiWithResult, type ApiResult, type CallOptions } from '@/lib/api-client.ts';

export type RegisterUserRequest = RouteRequest<'com/user_info_reg_btn'>;
export type RegisterUserResponse = RouteResponse<'com/user_info_reg_btn'>;

/** Registers a user (990000210001 with the server's message); without a password the answer holds a temporary one, once. */
export const registerUser = (request: RegisterUserRequest, options?: CallOptions): Promise<ApiResult<RegisterUserResponse>> =>
  callApiWithResult('com/user_info_reg_btn', request, options);
