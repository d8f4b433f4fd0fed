import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApiWithResult, type ApiResult, type CallOptions } from '@/lib/api-client.ts';

export type LoginRequest = RouteRequest<'login/login_btn'>;
export type LoginResponse = RouteResponse<'login/login_btn'>;

/**
 * Sign-in. The API client stores the token the response header carries; a further step comes back
 * as a WARN ApiError whose `data.next` names it (utils/sign-in-outcome.ts).
 */
export const login = (request: LoginRequest, options?: CallOptions): Promise<ApiResult<LoginResponse>> =>
  callApiWithResult('login/login_btn', request, options);
