import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';
import { useApi } from '@/lib/api-swr.ts';

export type ListAtaGroupsRequest = RouteRequest<'com/user_group_list'>;
export type ListAtaGroupsResponse = RouteResponse<'com/user_group_list'>;

const PATH = 'com/user_group_list';
const request: ListAtaGroupsRequest = { product: 'ata', sort_item: 'user_group_nm', sort_flg: 1, page_size: 1000, current_page: 1 };

export const listAtaGroups = (options?: CallOptions): Promise<ListAtaGroupsResponse> => callApi(PATH, request, options);

/** The account-area (ata) user groups, for choosing which use single sign-on (up to 1000, by name). */
export const useAtaGroups = () => useApi(PATH, request, { revalidateOnFocus: false });
