import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type UpdateFileDetailsRequest = RouteRequest<'com_drive/file_detail_upd_btn'>;
export type UpdateFileDetailsResponse = RouteResponse<'com_drive/file_detail_upd_btn'>;

/**
 * Changes a file's document details. For a bookkeeping document (a legal style before or after, or
 * a file still kept) the change is a new version and needs `reason`; a general file changes in place.
 */
export const updateFileDetails = (request: UpdateFileDetailsRequest, options?: CallOptions): Promise<UpdateFileDetailsResponse> =>
  callApi('com_drive/file_detail_upd_btn', request, options);
