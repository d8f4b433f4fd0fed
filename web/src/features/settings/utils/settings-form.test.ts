import { describe, expect, it } from 'vitest';
import { commonSettingsSaveRequest, defaultCommonSettings } from '@shared/schemas/settings.ts';
import { draftChanged, draftFromSettings, fiscalYearStartMonth, monthName, settingsFromDraft, settingsRanges } from './settings-form.ts';

describe('the common settings form', () => {
  it('edits numbers as text and flags as switches, and gives back the settings it started from', () => {
    const draft = draftFromSettings(defaultCommonSettings);
    expect(draft).toMatchObject({ trash_retention_days: '30', link_max_downloads: '0', url_issuing: true, link_password_required: false, fiscal_year_end_month: 3 });
    expect(settingsFromDraft(draft)).toEqual(defaultCommonSettings);
    expect(draftChanged(draft, draft)).toBe(false);
  });

  it('sends what is not a whole number as NaN, which the shared schema refuses under its field', () => {
    const draft = { ...draftFromSettings(defaultCommonSettings), trash_retention_days: ' 1.5', link_max_days: '' };
    const body = { row_version: 0, ...settingsFromDraft(draft) };
    expect(body.trash_retention_days).toBeNaN();
    const result = commonSettingsSaveRequest.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['link_max_days', 'trash_retention_days']);
  });

  it('a maximum below the default is refused on the default, as the server does', () => {
    const draft = { ...draftFromSettings(defaultCommonSettings), link_max_days: '5' };
    const result = commonSettingsSaveRequest.safeParse({ row_version: 0, ...settingsFromDraft(draft) });
    expect(result.error?.issues).toMatchObject([{ path: ['link_default_days'], message: 'validation.aboveMaximum' }]);
  });

  it('refuses fewer retention years than the legal 7 with the law\'s message, and offers no fewer', () => {
    const parse = (years: string) => commonSettingsSaveRequest.safeParse({ row_version: 0, ...settingsFromDraft({ ...draftFromSettings(defaultCommonSettings), retention_years: years }) });
    expect(parse('6').error?.issues).toMatchObject([{ path: ['retention_years'], message: 'validation.retentionYearsMinimum' }]);
    expect(parse('1').error?.issues).toMatchObject([{ path: ['retention_years'], message: 'validation.retentionYearsMinimum' }]);
    expect(parse('7').success).toBe(true);
    expect(parse('10').success).toBe(true);
    expect(settingsRanges.retention_years.min).toBe(7);
  });

  it('counts spaces around a number as no change', () => {
    const initial = draftFromSettings(defaultCommonSettings);
    expect(draftChanged({ ...initial, retention_years: ' 7 ' }, initial)).toBe(false);
    expect(draftChanged({ ...initial, retention_years: '10' }, initial)).toBe(true);
    expect(draftChanged({ ...initial, fiscal_year_end_month: 12 }, initial)).toBe(true);
    expect(draftChanged({ ...initial, link_issuer_level: 1 }, initial)).toBe(true);
    expect(settingsFromDraft({ ...initial, link_issuer_level: 2 }).link_issuer_level).toBe(2);
  });

  it('edits the own company name and registration number as text, sent as typed for the shared schema to trim and normalise', () => {
    const initial = draftFromSettings(defaultCommonSettings);
    expect(initial).toMatchObject({ own_company_name: '', own_invoice_number: '', invoice_registry_check: false });
    const typed = { ...initial, own_company_name: ' 株式会社サンプル ', own_invoice_number: 'ｔ７０００－０１２０５－０００２', invoice_registry_check: true };
    expect(draftChanged(typed, initial)).toBe(true);
    expect(draftChanged({ ...initial, own_company_name: '  ' }, initial)).toBe(false);
    const body = { row_version: 0, ...settingsFromDraft(typed) };
    expect(body).toMatchObject({ own_company_name: ' 株式会社サンプル ', invoice_registry_check: 1 });
    expect(commonSettingsSaveRequest.parse(body)).toMatchObject({ own_company_name: '株式会社サンプル', own_invoice_number: 'T7000012050002', invoice_registry_check: 1 });
  });

  it('refuses a registration number that is not T and 13 digits, or whose check digit is wrong, under its field', () => {
    const parse = (number: string) => commonSettingsSaveRequest.safeParse({ row_version: 0, ...settingsFromDraft({ ...draftFromSettings(defaultCommonSettings), own_invoice_number: number }) });
    expect(parse('T70000120500').error?.issues).toMatchObject([{ path: ['own_invoice_number'], message: 'validation.invoiceNumberFormat' }]);
    expect(parse('T8000012050002').error?.issues).toMatchObject([{ path: ['own_invoice_number'], message: 'validation.invoiceNumberCheckDigit' }]);
    expect(parse('').success).toBe(true);
  });

  it('names months in the language, and a fiscal year starts the month after it ends', () => {
    expect(monthName(3, 'en')).toBe('March');
    expect(monthName(3, 'ja')).toBe('3月');
    expect(fiscalYearStartMonth(3)).toBe(4);
    expect(fiscalYearStartMonth(12)).toBe(1);
  });
});
