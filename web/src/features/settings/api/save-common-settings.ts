import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type SaveCommonSettingsRequest = RouteRequest<'com/common_setting_save_btn'>;
export type SaveCommonSettingsResponse = RouteResponse<'com/common_setting_save_btn'>;

/**
 * Saves the common settings with the row_version they were read with (fields not sent keep their
 * value): -201 when someone saved first, -4 with a message under the field (e.g. a link default
 * above its maximum, on the default's field).
 */
export const saveCommonSettings = (request: SaveCommonSettingsRequest, options?: CallOptions): Promise<SaveCommonSettingsResponse> =>
  callApi('com/common_setting_save_btn', request, options);
