import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type RejectArrivalsRequest = RouteRequest<'com_drive/arrival_reject_btn'>;
export type RejectArrivalsResponse = RouteResponse<'com_drive/arrival_reject_btn'>;

/** Rejects received files: deleted for good; each refused file answers its reason (`refused`). */
export const rejectArrivals = (request: RejectArrivalsRequest, options?: CallOptions): Promise<RejectArrivalsResponse> => callApi('com_drive/arrival_reject_btn', request, options);
