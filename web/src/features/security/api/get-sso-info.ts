import useSWR from 'swr';
import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type GetSsoInfoRequest = RouteRequest<'com/sso_info'>;
export type GetSsoInfoResponse = RouteResponse<'com/sso_info'>;

const PATH = 'com/sso_info';
export const ssoInfoKey = [PATH, {}] as const;

export const getSsoInfo = (options?: CallOptions): Promise<GetSsoInfoResponse> => callApi(PATH, {} satisfies GetSsoInfoRequest, options);

/** The SAML settings with their row_version; saves put their answer in the cache, a reload is `mutate()`. */
export function useSsoInfo() {
  return useSWR(ssoInfoKey, () => getSsoInfo(), { revalidateOnFocus: false, revalidateOnReconnect: false });
}
