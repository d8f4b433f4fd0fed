import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApiWithResult, type ApiResult, type CallOptions } from '@/lib/api-client.ts';

export type ChangePasswordLinkRequest = RouteRequest<'com/passchange_lnk'>;
export type ChangePasswordLinkResponse = RouteResponse<'com/passchange_lnk'>;

/** The password change a sign-in requires (990000210002 and the user, or the next step). */
export const changePasswordLink = (request: ChangePasswordLinkRequest, options?: CallOptions): Promise<ApiResult<ChangePasswordLinkResponse>> =>
  callApiWithResult('com/passchange_lnk', request, options);
