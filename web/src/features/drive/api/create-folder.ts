import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type CreateFolderRequest = RouteRequest<'com_drive/folder_reg_btn'>;
export type CreateFolderResponse = RouteResponse<'com_drive/folder_reg_btn'>;

export const createFolder = (request: CreateFolderRequest, options?: CallOptions): Promise<CreateFolderResponse> =>
  callApi('com_drive/folder_reg_btn', request, options);
