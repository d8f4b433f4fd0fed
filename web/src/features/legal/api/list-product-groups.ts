import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';
import { useApi } from '@/lib/api-swr.ts';

export type ListProductGroupsRequest = RouteRequest<'com/user_group_list'>;
export type ListProductGroupsResponse = RouteResponse<'com/user_group_list'>;
export type RestrictableProduct = 'atk' | 'atc' | 'atd';

const PATH = 'com/user_group_list';
/** The largest page (SPEC.md §9): the choices of the reference-restriction select. */
const CHOICES_PAGE_SIZE = 1000;

export const listProductGroups = (request: ListProductGroupsRequest, options?: CallOptions): Promise<ListProductGroupsResponse> =>
  callApi(PATH, request, options);

/** User groups of a product area by name, optionally those starting with `searchKey`, for the select. */
export function useProductGroups(product: RestrictableProduct, searchKey: string | undefined, enabled = true) {
  const request: ListProductGroupsRequest = {
    product,
    ...(searchKey ? { search_key: searchKey } : {}),
    sort_item: 'user_group_nm',
    sort_flg: 1,
    page_size: CHOICES_PAGE_SIZE,
    current_page: 1,
  };
  return useApi(PATH, enabled ? request : null, { keepPreviousData: true });
}
