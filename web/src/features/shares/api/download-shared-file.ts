import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type DownloadSharedFileRequest = RouteRequest<'share/download'>;
export type SharedDownload = RouteResponse<'share/download'>;

/** One download of a share link: counted by the server, answered with a URL valid 60 s. */
export const downloadSharedFile = (request: DownloadSharedFileRequest, options?: CallOptions): Promise<SharedDownload> => callApi('share/download', request, options);
