import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type RenameItemRequest = RouteRequest<'com_drive/rename_btn'>;
export type RenameItemResponse = RouteResponse<'com_drive/rename_btn'>;

export const renameItem = (request: RenameItemRequest, options?: CallOptions): Promise<RenameItemResponse> =>
  callApi('com_drive/rename_btn', request, options);
