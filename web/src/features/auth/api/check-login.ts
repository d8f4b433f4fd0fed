import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type CheckLoginRequest = RouteRequest<'com/check_login_info'>;

/** Confirms the session is alive (and refreshes the token); -102 sends the user to sign-in. */
export const checkLogin = (options?: CallOptions): Promise<RouteResponse<'com/check_login_info'>> =>
  callApi('com/check_login_info', {} satisfies CheckLoginRequest, options);
