import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';
import { useApi } from '@/lib/api-swr.ts';

export type GetFolderPermissionsRequest = RouteRequest<'com_drive/permission_info'>;
export type FolderPermissions = RouteResponse<'com_drive/permission_info'>;

const PATH = 'com_drive/permission_info';

export const getFolderPermissions = (request: GetFolderPermissionsRequest, options?: CallOptions): Promise<FolderPermissions> => callApi(PATH, request, options);

/** A folder's permission settings (its own and those of the folders above); `id` undefined waits. */
export const useFolderPermissions = (id: string | undefined) => useApi(PATH, id ? { id } : null, { revalidateOnFocus: false });
