import type { Operation } from '#lib/api-handler.ts';
import { getCommonSettings } from '#data/common-settings.ts';

/** The contract's common settings (administrators; the defaults until first saved). */
export const getCommonSettingsInfo: Operation<'com/common_setting_info'> = async ({ caller }) => getCommonSettings(caller.kykId, true);
