import type { RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type LinkToAtpResponse = RouteResponse<'com/link_to_atp'>;

/** The property module's address with a fresh 60-second key: follow it at once. */
export const linkToAtp = (options?: CallOptions): Promise<LinkToAtpResponse> => callApi('com/link_to_atp', {}, options);
