import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type RestoreVersionRequest = RouteRequest<'com_drive/file_history_restore_btn'>;
export type RestoreVersionResponse = RouteResponse<'com_drive/file_history_restore_btn'>;

/** Makes an earlier version the newest (its bytes copied to a new version). */
export const restoreVersion = (request: RestoreVersionRequest, options?: CallOptions): Promise<RestoreVersionResponse> =>
  callApi('com_drive/file_history_restore_btn', request, options);
