import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type DeleteCorpRequest = RouteRequest<'com/corp_info_del_btn'>;
export type DeleteCorpResponse = RouteResponse<'com/corp_info_del_btn'>;

/** Deletes a legal entity no user references (-203 with the server's message otherwise). */
export const deleteCorp = (request: DeleteCorpRequest, options?: CallOptions): Promise<DeleteCorpResponse> =>
  callApi('com/corp_info_del_btn', request, options);
