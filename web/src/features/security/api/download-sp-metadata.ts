import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, saveBlob, type CallOptions } from '@/lib/api-client.ts';

export type DownloadSpMetadataRequest = RouteRequest<'com/sso_info_download_btn'>;
export type DownloadSpMetadataResponse = RouteResponse<'com/sso_info_download_btn'>;

export const getSpMetadata = (options?: CallOptions): Promise<DownloadSpMetadataResponse> =>
  callApi('com/sso_info_download_btn', {} satisfies DownloadSpMetadataRequest, options);

/** Fetches the SP metadata XML and saves it as a file under the name the server gives. */
export async function downloadSpMetadata(options?: CallOptions): Promise<DownloadSpMetadataResponse> {
  const file = await getSpMetadata(options);
  saveBlob(new Blob([file.content], { type: file.content_type }), file.file_name);
  return file;
}
