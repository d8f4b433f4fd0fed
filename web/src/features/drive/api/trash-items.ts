import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type TrashItemsRequest = RouteRequest<'com_drive/delete_btn'>;
export type TrashItemsResponse = RouteResponse<'com_drive/delete_btn'>;

/** Moves entries to the trash; each entry answers on its own (`done`, `failed`). */
export const trashItems = (request: TrashItemsRequest, options?: CallOptions): Promise<TrashItemsResponse> =>
  callApi('com_drive/delete_btn', request, options);
