import type { CommonSettings } from '#shared/schemas/settings.ts';
import { addDays, addMonths, endOfMonth, monthOf, yearOf, type CalendarDate } from './calendar-date.ts';

/**
 * How long a bookkeeping document must be kept (issue 12 item 4).
 *
 * 法人税法施行規則59条1項・2項: 帳簿書類 are kept "起算日から七年間"; for 書類 the 起算日 is "その作成
 * 又は受領の日の属する事業年度終了の日の翌日から二月を経過した日" — the day after the filing deadline
 * (法人税法74条1項: 確定申告書 within two months after the fiscal year end). NTA タックスアンサー
 * No.5930 「帳簿書類等の保存期間」: "事業年度終了の日の翌日から2月を経過した日から7年間"
 * (https://www.nta.go.jp/taxes/shiraberu/taxanswer/hojin/5930.htm). 10 years where a loss is carried
 * forward (同条1項ただし書き / 法人税法57条) or the contract says so: `retention_years`.
 *
 * The period is counted by 民法143条: a period of years that starts at the beginning of a day ends on
 * the day before the same date in the final year. FY end 2026-03-31 → deadline 2026-05-31 →
 * 起算日 2026-06-01 → kept through 2033-05-31. The day after the result is the first day a purge is
 * allowed.
 *
 * Not modelled: an extended filing deadline (申告期限の延長特例, 法人税法75条の2) and 清算中の法人 (one
 * month): both move the 起算日; the contract's retention_years can absorb the first.
 */
export type RetentionSettings = Pick<CommonSettings, 'fiscal_year_end_month' | 'retention_years'>;

/** The last day of the fiscal year that contains `documentDate`. */
export function fiscalYearEnd(documentDate: CalendarDate, fiscalYearEndMonth: number): CalendarDate {
  assertMonth(fiscalYearEndMonth);
  const year = yearOf(documentDate);
  return endOfMonth(monthOf(documentDate) <= fiscalYearEndMonth ? year : year + 1, fiscalYearEndMonth);
}

/** 起算日: the day two months after the day following the fiscal year end (the day after the filing deadline). */
export function retentionStart(documentDate: CalendarDate, fiscalYearEndMonth: number): CalendarDate {
  return addMonths(addDays(fiscalYearEnd(documentDate, fiscalYearEndMonth), 1), 2);
}

/** The filing deadline of the document's fiscal year (the day before the 起算日). */
export function filingDeadline(documentDate: CalendarDate, fiscalYearEndMonth: number): CalendarDate {
  return addDays(retentionStart(documentDate, fiscalYearEndMonth), -1);
}

/** The last day the document must still be kept. */
export function retentionEnd(documentDate: CalendarDate, settings: RetentionSettings): CalendarDate {
  const years = settings.retention_years;
  if (!Number.isInteger(years) || years < 1) throw new RangeError(`retention years must be a positive integer: ${years}`);
  // The 起算日 is always the first of a month, so adding whole years never meets a 29 February.
  return addDays(addMonths(retentionStart(documentDate, settings.fiscal_year_end_month), years * 12), -1);
}

function assertMonth(month: number): void {
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`fiscal year end month must be 1-12: ${month}`);
}
