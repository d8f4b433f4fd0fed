import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type ResetPasswordRequest = RouteRequest<'com/user_info_passchge_btn'>;
export type ResetPasswordResponse = RouteResponse<'com/user_info_passchge_btn'>;

/** Sets a short-lived temporary password: answered once (`show`) or mailed to the user (`mail`). */
export const resetPassword = (request: ResetPasswordRequest, options?: CallOptions): Promise<ResetPasswordResponse> =>
  callApi('com/user_info_passchge_btn', request, options);
