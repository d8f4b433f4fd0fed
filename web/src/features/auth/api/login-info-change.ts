import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApiWithResult, type ApiResult, type CallOptions } from '@/lib/api-client.ts';

export type LoginInfoChangeRequest = RouteRequest<'login/login_info_change'>;
export type LoginInfoChangeResponse = RouteResponse<'login/login_info_change'>;

/** Completes the user information a sign-in requires (-990000010008), then goes on like the other steps. */
export const loginInfoChange = (request: LoginInfoChangeRequest, options?: CallOptions): Promise<ApiResult<LoginInfoChangeResponse>> =>
  callApiWithResult('login/login_info_change', request, options);
