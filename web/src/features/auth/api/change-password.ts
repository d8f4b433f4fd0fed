import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApiWithResult, type ApiResult, type CallOptions } from '@/lib/api-client.ts';

export type ChangePasswordRequest = RouteRequest<'com/passchange_btn'>;
export type ChangePasswordResponse = RouteResponse<'com/passchange_btn'>;

/** The signed-in user's own password change; answers 990000210002 with its message to show. */
export const changePassword = (request: ChangePasswordRequest, options?: CallOptions): Promise<ApiResult<ChangePasswordResponse>> =>
  callApiWithResult('com/passchange_btn', request, options);
