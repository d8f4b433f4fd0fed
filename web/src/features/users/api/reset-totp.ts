import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type ResetTotpRequest = RouteRequest<'com/user_info_totpdel_btn'>;
export type ResetTotpResponse = RouteResponse<'com/user_info_totpdel_btn'>;

/** Removes the user's authenticator (TOTP) registration: the next sign-in registers it again. */
export const resetTotp = (request: ResetTotpRequest, options?: CallOptions): Promise<ResetTotpResponse> =>
  callApi('com/user_info_totpdel_btn', request, options);
