import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type RevokeFileRequestRequest = RouteRequest<'com_drive/file_request_revoke_btn'>;
export type RevokeFileRequestResponse = RouteResponse<'com_drive/file_request_revoke_btn'>;

/** Revokes a file-request link for good (its creator, an administrator, or whoever may update the folder). */
export const revokeFileRequest = (request: RevokeFileRequestRequest, options?: CallOptions): Promise<RevokeFileRequestResponse> => callApi('com_drive/file_request_revoke_btn', request, options);
