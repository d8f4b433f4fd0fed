import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type AddFavoriteRequest = RouteRequest<'com_drive/favorite_add_btn'>;
export type AddFavoriteResponse = RouteResponse<'com_drive/favorite_add_btn'>;

/** Adds a file or folder to the caller's favourites (again: it moves to the top). */
export const addFavorite = (request: AddFavoriteRequest, options?: CallOptions): Promise<AddFavoriteResponse> =>
  callApi('com_drive/favorite_add_btn', request, options);
