import * as z from 'zod/mini';
import { flag, intRange as int, updateFields } from '../validation.ts';
import { invoiceNumberOrEmpty } from './bookkeeping-fields.ts';

/**
 * The legal minimum retention: 7 years (法人税法施行規則59条). Years with a loss carried forward need
 * 10 (法人税法57条): the administrator's choice. Less is refused; a contract that stored less reads as 7.
 */
export const MIN_RETENTION_YEARS = 7;
export const MAX_RETENTION_YEARS = 30;

/**
 * The contract's common settings (SPEC.md §2 "common settings", issue 10 item 9): one record per
 * contract, read by the drive (trash retention now; sharing and links with the next issue; fiscal
 * year and retention years with the e-bookkeeping rules).
 */
export const commonSettingsFields = {
  /** Days an entry stays in the trash before it is deleted for good by the scheduled job. */
  trash_retention_days: z._default(int(1, 3650), 30),
  /** 1: files may be shared with users by permission. */
  file_sharing: z._default(flag, 1),
  /** 1: share links (URLs) may be issued. */
  url_issuing: z._default(flag, 1),
  /** The lowest drive level that may issue share links: 1 view, 2 active, 3 update (administrators always may). */
  link_issuer_level: z._default(int(1, 3), 3),
  /** A new link's validity in days, and the most a user may set. */
  link_default_days: z._default(int(1, 365), 7),
  link_max_days: z._default(int(1, 365), 30),
  /** A new link's download limit, and the most a user may set; 0: no limit. */
  link_default_downloads: z._default(int(0, 10_000), 0),
  link_max_downloads: z._default(int(0, 10_000), 0),
  /** 1: every link needs a password. */
  link_password_required: z._default(flag, 0),
  /** The month the fiscal year ends (3: March, as most Japanese companies). */
  fiscal_year_end_month: z._default(int(1, 12), 3),
  /** Years documents are kept after the fiscal year ends (Corporation Tax Act: at least 7; 10 with loss carry-forward). */
  retention_years: z._default(
    z.number('validation.invalidValue').check(z.int('validation.invalidValue'), z.gte(MIN_RETENTION_YEARS, 'validation.retentionYearsMinimum'), z.lte(MAX_RETENTION_YEARS, 'validation.invalidValue')),
    MIN_RETENTION_YEARS,
  ),
  /**
   * 1: the contract keeps a processing rule (事務処理規程) for scanner storage: a scan's input
   * deadline is two months and 7 business days after receipt instead of 7 business days.
   */
  scanner_processing_rule: z._default(flag, 0),
  /**
   * The contract as a document's issuer (docs/e-bookkeeping.md "Fields read from the document"): a
   * document carrying its name or registration number as the issuer is one it issued itself, so the
   * reading takes the other party as the addressee. Empty: not set.
   */
  own_company_name: z._default(z.string('validation.invalidValue').check(z.trim(), z.maxLength(100, 'validation.tooLong')), ''),
  own_invoice_number: z._default(invoiceNumberOrEmpty, ''),
  /**
   * 1: a read registration number is checked against the National Tax Agency's publication site
   * (適格請求書発行事業者公表システム) on the transaction date. Needs the environment's application ID
   * (the operator's secret); without it only the check digit is checked.
   */
  invoice_registry_check: z._default(flag, 0),
};

type LinkLimits = Pick<CommonSettings, 'link_default_days' | 'link_max_days' | 'link_default_downloads' | 'link_max_downloads'>;

/** The field whose default exceeds its maximum (a download maximum also rules out "no limit" as the default), if any. */
export function defaultAboveMaximum(settings: LinkLimits): 'link_default_days' | 'link_default_downloads' | undefined {
  if (settings.link_default_days > settings.link_max_days) return 'link_default_days';
  const { link_default_downloads: given, link_max_downloads: max } = settings;
  if (max !== 0 && (given === 0 || given > max)) return 'link_default_downloads';
  return undefined;
}

export const commonSettings = z.object(commonSettingsFields);
export type CommonSettings = z.infer<typeof commonSettings>;
export const defaultCommonSettings: CommonSettings = commonSettings.parse({});

export const commonSettingsRequest = z.strictObject({});
export const commonSettingsResponse = z.object({ settings: commonSettings, row_version: z.number() });
export type CommonSettingsResponse = z.infer<typeof commonSettingsResponse>;

/**
 * A field not sent keeps its saved value. A default above its maximum is refused on the default's
 * field: here when both are sent, and by the server against the saved values otherwise.
 */
export const commonSettingsSaveRequest = z
  .strictObject({ ...updateFields(commonSettingsFields), row_version: z.number('validation.required').check(z.int(), z.gte(0)) })
  .check(z.superRefine((settings, context) => {
    const { link_default_days, link_max_days, link_default_downloads, link_max_downloads } = settings;
    if (link_default_days === undefined || link_max_days === undefined || link_default_downloads === undefined || link_max_downloads === undefined) return;
    const field = defaultAboveMaximum({ link_default_days, link_max_days, link_default_downloads, link_max_downloads });
    if (field) context.issues.push({ code: 'custom', path: [field], message: 'validation.aboveMaximum', input: settings });
  }));
export type CommonSettingsSaveRequest = z.input<typeof commonSettingsSaveRequest>;
