import { InputError } from '#lib/errors.ts';
import { auditActor, type Operation } from '#lib/api-handler.ts';
import { defaultAboveMaximum } from '#shared/schemas/settings.ts';
import { getCommonSettings, saveCommonSettings } from '#data/common-settings.ts';
import { startRetentionExtension } from '#domain/drive/retention-extension.ts';

/**
 * Saves the common settings (administrators), over the row_version read (-201 when someone saved
 * in between), audited as `settings.common`. A field not sent keeps its saved value; a link default
 * above its maximum, after that merge, is refused on the default's field (-4).
 */
export const saveCommonSettingsInfo: Operation<'com/common_setting_save_btn'> = async (context) => {
  const { row_version: expected, ...sent } = context.input;
  const before = await getCommonSettings(context.caller.kykId, true);
  const saved = await saveCommonSettings(auditActor(context), sent, expected, (settings) => {
    const field = defaultAboveMaximum(settings);
    if (field) throw new InputError({ [field]: 'validation.aboveMaximum' });
  });
  // A new fiscal year end or retention period: every bookkeeping document's retention is computed
  // again in the background, lengthened where it grows, never shortened (docs/e-bookkeeping.md).
  // So too at the first save over years stored below the legal minimum: they are saved as 7 now.
  if (saved.settings.fiscal_year_end_month !== before.settings.fiscal_year_end_month || saved.settings.retention_years !== before.settings.retention_years
    || before.stored_retention_years !== undefined) {
    await startRetentionExtension(context.caller.kykId, context.caller.userId, context.language);
  }
  return saved;
};
