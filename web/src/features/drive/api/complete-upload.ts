import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type CompleteUploadRequest = RouteRequest<'com_drive/file_upload_complete'>;
export type CompleteUploadResponse = RouteResponse<'com_drive/file_upload_complete'>;

/** Joins the uploaded parts of a multipart upload (the entry stays pending until S3 confirms it). */
export const completeUpload = (request: CompleteUploadRequest, options?: CallOptions): Promise<CompleteUploadResponse> =>
  callApi('com_drive/file_upload_complete', request, options);
