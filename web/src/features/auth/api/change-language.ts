import { mutate } from 'swr';
import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';
import { storeUser } from '@/lib/session.ts';
import { loginUserKey } from './get-login-user.ts';

export type ChangeLanguageRequest = RouteRequest<'com/chang_language'>;
export type ChangeLanguageResponse = RouteResponse<'com/chang_language'>;

/** Saves the signed-in user's language, so server messages follow the switch too. */
export async function changeLanguage(body: ChangeLanguageRequest, options?: CallOptions): Promise<ChangeLanguageResponse> {
  const result = await callApi('com/chang_language', body, options);
  storeUser(result.user);
  await mutate(loginUserKey, result, { revalidate: false });
  return result;
}
