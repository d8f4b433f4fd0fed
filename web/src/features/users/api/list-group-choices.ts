import type { ProductArea } from '@shared/schemas/groups.ts';
import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';
import { useApi } from '@/lib/api-swr.ts';

export type ListGroupChoicesRequest = RouteRequest<'com/user_group_list'>;
export type ListGroupChoicesResponse = RouteResponse<'com/user_group_list'>;
export type GroupChoice = ListGroupChoicesResponse['return_list'][number];

const PATH = 'com/user_group_list';
/** The largest page (SPEC.md §9): the choices of a group select. */
const CHOICES_PAGE_SIZE = 1000;

export const listGroupChoices = (request: ListGroupChoicesRequest, options?: CallOptions): Promise<ListGroupChoicesResponse> =>
  callApi(PATH, request, options);

/** A product area's user groups by name, for the group selects (the shared `[path, request]` key). */
export function useGroupChoices(product: ProductArea | undefined) {
  const request: ListGroupChoicesRequest | undefined = product
    ? { product, sort_item: 'user_group_nm', sort_flg: 1, page_size: CHOICES_PAGE_SIZE, current_page: 1 }
    : undefined;
  return useApi(PATH, request, { keepPreviousData: false, revalidateOnFocus: false });
}
