import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type GetUploadPartsListRequest = RouteRequest<'com_drive/file_upload_parts_list'>;
export type GetUploadPartsListResponse = RouteResponse<'com_drive/file_upload_parts_list'>;

/** The parts S3 holds of one's own multipart upload in progress (resuming it after a reload). */
export const getUploadPartsList = (request: GetUploadPartsListRequest, options?: CallOptions): Promise<GetUploadPartsListResponse> =>
  callApi('com_drive/file_upload_parts_list', request, options);
