import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type EmptyTrashRequest = RouteRequest<'com_drive/trash_empty_btn'>;
export type EmptyTrashResponse = RouteResponse<'com_drive/trash_empty_btn'>;

/** Empties the contract's trash (administrators); `finished` false: the rest goes on in the background. */
export const emptyTrash = (options?: CallOptions): Promise<EmptyTrashResponse> => callApi('com_drive/trash_empty_btn', {}, options);
