import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';
import { revalidateApi, useApi } from '@/lib/api-swr.ts';

export type SearchTagsRequest = RouteRequest<'com_drive/tag_search'>;
export type SearchTagsResponse = RouteResponse<'com_drive/tag_search'>;
export type DriveTag = SearchTagsResponse['tags'][number];

const PATH = 'com_drive/tag_search';

export const searchTags = (request: SearchTagsRequest, options?: CallOptions): Promise<SearchTagsResponse> => callApi(PATH, request, options);

/** The tags the caller sees (common ones, then its private ones, by name; at most 100 of each). */
export const useTags = (request: SearchTagsRequest | null = {}) => useApi(PATH, request);

/** Revalidates every cached tag search (after a tag is created). */
export const refreshTags = (): Promise<unknown> => revalidateApi(PATH);
