import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type UpdateUserRequest = RouteRequest<'com/user_info_upd_btn'>;
export type UpdateUserResponse = RouteResponse<'com/user_info_upd_btn'>;

/** Saves a user's fields; a stale row_version answers -201. */
export const updateUser = (request: UpdateUserRequest, options?: CallOptions): Promise<UpdateUserResponse> =>
  callApi('com/user_info_upd_btn', request, options);
