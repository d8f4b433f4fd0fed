import useSWR from 'swr';
import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type ListAtaGroupsRequest = RouteRequest<'com/user_group_list'>;
export type ListAtaGroupsResponse = RouteResponse<'com/user_group_list'>;

const request: ListAtaGroupsRequest = { product: 'ata', page_size: 1000, current_page: 1 };

export const listAtaGroups = (options?: CallOptions): Promise<ListAtaGroupsResponse> => callApi('com/user_group_list', request, options);

/** The account-area (ata) user groups, for choosing which use single sign-on (up to 1000, by name). */
export function useAtaGroups() {
  return useSWR(['com/user_group_list', request] as const, () => listAtaGroups(), { revalidateOnFocus: false });
}
