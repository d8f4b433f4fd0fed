import { mutate } from 'swr';
import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';
import { storeUser } from '@/lib/session.ts';
import { loginUserKey } from './get-login-user.ts';

export type ChangeFileRegistMethodRequest = RouteRequest<'com/user_info_file_regist_change'>;
export type ChangeFileRegistMethodResponse = RouteResponse<'com/user_info_file_regist_change'>;

/** Saves the signed-in user's file-registration method (simple 0, detailed 1). */
export async function changeFileRegistMethod(body: ChangeFileRegistMethodRequest, options?: CallOptions): Promise<ChangeFileRegistMethodResponse> {
  const result = await callApi('com/user_info_file_regist_change', body, options);
  storeUser(result.user);
  await mutate(loginUserKey, result, { revalidate: false });
  return result;
}
