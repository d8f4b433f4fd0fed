import { MAX_RETENTION_YEARS, MIN_RETENTION_YEARS, type CommonSettings } from '@shared/schemas/settings.ts';

/** Whole-number fields, edited as text (an empty or partial entry stays as typed until saved). */
export const settingsNumberFields = [
  'trash_retention_days',
  'link_default_days',
  'link_max_days',
  'link_default_downloads',
  'link_max_downloads',
  'retention_years',
] as const satisfies readonly (keyof CommonSettings)[];
export type SettingsNumberField = (typeof settingsNumberFields)[number];

/** On/off fields (0 / 1 in the API). */
export const settingsFlagFields = ['file_sharing', 'url_issuing', 'link_password_required', 'scanner_processing_rule', 'invoice_registry_check'] as const satisfies readonly (keyof CommonSettings)[];
export type SettingsFlagField = (typeof settingsFlagFields)[number];

/**
 * Text fields, sent as typed: the shared schema trims them and normalises a registration number
 * (full-width digits, a missing T) before checking it, as the server does; empty means not set.
 */
export const settingsTextFields = ['own_company_name', 'own_invoice_number'] as const satisfies readonly (keyof CommonSettings)[];
export type SettingsTextField = (typeof settingsTextFields)[number];

/** The allowed range of each number (the shared schema's, shown as the field's constraint). */
export const settingsRanges: Record<SettingsNumberField, { min: number; max: number }> = {
  trash_retention_days: { min: 1, max: 3650 },
  link_default_days: { min: 1, max: 365 },
  link_max_days: { min: 1, max: 365 },
  link_default_downloads: { min: 0, max: 10_000 },
  link_max_downloads: { min: 0, max: 10_000 },
  // The law's minimum: fewer years are refused with its message (shared schema).
  retention_years: { min: MIN_RETENTION_YEARS, max: MAX_RETENTION_YEARS },
};

/** The lowest drive level that may issue share links, as the screen offers it (1 view, 2 active, 3 update). */
export const linkIssuerLevels = [1, 2, 3] as const;
export type LinkIssuerLevel = (typeof linkIssuerLevels)[number];

export type SettingsDraft = Record<SettingsNumberField | SettingsTextField, string> &
  Record<SettingsFlagField, boolean> & { fiscal_year_end_month: number; link_issuer_level: LinkIssuerLevel };

export function draftFromSettings(settings: CommonSettings): SettingsDraft {
  const draft = { fiscal_year_end_month: settings.fiscal_year_end_month, link_issuer_level: settings.link_issuer_level as LinkIssuerLevel } as SettingsDraft;
  for (const field of settingsNumberFields) draft[field] = String(settings[field]);
  for (const field of settingsFlagFields) draft[field] = settings[field] === 1;
  for (const field of settingsTextFields) draft[field] = settings[field];
  return draft;
}

/** The whole number typed, or NaN for anything else (the schema refuses it under the field). */
export const wholeNumber = (text: string): number => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** Every field of the request body (all are sent: the row_version guards the whole record). */
export function settingsFromDraft(draft: SettingsDraft): CommonSettings {
  const settings = { fiscal_year_end_month: draft.fiscal_year_end_month, link_issuer_level: draft.link_issuer_level } as CommonSettings;
  for (const field of settingsNumberFields) settings[field] = wholeNumber(draft[field]);
  for (const field of settingsFlagFields) settings[field] = draft[field] ? 1 : 0;
  for (const field of settingsTextFields) settings[field] = draft[field];
  return settings;
}

export function draftChanged(draft: SettingsDraft, initial: SettingsDraft): boolean {
  if (draft.fiscal_year_end_month !== initial.fiscal_year_end_month || draft.link_issuer_level !== initial.link_issuer_level) return true;
  const text = (field: SettingsNumberField | SettingsTextField) => draft[field].trim() !== initial[field].trim();
  return settingsNumberFields.some(text) || settingsTextFields.some(text) || settingsFlagFields.some((field) => draft[field] !== initial[field]);
}

/** The month's name in the language (en "March", ja "3月"); `month` 1 to 12. */
export function monthName(month: number, language: string): string {
  return new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, month - 1, 1));
}

/** The first month of a fiscal year that ends in `endMonth` (March -> April, December -> January). */
export const fiscalYearStartMonth = (endMonth: number): number => (endMonth % 12) + 1;
