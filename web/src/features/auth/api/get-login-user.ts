import { useState } from 'react';
import useSWR from 'swr';
import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';
import { readStoredUser, storeUser, useIsAuthenticated } from '@/lib/session.ts';

export type GetLoginUserRequest = RouteRequest<'com/get_login_user_info'>;
export type GetLoginUserResponse = RouteResponse<'com/get_login_user_info'>;

export const loginUserKey = ['com/get_login_user_info', {}] as const;

export const getLoginUser = (options?: CallOptions): Promise<GetLoginUserResponse> =>
  callApi('com/get_login_user_info', {} satisfies GetLoginUserRequest, options);

/** The signed-in user: the cached `user_info` at once, then the server's answer. */
export function useLoginUser() {
  const authenticated = useIsAuthenticated();
  const [stored] = useState(readStoredUser);
  return useSWR(authenticated ? loginUserKey : null, () => getLoginUser(), {
    fallbackData: stored ? { user: stored } : undefined,
    revalidateOnFocus: false,
    onSuccess: (data) => storeUser(data.user),
  });
}
