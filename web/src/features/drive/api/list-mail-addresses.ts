import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { revalidateApi, useApi } from '@/lib/api-swr.ts';

export type ListMailAddressesRequest = RouteRequest<'com_drive/mail_address_list'>;
export type ListMailAddressesResponse = RouteResponse<'com_drive/mail_address_list'>;
export type MailAddressRow = ListMailAddressesResponse['addresses'][number];

const PATH = 'com_drive/mail_address_list';

/** A folder's intake addresses, with the environment's receiving domain (null: no mail is received); `folderId` undefined waits. */
export const useMailAddresses = (folderId: string | undefined) => useApi(PATH, folderId ? { folder_id: folderId } : null, { revalidateOnFocus: false });

/** Reads every cached list of intake addresses again (after one was made, changed, rotated or deleted). */
export const refreshMailAddresses = (): Promise<unknown> => revalidateApi(PATH);
