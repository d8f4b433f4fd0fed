import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type AcceptArrivalsRequest = RouteRequest<'com_drive/arrival_accept_btn'>;
export type AcceptArrivalsResponse = RouteResponse<'com_drive/arrival_accept_btn'>;

/** Accepts received files: the link's or address's document style is applied; each refused file answers its reason (`refused`). */
export const acceptArrivals = (request: AcceptArrivalsRequest, options?: CallOptions): Promise<AcceptArrivalsResponse> => callApi('com_drive/arrival_accept_btn', request, options);
