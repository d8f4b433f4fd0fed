import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type StartRequestUploadRequest = RouteRequest<'request/upload'>;
export type RequestUpload = RouteResponse<'request/upload'>;

/** One file sent through a file-request link: counted against the link, answered a presigned PUT and the name the file got. */
export const startRequestUpload = (request: StartRequestUploadRequest, options?: CallOptions): Promise<RequestUpload> => callApi('request/upload', request, options);
