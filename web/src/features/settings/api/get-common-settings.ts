import useSWR from 'swr';
import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type GetCommonSettingsRequest = RouteRequest<'com/common_setting_info'>;
export type GetCommonSettingsResponse = RouteResponse<'com/common_setting_info'>;

const PATH = 'com/common_setting_info';
export const commonSettingsKey = [PATH, {}] as const;

export const getCommonSettings = (options?: CallOptions): Promise<GetCommonSettingsResponse> =>
  callApi(PATH, {} satisfies GetCommonSettingsRequest, options);

/**
 * The contract's common settings with their row_version (the defaults until first saved). Not
 * revalidated behind the user's back (the row_version goes with the next save); a save puts its
 * answer in the cache, a reload is `mutate()`.
 */
export function useCommonSettings() {
  return useSWR(commonSettingsKey, () => getCommonSettings(), { revalidateOnFocus: false, revalidateOnReconnect: false });
}
