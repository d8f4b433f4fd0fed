import { InputError } from '#lib/errors.ts';
import { auditActor, type Operation } from '#lib/api-handler.ts';
import { defaultAboveMaximum } from '#shared/schemas/settings.ts';
import { saveCommonSettings } from '#data/common-settings.ts';

/**
 * Saves the common settings (administrators), over the row_version read (-201 when someone saved
 * in between), audited as `settings.common`. A field not sent keeps its saved value; a link default
 * above its maximum, after that merge, is refused on the default's field (-4).
 */
export const saveCommonSettingsInfo: Operation<'com/common_setting_save_btn'> = async (context) => {
  const { row_version: expected, ...sent } = context.input;
  return saveCommonSettings(auditActor(context), sent, expected, (settings) => {
    const field = defaultAboveMaximum(settings);
    if (field) throw new InputError({ [field]: 'validation.aboveMaximum' });
  });
};
