import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type SaveIpPolicyRequest = RouteRequest<'com/allow_ipadr_info_save_btn'>;
export type SaveIpPolicyResponse = RouteResponse<'com/allow_ipadr_info_save_btn'>;

/**
 * Saves the contract-wide allow-list (comma-separated text) with the row_version it was read with:
 * -201 when someone saved first, -4 with a message under `ip_address` for bad entries or a list that
 * would lock the caller out.
 */
export const saveIpPolicy = (request: SaveIpPolicyRequest, options?: CallOptions): Promise<SaveIpPolicyResponse> =>
  callApi('com/allow_ipadr_info_save_btn', request, options);
