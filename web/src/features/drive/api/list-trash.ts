import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';
import { revalidateApi, usePagedApi } from '@/lib/api-swr.ts';

export type ListTrashRequest = RouteRequest<'com_drive/recycle_list'>;
export type ListTrashResponse = RouteResponse<'com_drive/recycle_list'>;
export type TrashEntry = ListTrashResponse['items'][number];

const PATH = 'com_drive/recycle_list';

export const listTrash = (request: ListTrashRequest, options?: CallOptions): Promise<ListTrashResponse> => callApi(PATH, request, options);

/**
 * One page of the trash, newest deletion first: the contract's at drive level 3, else what the
 * caller deleted (`scope`). `current` is the answer to exactly this page (never the last page's rows).
 */
export const useTrashPage = (request: ListTrashRequest) => usePagedApi(PATH, request);

/** Revalidates every cached page of the trash (after a restore, a delete for good or emptying it). */
export const refreshTrash = (): Promise<unknown> => revalidateApi(PATH);
