import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { ITEMS_TAGS_MAX } from '@shared/drive-limits.ts';
import useSWR from 'swr';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type ListItemsTagsRequest = RouteRequest<'com_drive/items_tags'>;
export type ListItemsTagsResponse = RouteResponse<'com_drive/items_tags'>;

const PATH = 'com_drive/items_tags';

export const listItemsTags = (request: ListItemsTagsRequest, options?: CallOptions): Promise<ListItemsTagsResponse> => callApi(PATH, request, options);

/**
 * The Tags column of a listing page: the tags of the shown entries, read in calls of up to 100
 * (a page holds up to 1000). Keyed by the ids, so a page read again is answered from the cache.
 */
export function useItemsTags(ids: string[] | undefined) {
  const key = ids && ids.length > 0 ? ([PATH, { ids }] as const) : null;
  return useSWR(key, async ([, body]) => {
    const chunks: string[][] = [];
    for (let i = 0; i < body.ids.length; i += ITEMS_TAGS_MAX) chunks.push(body.ids.slice(i, i + ITEMS_TAGS_MAX));
    const answers = await Promise.all(chunks.map((chunk) => listItemsTags({ ids: chunk })));
    // The route's own shape, as every cached read of a route (lib/api-swr.ts).
    return { tags: Object.assign({}, ...answers.map((answer) => answer.tags)) as ListItemsTagsResponse['tags'] };
  }, { keepPreviousData: true });
}
