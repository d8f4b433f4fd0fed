import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type LoginRequest = RouteRequest<'login/login_btn'>;
export type LoginResponse = RouteResponse<'login/login_btn'>;

/** Sign-in. The API client stores the token the response header carries. */
export const login = (request: LoginRequest, options?: CallOptions): Promise<LoginResponse> =>
  callApi('login/login_btn', request, options);
