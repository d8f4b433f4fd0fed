import useSWR from 'swr';
import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type GetPropertyItemsResponse = RouteResponse<'com/property_item'>;
export type PropertyItem = GetPropertyItemsResponse['items'][number];

const PATH = 'com/property_item';
export const propertyItemsKey = [PATH, {}] as const;

export const getPropertyItems = (options?: CallOptions): Promise<GetPropertyItemsResponse> =>
  callApi(PATH, {} satisfies RouteRequest<'com/property_item'>, options);

/** The contract's property items (every signed-in user reads them: the drive's forms are made from them). */
export function usePropertyItems() {
  return useSWR(propertyItemsKey, () => getPropertyItems(), { revalidateOnFocus: false });
}
