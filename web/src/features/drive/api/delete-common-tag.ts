import type { RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

/** Deletes a common tag; `job_id` when the rest of the entries carrying it are detached in the background. */
export const deleteCommonTag = (id: string, options?: CallOptions): Promise<RouteResponse<'com/tag_info_del_btn'>> =>
  callApi('com/tag_info_del_btn', { id }, options);
