import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApiWithResult, type ApiResult, type CallOptions } from '@/lib/api-client.ts';

export type LoginTwoStepTotpRequest = RouteRequest<'login/login_two_step_totp'>;
export type LoginTwoStepTotpResponse = RouteResponse<'login/login_two_step_totp'>;

/** Second step: the authenticator code; the first accepted one also activates the authenticator. */
export const loginTwoStepTotp = (request: LoginTwoStepTotpRequest, options?: CallOptions): Promise<ApiResult<LoginTwoStepTotpResponse>> =>
  callApiWithResult('login/login_two_step_totp', request, options);
