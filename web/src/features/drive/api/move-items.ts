import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type MoveItemsRequest = RouteRequest<'com_drive/move_btn'>;
export type MoveItemsResponse = RouteResponse<'com_drive/move_btn'>;

/** Moves entries into one folder; each entry answers on its own (`done`, `failed`). */
export const moveItems = (request: MoveItemsRequest, options?: CallOptions): Promise<MoveItemsResponse> =>
  callApi('com_drive/move_btn', request, options);
