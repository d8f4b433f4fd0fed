import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type RotateMailAddressRequest = RouteRequest<'com_drive/mail_address_rotate_btn'>;
export type RotateMailAddressResponse = RouteResponse<'com_drive/mail_address_rotate_btn'>;

/** Gives an intake address a new secret part: mail to the old address is refused from then on. */
export const rotateMailAddress = (request: RotateMailAddressRequest, options?: CallOptions): Promise<RotateMailAddressResponse> => callApi('com_drive/mail_address_rotate_btn', request, options);
