import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type GetUploadPartsRequest = RouteRequest<'com_drive/file_upload_parts'>;
export type GetUploadPartsResponse = RouteResponse<'com_drive/file_upload_parts'>;

/** Fresh presigned URLs for parts of a multipart upload in progress. */
export const getUploadParts = (request: GetUploadPartsRequest, options?: CallOptions): Promise<GetUploadPartsResponse> =>
  callApi('com_drive/file_upload_parts', request, options);
