import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type RemoveFavoriteRequest = RouteRequest<'com_drive/favorite_del_btn'>;
export type RemoveFavoriteResponse = RouteResponse<'com_drive/favorite_del_btn'>;

/** Removes an entry from the caller's favourites (also one that is gone). */
export const removeFavorite = (request: RemoveFavoriteRequest, options?: CallOptions): Promise<RemoveFavoriteResponse> =>
  callApi('com_drive/favorite_del_btn', request, options);
