import { mutate } from 'swr';
import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';
import { userSettingsKey } from './get-user-settings.ts';

export type SaveUserSettingsRequest = RouteRequest<'com/user_setting_save_btn'>;
export type SaveUserSettingsResponse = RouteResponse<'com/user_setting_save_btn'>;

/** Saves some of the signed-in user's own settings; the others keep their values. */
export async function saveUserSettings(body: SaveUserSettingsRequest, options?: CallOptions): Promise<SaveUserSettingsResponse> {
  const result = await callApi('com/user_setting_save_btn', body, options);
  await mutate(userSettingsKey, result, { revalidate: false });
  return result;
}
