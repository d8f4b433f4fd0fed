import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type ZipDownloadRequest = RouteRequest<'com_drive/zip_download_btn'>;
export type ZipDownloadResponse = RouteResponse<'com_drive/zip_download_btn'>;

/** Starts writing a ZIP of the entries; follow the job for its download. */
export const startZipDownload = (request: ZipDownloadRequest, options?: CallOptions): Promise<ZipDownloadResponse> =>
  callApi('com_drive/zip_download_btn', request, options);
