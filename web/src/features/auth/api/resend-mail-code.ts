import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApiWithResult, type ApiResult, type CallOptions } from '@/lib/api-client.ts';

export type ResendMailCodeRequest = RouteRequest<'login/login_two_step_resend'>;
export type ResendMailCodeResponse = RouteResponse<'login/login_two_step_resend'>;

/** Sends a new e-mail code for the pending sign-in (the earlier code stops working). */
export const resendMailCode = (request: ResendMailCodeRequest, options?: CallOptions): Promise<ApiResult<ResendMailCodeResponse>> =>
  callApiWithResult('login/login_two_step_resend', request, options);
