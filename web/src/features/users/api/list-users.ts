import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';
import { revalidateApi, usePagedApi } from '@/lib/api-swr.ts';

export type ListUsersRequest = RouteRequest<'com/user_info_list'>;
export type ListUsersResponse = RouteResponse<'com/user_info_list'>;
export type User = ListUsersResponse['return_list'][number];

const PATH = 'com/user_info_list';

export const listUsers = (request: ListUsersRequest, options?: CallOptions): Promise<ListUsersResponse> => callApi(PATH, request, options);

/** One page of users (`current` is the answer to exactly this request). */
export const useUserList = (request: ListUsersRequest) => usePagedApi(PATH, request);

/** Revalidates every cached page of the list (after a registration, edit, status change or delete). */
export const refreshUserLists = (): Promise<unknown> => revalidateApi(PATH);
