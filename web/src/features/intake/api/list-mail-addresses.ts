import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';
import { useApi } from '@/lib/api-swr.ts';

export type ListMailAddressesRequest = RouteRequest<'com_drive/mail_address_list'>;
export type ListMailAddressesResponse = RouteResponse<'com_drive/mail_address_list'>;
export type MailAddress = ListMailAddressesResponse['addresses'][number];

const PATH = 'com_drive/mail_address_list';

export const listMailAddresses = (request: ListMailAddressesRequest, options?: CallOptions): Promise<ListMailAddressesResponse> => callApi(PATH, request, options);

/** The contract's intake addresses, for the log's address filter and its address column (silent: the log reads without them). */
export const useMailAddresses = () => useApi(PATH, {}, undefined, { silent: true });
