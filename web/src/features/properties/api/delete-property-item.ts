import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

/** Deletes a property item (refused while files are linked to any of its values). */
export const deletePropertyItem = (request: RouteRequest<'com/property_item_del_btn'>, options?: CallOptions): Promise<RouteResponse<'com/property_item_del_btn'>> =>
  callApi('com/property_item_del_btn', request, options);
