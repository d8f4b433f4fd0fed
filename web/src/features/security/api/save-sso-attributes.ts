import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type SaveSsoAttributesRequest = RouteRequest<'com/sso_attrib_save_btn'>;
export type SaveSsoAttributesResponse = RouteResponse<'com/sso_attrib_save_btn'>;

/** Saves which SAML attributes carry the user ID and the e-mail address. */
export const saveSsoAttributes = (request: SaveSsoAttributesRequest, options?: CallOptions): Promise<SaveSsoAttributesResponse> =>
  callApi('com/sso_attrib_save_btn', request, options);
