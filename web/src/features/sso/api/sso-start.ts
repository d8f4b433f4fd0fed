import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type SsoStartRequest = RouteRequest<'sso/sso_start'>;
export type SsoStartResponse = RouteResponse<'sso/sso_start'>;

/** The contract's IdP URL carrying a fresh AuthnRequest (the browser goes there next). */
export const ssoStart = (request: SsoStartRequest, options?: CallOptions): Promise<SsoStartResponse> => callApi('sso/sso_start', request, options);
