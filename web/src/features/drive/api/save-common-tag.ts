import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type SaveCommonTagRequest = RouteRequest<'com/tag_info_save_btn'>;

/** Creates a common tag (no id) or renames one; a taken name answers -990000270003. */
export const saveCommonTag = (request: SaveCommonTagRequest, options?: CallOptions): Promise<RouteResponse<'com/tag_info_save_btn'>> =>
  callApi('com/tag_info_save_btn', request, options);
