import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type SaveSecurityInfoRequest = RouteRequest<'com/security_info_save_btn'>;
export type SaveSecurityInfoResponse = RouteResponse<'com/security_info_save_btn'>;

/** Saves the password policy with the row_version it was read with; -201 when someone saved first. */
export const saveSecurityInfo = (request: SaveSecurityInfoRequest, options?: CallOptions): Promise<SaveSecurityInfoResponse> =>
  callApi('com/security_info_save_btn', request, options);
