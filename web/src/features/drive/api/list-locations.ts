import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type ListLocationsRequest = RouteRequest<'com_drive/location_sel'>;
export type ListLocationsResponse = RouteResponse<'com_drive/location_sel'>;

/** One page of a folder's subfolders by name (SPEC.md §7 "location selection"): the save-location dialog's tree, a level at a time. */
export const listLocations = (request: ListLocationsRequest, options?: CallOptions): Promise<ListLocationsResponse> =>
  callApi('com_drive/location_sel', request, options);
