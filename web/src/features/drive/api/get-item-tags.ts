import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';
import { useApi } from '@/lib/api-swr.ts';

export type GetItemTagsRequest = RouteRequest<'com_drive/item_tags'>;
export type GetItemTagsResponse = RouteResponse<'com_drive/item_tags'>;

const PATH = 'com_drive/item_tags';

export const getItemTags = (request: GetItemTagsRequest, options?: CallOptions): Promise<GetItemTagsResponse> => callApi(PATH, request, options);

/** The tags of one entry the caller sees; `id` undefined waits. */
export const useItemTags = (id: string | undefined) => useApi(PATH, id ? { id } : null);
