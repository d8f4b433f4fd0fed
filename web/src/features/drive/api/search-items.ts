import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type SearchItemsRequest = RouteRequest<'com_drive/search'>;
export type SearchItemsResponse = RouteResponse<'com_drive/search'>;
export type SearchHit = SearchItemsResponse['items'][number];

const PATH = 'com_drive/search';

/** One page of a drive search (docs/drive.md "Search"): `next_cursor` reads on, `capped` says the read limit cut the page short. */
export const searchItems = (request: SearchItemsRequest, options?: CallOptions): Promise<SearchItemsResponse> => callApi(PATH, request, options);
