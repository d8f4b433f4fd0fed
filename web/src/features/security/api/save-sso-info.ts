import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type SaveSsoInfoRequest = RouteRequest<'com/sso_info_save_btn'>;
export type SaveSsoInfoResponse = RouteResponse<'com/sso_info_save_btn'>;

/** Saves the IdP/SP settings, flags and SSO groups with the row_version they were read with (-201 when someone saved first). */
export const saveSsoInfo = (request: SaveSsoInfoRequest, options?: CallOptions): Promise<SaveSsoInfoResponse> =>
  callApi('com/sso_info_save_btn', request, options);
