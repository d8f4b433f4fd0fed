import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type SsoLoginRequest = RouteRequest<'sso/sso_login'>;
export type SsoLoginResponse = RouteResponse<'sso/sso_login'>;

/** Exchanges the one-time code of the ACS redirect for a session (the client keeps the token: `startsSession`). */
export const ssoLogin = (request: SsoLoginRequest, options?: CallOptions): Promise<SsoLoginResponse> => callApi('sso/sso_login', request, options);
