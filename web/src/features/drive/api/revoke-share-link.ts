import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type RevokeShareLinkRequest = RouteRequest<'com_drive/share_link_revoke_btn'>;
export type RevokeShareLinkResponse = RouteResponse<'com_drive/share_link_revoke_btn'>;

/** Revokes a share link for good (its creator, an administrator, or whoever may update the file). */
export const revokeShareLink = (request: RevokeShareLinkRequest, options?: CallOptions): Promise<RevokeShareLinkResponse> =>
  callApi('com_drive/share_link_revoke_btn', request, options);
