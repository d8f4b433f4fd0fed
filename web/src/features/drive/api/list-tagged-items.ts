import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';
import { usePagedApi } from '@/lib/api-swr.ts';

export type ListTaggedItemsRequest = RouteRequest<'com_drive/tag_items'>;
export type ListTaggedItemsResponse = RouteResponse<'com_drive/tag_items'>;
export type TaggedEntry = ListTaggedItemsResponse['items'][number];

const PATH = 'com_drive/tag_items';

export const listTaggedItems = (request: ListTaggedItemsRequest, options?: CallOptions): Promise<ListTaggedItemsResponse> => callApi(PATH, request, options);

/** The tag filter: one page of the entries carrying a tag, newest tagging first; `null` waits. */
export const useTaggedItemsPage = (request: ListTaggedItemsRequest | null) => usePagedApi(PATH, request);
