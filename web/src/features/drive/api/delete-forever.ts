import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type DeleteForeverRequest = RouteRequest<'com_drive/force_delete_btn'>;
export type DeleteForeverResponse = RouteResponse<'com_drive/force_delete_btn'>;

/**
 * Deletes trashed entries for good (drive level 3): a folder takes everything inside with it. Same
 * bulk answer as a restore (`done`, `failed`; all refused answers the first refusal's code).
 */
export const deleteForever = (request: DeleteForeverRequest, options?: CallOptions): Promise<DeleteForeverResponse> =>
  callApi('com_drive/force_delete_btn', request, options);
