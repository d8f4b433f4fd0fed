import type { RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';
import { revalidateApi, useApi } from '@/lib/api-swr.ts';

export type ListRecentResponse = RouteResponse<'com_drive/recent_list'>;
export type RecentEntry = ListRecentResponse['items'][number];

const PATH = 'com_drive/recent_list';

export const listRecent = (options?: CallOptions): Promise<ListRecentResponse> => callApi(PATH, {}, options);

/** The files the caller uploaded, downloaded or renamed, newest first (at most 100, one read). */
export const useRecentFiles = () => useApi(PATH, {});

export const refreshRecent = (): Promise<unknown> => revalidateApi(PATH);
