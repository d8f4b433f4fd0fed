import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type GetSharedFileRequest = RouteRequest<'share/info'>;
export type SharedFile = RouteResponse<'share/info'>;

/** What a share link offers (no sign-in); behind a password, without the file's name and size. */
export const getSharedFile = (request: GetSharedFileRequest, options?: CallOptions): Promise<SharedFile> => callApi('share/info', request, options);
