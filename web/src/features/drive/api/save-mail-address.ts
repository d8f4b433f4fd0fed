import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type SaveMailAddressRequest = RouteRequest<'com_drive/mail_address_save_btn'>;
export type SaveMailAddressResponse = RouteResponse<'com_drive/mail_address_save_btn'>;

/** Makes an intake address for a folder (no `address_id`) or saves one's settings (with its `row_version`). */
export const saveMailAddress = (request: SaveMailAddressRequest, options?: CallOptions): Promise<SaveMailAddressResponse> => callApi('com_drive/mail_address_save_btn', request, options);
