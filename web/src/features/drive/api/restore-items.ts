import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';
import { revalidateApi } from '@/lib/api-swr.ts';

export type RestoreItemsRequest = RouteRequest<'com_drive/restore_btn'>;
export type RestoreItemsResponse = RouteResponse<'com_drive/restore_btn'>;

/**
 * Restores trashed entries where they were, or all into `folder_id`. Each entry on its own: the
 * answer lists `done` and `failed` (code, message); when every entry is refused the call answers
 * the first refusal's code instead (an ApiError).
 */
export const restoreItems = (request: RestoreItemsRequest, options?: CallOptions): Promise<RestoreItemsResponse> =>
  callApi('com_drive/restore_btn', request, options);

/** Restored entries are back in folder listings: every cached folder page is read again. */
export const refreshFolderListings = (): Promise<unknown> => revalidateApi('com_drive/drive_info');
