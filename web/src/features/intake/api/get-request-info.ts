import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type GetRequestInfoRequest = RouteRequest<'request/info'>;
export type RequestInfo = RouteResponse<'request/info'>;

/** What a file-request link takes (no sign-in); behind a password, only that one is needed until it is given. */
export const getRequestInfo = (request: GetRequestInfoRequest, options?: CallOptions): Promise<RequestInfo> => callApi('request/info', request, options);
