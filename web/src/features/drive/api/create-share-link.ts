import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type CreateShareLinkRequest = RouteRequest<'com_drive/share_link_create_btn'>;
export type CreateShareLinkResponse = RouteResponse<'com_drive/share_link_create_btn'>;

/** Makes a share link to a file; the answer's `url_path` is the only time its secret is shown. */
export const createShareLink = (request: CreateShareLinkRequest, options?: CallOptions): Promise<CreateShareLinkResponse> =>
  callApi('com_drive/share_link_create_btn', request, options);
