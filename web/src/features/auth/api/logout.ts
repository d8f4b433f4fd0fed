import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type LogoutRequest = RouteRequest<'login/logout_btn'>;

/** Sign-out on the server; the caller clears the token on an INFO result (SPEC.md §4). */
export const logout = (options?: CallOptions): Promise<RouteResponse<'login/logout_btn'>> =>
  callApi('login/logout_btn', {} satisfies LogoutRequest, options);
