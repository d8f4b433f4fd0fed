import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type VersionDownloadRequest = RouteRequest<'com_drive/file_history_download'>;
export type VersionDownloadResponse = RouteResponse<'com_drive/file_history_download'>;

/** A presigned URL of one version of a file. */
export const getVersionDownloadUrl = (request: VersionDownloadRequest, options?: CallOptions): Promise<VersionDownloadResponse> =>
  callApi('com_drive/file_history_download', request, options);
