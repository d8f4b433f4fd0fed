import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';
import { revalidateApi, useApi } from '@/lib/api-swr.ts';

export type ListShareLinksRequest = RouteRequest<'com_drive/share_link_list'>;
export type ListShareLinksResponse = RouteResponse<'com_drive/share_link_list'>;
export type ShareLinkRow = ListShareLinksResponse['links'][number];

const PATH = 'com_drive/share_link_list';

export const listShareLinks = (request: ListShareLinksRequest, options?: CallOptions): Promise<ListShareLinksResponse> => callApi(PATH, request, options);

/** A file's share links, newest first, with the contract's rules for a new one; `id` undefined waits. */
export const useShareLinks = (id: string | undefined) => useApi(PATH, id ? { id } : null, { revalidateOnFocus: false });

/** Reads every cached list of links again (after one was made or revoked). */
export const refreshShareLinks = (): Promise<unknown> => revalidateApi(PATH);
