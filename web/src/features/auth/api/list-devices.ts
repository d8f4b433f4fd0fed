import useSWR from 'swr';
import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type ListDevicesRequest = RouteRequest<'com/device_list'>;
export type ListDevicesResponse = RouteResponse<'com/device_list'>;

export const listDevices = (request: ListDevicesRequest, options?: CallOptions): Promise<ListDevicesResponse> =>
  callApi('com/device_list', request, options);

/** The signed-in user's trusted devices; `deviceToken` (this browser's) marks the current one. */
export function useDevices(deviceToken: string | undefined) {
  const request: ListDevicesRequest = deviceToken ? { device_token: deviceToken } : {};
  return useSWR(['com/device_list', request] as const, () => listDevices(request, { silent: true }), { revalidateOnFocus: false });
}
