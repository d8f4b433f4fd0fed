import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type DeleteUserRequest = RouteRequest<'com/user_info_del_btn'>;
export type DeleteUserResponse = RouteResponse<'com/user_info_del_btn'>;

/** Deletes a user with its memberships and sessions (optimistic lock). */
export const deleteUser = (request: DeleteUserRequest, options?: CallOptions): Promise<DeleteUserResponse> =>
  callApi('com/user_info_del_btn', request, options);
