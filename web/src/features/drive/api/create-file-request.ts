import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type CreateFileRequestRequest = RouteRequest<'com_drive/file_request_create_btn'>;
export type CreateFileRequestResponse = RouteResponse<'com_drive/file_request_create_btn'>;

/** Makes a file-request link to a folder; the answer's `url_path` is the only time its secret is shown. */
export const createFileRequest = (request: CreateFileRequestRequest, options?: CallOptions): Promise<CreateFileRequestResponse> => callApi('com_drive/file_request_create_btn', request, options);
