import type { Operation } from '#lib/api-handler.ts';
import { getCommonSettings } from '#data/common-settings.ts';

/** The contract's common settings (administrators; the defaults until first saved; retention years at least the legal 7). */
export const getCommonSettingsInfo: Operation<'com/common_setting_info'> = async ({ caller }) => {
  const { settings, row_version } = await getCommonSettings(caller.kykId, true);
  return { settings, row_version };
};
