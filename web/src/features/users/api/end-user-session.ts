import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type EndUserSessionRequest = RouteRequest<'com/user_session_end_btn'>;
export type EndUserSessionResponse = RouteResponse<'com/user_session_end_btn'>;

/** Ends the user's session: every token of it stops working; the account stays available. */
export const endUserSession = (request: EndUserSessionRequest, options?: CallOptions): Promise<EndUserSessionResponse> =>
  callApi('com/user_session_end_btn', request, options);
