import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type ResetTrustedDevicesRequest = RouteRequest<'com/user_info_reset_twostep_key_btn'>;
export type ResetTrustedDevicesResponse = RouteResponse<'com/user_info_reset_twostep_key_btn'>;

/** Forgets the user's trusted devices: the second step is asked again on every browser. */
export const resetTrustedDevices = (request: ResetTrustedDevicesRequest, options?: CallOptions): Promise<ResetTrustedDevicesResponse> =>
  callApi('com/user_info_reset_twostep_key_btn', request, options);
