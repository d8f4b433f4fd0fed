import * as z from 'zod/mini';
import { densities, pageSizes, visualModes } from '../constants.ts';
import { flag, pageSize, updateFields } from '../validation.ts';
import { languages } from '../messages.ts';

/**
 * The signed-in user's own settings (SPEC.md §7 "other user settings (GET and POST)"; docs/home.md):
 * how the SPA looks for this user on every device. Language and the file-registration method have
 * their own calls (chang_language, user_info_file_regist_change) and are shown here read-only.
 */
export { densities, visualModes };
export type VisualModeSetting = (typeof visualModes)[number];
export type DensitySetting = (typeof densities)[number];

export const userSettingsFields = {
  /** Rows per page the lists start with (SPEC.md §9: 50, 100, 1000). */
  page_size: z._default(pageSize, pageSizes[0]),
  /** Cloudscape's visual mode: follow the system, or always light or dark. */
  visual_mode: z._default(z.enum(visualModes, 'validation.invalidValue'), 'system'),
  /** Cloudscape's density. */
  density: z._default(z.enum(densities, 'validation.invalidValue'), 'comfortable'),
};

export const userSettings = z.object({
  ...userSettingsFields,
  language: z.enum(languages),
  /** File registration method: simple 0, detailed 1 (saved with user_info_file_regist_change). */
  file_regist_method: flag,
});
export type UserSettings = z.infer<typeof userSettings>;

export const userSettingsRequest = z.strictObject({});
export const userSettingsResponse = z.object({ settings: userSettings });
export type UserSettingsResponse = z.infer<typeof userSettingsResponse>;

/** Fields not sent keep their values; at least one must be sent. */
export const userSettingsSaveRequest = z
  .strictObject(updateFields(userSettingsFields))
  .check(z.refine((input) => Object.values(input).some((value) => value !== undefined), { message: 'validation.required', path: ['page_size'] }));
export type UserSettingsSaveRequest = z.input<typeof userSettingsSaveRequest>;
