import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type DeleteDeviceRequest = RouteRequest<'com/device_del_btn'>;
export type DeleteDeviceResponse = RouteResponse<'com/device_del_btn'>;

/** Forgets one of the signed-in user's trusted devices (its next sign-in asks the second step again). */
export const deleteDevice = (request: DeleteDeviceRequest, options?: CallOptions): Promise<DeleteDeviceResponse> =>
  callApi('com/device_del_btn', request, options);
