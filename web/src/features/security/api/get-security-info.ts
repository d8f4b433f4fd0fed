import useSWR from 'swr';
import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type GetSecurityInfoRequest = RouteRequest<'com/security_info'>;
export type GetSecurityInfoResponse = RouteResponse<'com/security_info'>;

const PATH = 'com/security_info';
export const securityInfoKey = [PATH, {}] as const;

export const getSecurityInfo = (options?: CallOptions): Promise<GetSecurityInfoResponse> =>
  callApi(PATH, {} satisfies GetSecurityInfoRequest, options);

/**
 * The contract's password policy with its row_version. Not revalidated behind the user's back (the
 * row_version goes with the next save); a save puts its answer in the cache, a reload is `mutate()`.
 */
export function useSecurityInfo() {
  return useSWR(securityInfoKey, () => getSecurityInfo(), { revalidateOnFocus: false, revalidateOnReconnect: false });
}
