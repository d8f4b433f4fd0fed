import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type UpdateCorpRequest = RouteRequest<'com/corp_info_upd_btn'>;
export type UpdateCorpResponse = RouteResponse<'com/corp_info_upd_btn'>;

/** Saves the basic information; a stale row_version answers -201. */
export const updateCorp = (request: UpdateCorpRequest, options?: CallOptions): Promise<UpdateCorpResponse> =>
  callApi('com/corp_info_upd_btn', request, options);
