import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type GetDownloadUrlRequest = RouteRequest<'com_drive/download'>;
export type GetDownloadUrlResponse = RouteResponse<'com_drive/download'>;

/** A presigned GET for a ready file; the bytes are then fetched straight from storage. */
export const getDownloadUrl = (request: GetDownloadUrlRequest, options?: CallOptions): Promise<GetDownloadUrlResponse> =>
  callApi('com_drive/download', request, options);
