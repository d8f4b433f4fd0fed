import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { usePagedApi } from '@/lib/api-swr.ts';

export type CommonTagsRequest = RouteRequest<'com/tag_info_list'>;
export type CommonTag = RouteResponse<'com/tag_info_list'>['tags'][number];

/** One page of the contract's common tags by name (tags administration). */
export const useCommonTagsPage = (request: CommonTagsRequest) => usePagedApi('com/tag_info_list', request);
