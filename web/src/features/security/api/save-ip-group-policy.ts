import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type SaveIpGroupPolicyRequest = RouteRequest<'com/allow_ipadr_info_ugrp_save_btn'>;
export type SaveIpGroupPolicyResponse = RouteResponse<'com/allow_ipadr_info_ugrp_save_btn'>;

/** Saves one account-area group's allow-list (empty removes it); same refusals as the contract's, and -3 for a deleted group. */
export const saveIpGroupPolicy = (request: SaveIpGroupPolicyRequest, options?: CallOptions): Promise<SaveIpGroupPolicyResponse> =>
  callApi('com/allow_ipadr_info_ugrp_save_btn', request, options);
