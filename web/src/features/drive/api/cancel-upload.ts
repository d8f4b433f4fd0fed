import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type CancelUploadRequest = RouteRequest<'com_drive/file_upload_cancel'>;
export type CancelUploadResponse = RouteResponse<'com_drive/file_upload_cancel'>;

/** Withdraws one's own upload in progress (the entry, or the new version, goes at once). */
export const cancelUpload = (request: CancelUploadRequest, options?: CallOptions): Promise<CancelUploadResponse> =>
  callApi('com_drive/file_upload_cancel', request, options);
