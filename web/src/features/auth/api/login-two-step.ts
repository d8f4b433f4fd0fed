import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApiWithResult, type ApiResult, type CallOptions } from '@/lib/api-client.ts';

export type LoginTwoStepRequest = RouteRequest<'login/login_two_step'>;
export type LoginTwoStepResponse = RouteResponse<'login/login_two_step'>;

/** Second step: the one-time code sent by e-mail (answers like login_btn: signed in, or the next step). */
export const loginTwoStep = (request: LoginTwoStepRequest, options?: CallOptions): Promise<ApiResult<LoginTwoStepResponse>> =>
  callApiWithResult('login/login_two_step', request, options);
