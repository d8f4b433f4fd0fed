import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type DeleteMailAddressRequest = RouteRequest<'com_drive/mail_address_delete_btn'>;
export type DeleteMailAddressResponse = RouteResponse<'com_drive/mail_address_delete_btn'>;

/** Deletes an intake address: mail to it is refused from then on. */
export const deleteMailAddress = (request: DeleteMailAddressRequest, options?: CallOptions): Promise<DeleteMailAddressResponse> => callApi('com_drive/mail_address_delete_btn', request, options);
