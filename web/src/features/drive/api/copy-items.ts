import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type CopyItemsRequest = RouteRequest<'com_drive/copy_btn'>;
export type CopyItemsResponse = RouteResponse<'com_drive/copy_btn'>;

/** Copies entries into one folder: done within the call when small, else a job to follow (`job.state`). */
export const copyItems = (request: CopyItemsRequest, options?: CallOptions): Promise<CopyItemsResponse> =>
  callApi('com_drive/copy_btn', request, options);
