import useSWR from 'swr';
import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type GetIpPolicyRequest = RouteRequest<'com/allow_ipadr_info'>;
export type GetIpPolicyResponse = RouteResponse<'com/allow_ipadr_info'>;
export type IpPolicyEntry = GetIpPolicyResponse['data_list'][number];

const PATH = 'com/allow_ipadr_info';
export const ipPolicyKey = [PATH, {}] as const;

export const getIpPolicy = (options?: CallOptions): Promise<GetIpPolicyResponse> =>
  callApi(PATH, {} satisfies GetIpPolicyRequest, options);

/**
 * The contract-wide entry ("0", first) and every account-area group's entry, with the caller's
 * address. Not revalidated behind the user's back (row versions go with the next save); a save puts
 * its entry in the cache, a reload is `mutate()`.
 */
export function useIpPolicy() {
  return useSWR(ipPolicyKey, () => getIpPolicy(), { revalidateOnFocus: false, revalidateOnReconnect: false });
}
