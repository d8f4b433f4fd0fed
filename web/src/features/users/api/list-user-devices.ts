import useSWR from 'swr';
import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type ListUserDevicesRequest = RouteRequest<'com/user_device_list'>;
export type ListUserDevicesResponse = RouteResponse<'com/user_device_list'>;

const PATH = 'com/user_device_list';
export const userDevicesKey = (userId: string) => [PATH, { user_id: userId }] as const;

export const listUserDevices = (request: ListUserDevicesRequest, options?: CallOptions): Promise<ListUserDevicesResponse> => callApi(PATH, request, options);

/** A user's trusted second-step devices, for the administrator's details page. */
export function useUserDevices(userId: string | undefined) {
  return useSWR(userId ? userDevicesKey(userId) : null, ([, body]) => listUserDevices(body, { silent: true }), { revalidateOnFocus: false });
}
