import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApiWithResult, type ApiResult, type CallOptions } from '@/lib/api-client.ts';

export type UnlapseUserRequest = RouteRequest<'com/user_info_unlapse_btn'>;
export type UnlapseUserResponse = RouteResponse<'com/user_info_unlapse_btn'>;

/** Lifts a suspension or lock: 990000210003 (must change the password) or 990000210004, with the server's message. */
export const unlapseUser = (request: UnlapseUserRequest, options?: CallOptions): Promise<ApiResult<UnlapseUserResponse>> =>
  callApiWithResult('com/user_info_unlapse_btn', request, options);
