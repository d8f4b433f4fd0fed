import useSWR from 'swr';
import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type ListUserSignInsRequest = RouteRequest<'com/user_signin_history'>;
export type ListUserSignInsResponse = RouteResponse<'com/user_signin_history'>;

const PATH = 'com/user_signin_history';
export const userSignInsKey = (userId: string) => [PATH, { user_id: userId }] as const;

export const listUserSignIns = (request: ListUserSignInsRequest, options?: CallOptions): Promise<ListUserSignInsResponse> => callApi(PATH, request, options);

/** A user's latest sign-ins and live session, for the administrator's details page. */
export function useUserSignIns(userId: string | undefined) {
  return useSWR(userId ? userSignInsKey(userId) : null, ([, body]) => listUserSignIns(body, { silent: true }), { revalidateOnFocus: false });
}
