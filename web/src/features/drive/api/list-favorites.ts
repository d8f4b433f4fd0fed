import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';
import { revalidateApi, useApi, usePagedApi } from '@/lib/api-swr.ts';

export type ListFavoritesRequest = RouteRequest<'com_drive/favorite_list'>;
export type ListFavoritesResponse = RouteResponse<'com_drive/favorite_list'>;
export type FavoriteEntry = ListFavoritesResponse['items'][number];

const PATH = 'com_drive/favorite_list';

export const listFavorites = (request: ListFavoritesRequest, options?: CallOptions): Promise<ListFavoritesResponse> => callApi(PATH, request, options);

/** One page of the caller's favourites, newest first, each with its place. */
export const useFavoritesPage = (request: ListFavoritesRequest) => usePagedApi(PATH, request);

/**
 * Every favourite's id, for the stars of the drive page: the list holds at most 500 (docs/drive.md),
 * so one read of 1000 is the whole of it.
 */
export function useFavoriteIds(): ReadonlySet<string> | undefined {
  const { data } = useApi(PATH, { page_size: 1000 });
  return data ? new Set(data.items.map((item) => item.id)) : undefined;
}

/** Revalidates every cached read of the favourites (after adding or removing one). */
export const refreshFavorites = (): Promise<unknown> => revalidateApi(PATH);
