import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type GenerateSpKeyRequest = RouteRequest<'com/sso_info_spkey_btn'>;
export type GenerateSpKeyResponse = RouteResponse<'com/sso_info_spkey_btn'>;

/** Generates a new SP key pair and certificate (the private key stays on the server). */
export const generateSpKey = (request: GenerateSpKeyRequest, options?: CallOptions): Promise<GenerateSpKeyResponse> =>
  callApi('com/sso_info_spkey_btn', request, options);
