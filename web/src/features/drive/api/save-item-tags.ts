import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';
import { revalidateApi } from '@/lib/api-swr.ts';

export type SaveItemTagsRequest = RouteRequest<'com_drive/item_tags_save_btn'>;
export type SaveItemTagsResponse = RouteResponse<'com_drive/item_tags_save_btn'>;

/** Sets the whole list of tags the caller wants on an entry (others' private tags stay). */
export const saveItemTags = (request: SaveItemTagsRequest, options?: CallOptions): Promise<SaveItemTagsResponse> =>
  callApi('com_drive/item_tags_save_btn', request, options);

/** After a change of an entry's tags: its tags, the Tags column and the tag filter are read again. */
export const refreshTagReads = (): Promise<unknown> =>
  Promise.all([revalidateApi('com_drive/item_tags'), revalidateApi('com_drive/items_tags'), revalidateApi('com_drive/tag_items')]);
