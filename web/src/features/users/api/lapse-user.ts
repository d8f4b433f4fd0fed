import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type LapseUserRequest = RouteRequest<'com/user_info_lapse_btn'>;
export type LapseUserResponse = RouteResponse<'com/user_info_lapse_btn'>;

/** Suspends a user (status 1): the user's sessions end and the management responsible person is mailed. */
export const lapseUser = (request: LapseUserRequest, options?: CallOptions): Promise<LapseUserResponse> =>
  callApi('com/user_info_lapse_btn', request, options);
