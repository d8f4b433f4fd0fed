import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type CreateTagRequest = RouteRequest<'com_drive/tag_create_btn'>;
export type CreateTagResponse = RouteResponse<'com_drive/tag_create_btn'>;

/** Creates a common tag (administrators; else -990000270001) or a private one. */
export const createTag = (request: CreateTagRequest, options?: CallOptions): Promise<CreateTagResponse> =>
  callApi('com_drive/tag_create_btn', request, options);
