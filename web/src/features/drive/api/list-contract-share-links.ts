import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';
import { revalidateApi, usePagedApi } from '@/lib/api-swr.ts';

export type ListContractShareLinksRequest = RouteRequest<'com_drive/share_link_admin_list'>;
export type ListContractShareLinksResponse = RouteResponse<'com_drive/share_link_admin_list'>;
export type ContractShareLink = ListContractShareLinksResponse['links'][number];

const PATH = 'com_drive/share_link_admin_list';

export const listContractShareLinks = (request: ListContractShareLinksRequest, options?: CallOptions): Promise<ListContractShareLinksResponse> =>
  callApi(PATH, request, options);

/** One page of every share link of the contract (administrators), newest first. */
export const useContractShareLinks = (request: ListContractShareLinksRequest) => usePagedApi(PATH, request);

export const refreshContractShareLinks = (): Promise<unknown> => revalidateApi(PATH);
