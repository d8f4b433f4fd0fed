import type { Operation } from '#lib/api-handler.ts';
import { updateOwnSettings, type User } from '#data/users.ts';
import { userSettingsFields, type UserSettings } from '#shared/schemas/user-settings.ts';

const defaults = {
  page_size: userSettingsFields.page_size.parse(undefined),
  visual_mode: userSettingsFields.visual_mode.parse(undefined),
  density: userSettingsFields.density.parse(undefined),
};

const settingsOf = (user: User): UserSettings => ({
  page_size: user.ui_page_size ?? defaults.page_size,
  visual_mode: user.ui_visual_mode ?? defaults.visual_mode,
  density: user.ui_density ?? defaults.density,
  language: user.language,
  file_regist_method: user.file_regist_method ?? 0,
});

/** user_setting_info: the signed-in user's own settings, kept on the user's item. */
export const getUserSettings: Operation<'com/user_setting_info'> = async ({ caller }) => ({ settings: settingsOf(caller.user) });

/**
 * user_setting_save_btn: saves what was sent (the user's own preferences: last write wins, no
 * version asked, and no audit record, as for the language).
 */
export const saveUserSettings: Operation<'com/user_setting_save_btn'> = async ({ caller, input }) => {
  const user = await updateOwnSettings(caller.kykId, caller.userId, {
    ...(input.page_size === undefined ? {} : { ui_page_size: input.page_size }),
    ...(input.visual_mode === undefined ? {} : { ui_visual_mode: input.visual_mode }),
    ...(input.density === undefined ? {} : { ui_density: input.density }),
  });
  return { settings: settingsOf(user) };
};
