import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type SaveFolderPermissionsRequest = RouteRequest<'com_drive/permission_save_btn'>;
export type SaveFolderPermissionsResponse = RouteResponse<'com_drive/permission_save_btn'>;

/** Saves a folder's own settings, or (`inherit: 1`) returns it to those of the folders above. */
export const saveFolderPermissions = (request: SaveFolderPermissionsRequest, options?: CallOptions): Promise<SaveFolderPermissionsResponse> =>
  callApi('com_drive/permission_save_btn', request, options);
