import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type RegisterCorpRequest = RouteRequest<'com/corp_info_reg_btn'>;
export type RegisterCorpResponse = RouteResponse<'com/corp_info_reg_btn'>;

/** Registers a legal entity; a duplicate corporate code answers -4 with a message on `corp_cd`. */
export const registerCorp = (request: RegisterCorpRequest, options?: CallOptions): Promise<RegisterCorpResponse> =>
  callApi('com/corp_info_reg_btn', request, options);
