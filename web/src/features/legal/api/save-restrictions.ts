import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type SaveRestrictionsRequest = RouteRequest<'com/corp_info_limited_save_btn'>;
export type SaveRestrictionsResponse = RouteResponse<'com/corp_info_limited_save_btn'>;

/** Replaces the reference restrictions (knowledge, commerce, dashboard) of a legal entity; -201 when stale. */
export const saveRestrictions = (request: SaveRestrictionsRequest, options?: CallOptions): Promise<SaveRestrictionsResponse> =>
  callApi('com/corp_info_limited_save_btn', request, options);
