import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';
import { useApi } from '@/lib/api-swr.ts';

export type ListIntakeAddressesRequest = RouteRequest<'com_drive/mail_address_list'>;
export type ListIntakeAddressesResponse = RouteResponse<'com_drive/mail_address_list'>;
export type IntakeAddress = ListIntakeAddressesResponse['addresses'][number];

const PATH = 'com_drive/mail_address_list';

export const listIntakeAddresses = (request: ListIntakeAddressesRequest, options?: CallOptions): Promise<ListIntakeAddressesResponse> => callApi(PATH, request, options);

/** Every intake address of the contract (no folder given), with the environment's receiving domain; a failure shows in the section's table. */
export const useIntakeAddresses = () => useApi(PATH, {}, undefined, { silent: true });
