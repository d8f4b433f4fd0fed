import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type SavePropertyItemRequest = RouteRequest<'com/property_item_save_btn'>;

/**
 * Creates (no item_no) or changes a property item: duplicates answer their codes with the field's
 * path in `fields`; -990000350004 when files are linked to a value the change removes; -201 stale.
 */
export const savePropertyItem = (request: SavePropertyItemRequest, options?: CallOptions): Promise<RouteResponse<'com/property_item_save_btn'>> =>
  callApi('com/property_item_save_btn', request, options);
