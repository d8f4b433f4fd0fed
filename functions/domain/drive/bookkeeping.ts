import { DomainError } from '#lib/errors.ts';
import { extendLock } from '#lib/object-lock.ts';
import { MIN_RETENTION_YEARS, type CommonSettings } from '#shared/schemas/settings.ts';
import { isLegalDocumentStyle } from '#shared/schemas/bookkeeping-fields.ts';
import type { ItemRecord } from '#data/drive-items.ts';
import { retentionEnd } from '#domain/ebookkeeping/retention-period.ts';
import { inputDeadline } from '#domain/ebookkeeping/business-days.ts';
import { addMonths, isCalendarDate, tokyoDate } from '#domain/ebookkeeping/calendar-date.ts';

/**
 * The drive's side of the Electronic Bookkeeping Act (docs/e-bookkeeping.md): which files are
 * protected, until when, and what a change of one needs. Files of the four legal styles are never
 * removed before their retention ends; a change is a new version with a reason; a deletion is
 * logical and recorded. Protection follows `retention_until`, which only ever grows: re-styling a
 * document to "general" by mistake (a recorded correction) does not free it early.
 */

/** Today in Japan, YYYY-MM-DD: the law's days are Japanese calendar days. */
export const japanDay = (at: Date = new Date()): string => tokyoDate(at);

type Fields = Pick<ItemRecord, 'document_style' | 'transaction_date' | 'regist_date' | 'retention_until'>;

/**
 * The day a legal document may be deleted for good from: its fiscal year (by its transaction date,
 * else the day it was registered) ends, two months later the return is due, and the retention years
 * run from the day after. Never earlier than what the document had already.
 */
export function retentionFor(item: Fields, settings: Pick<CommonSettings, 'fiscal_year_end_month' | 'retention_years'>): string | undefined {
  if (!isLegalDocumentStyle(item.document_style) && !item.retention_until) return undefined;
  const computed = isLegalDocumentStyle(item.document_style)
    ? retentionEnd(documentDateOf(item), { ...settings, retention_years: Math.max(settings.retention_years, MIN_RETENTION_YEARS) })
    : undefined;
  return latest(computed, item.retention_until);
}

/** The day a document's retention runs from: its transaction date, else the day it was registered (Japan). */
const documentDateOf = (item: Pick<ItemRecord, 'transaction_date' | 'regist_date'>): string =>
  item.transaction_date ?? japanDay(new Date(item.regist_date));

const latest = (...days: (string | undefined)[]): string | undefined => days.filter((day): day is string => day !== undefined).sort().at(-1);

/** What the purge check reads: the fiscal year end (the 7-year floor is the law's, not a setting). */
export type PurgeSettings = Pick<CommonSettings, 'fiscal_year_end_month'>;

/**
 * The last day a bookkeeping document must still be kept, as every purge decides it (deleting for
 * good, the trash's retention, emptying the trash, a folder's purge, deleting a contract): its
 * `retention_until`, and never less than the legal 7 years from its transaction date (else its
 * registration day), whatever the settings were when it was registered or corrected (a contract
 * could once store fewer years). Undefined: not a bookkeeping document (never of a legal style, no retention).
 */
export function keptUntil(item: Fields & Pick<ItemRecord, 'type'>, settings: PurgeSettings): string | undefined {
  if (item.type !== 'file' || (!isLegalDocumentStyle(item.document_style) && item.retention_until === undefined)) return undefined;
  const date = documentDateOf(item);
  // A date no retention end can be written for (only from before dates were bounded) is kept for good.
  let floor = '9999-12-31';
  if (isCalendarDate(date)) {
    try {
      floor = retentionEnd(date, { fiscal_year_end_month: settings.fiscal_year_end_month, retention_years: MIN_RETENTION_YEARS });
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
    }
  }
  return latest(floor, item.retention_until);
}

/** The instant a retention ends: the end of its last day in Japan (the lock holds through that day). */
export const retainUntilOf = (day: string): Date => new Date(Date.parse(`${day}T00:00:00+09:00`) + 86_400_000);

/**
 * Lengthens the bucket's lock on every version's bytes of a document whose retention grew (a
 * correction of its date or style); a lock is never shortened (functions/lib/object-lock.ts).
 */
export async function extendLocks(keys: string[], retentionUntil: string): Promise<void> {
  for (const key of new Set(keys)) await extendLock(key, retainUntilOf(retentionUntil));
}

/** Whether the entry is a file still under retention today: nobody may delete it for good (the one purge check). */
export const isRetained = (item: Fields & Pick<ItemRecord, 'type'>, settings: PurgeSettings, today = japanDay()): boolean => {
  const until = keptUntil(item, settings);
  return until !== undefined && until >= today;
};

/** Refuses deleting a retained document for good: -990000340001 with its name and the last day it is kept. */
export function refuseEarlyPurge(item: Fields & Pick<ItemRecord, 'type' | 'name'>, settings: PurgeSettings, today = japanDay()): void {
  const until = keptUntil(item, settings);
  if (until !== undefined && until >= today) throw new DomainError('retentionNotEnded', { name: item.name, date: until });
}

/** Whether a change of the file is a recorded correction: it is, or becomes, a legal document (or is still retained). */
export const isBookkeepingChange = (before: Pick<ItemRecord, 'type' | 'document_style' | 'retention_until'>, after?: Pick<ItemRecord, 'document_style'>): boolean =>
  isLegalDocumentStyle(before.document_style) || isLegalDocumentStyle(after?.document_style)
  || (before.type === 'file' && before.retention_until !== undefined && before.retention_until >= japanDay());

/** A correction of a bookkeeping document needs its reason (通達 10-2): -4 on `reason` without one. */
export function requireReason(reason: string | undefined): string {
  if (!reason) throw new DomainError('input', {}, { reason: 'validation.bookkeepingReasonRequired' });
  return reason;
}

/**
 * A correction that keeps a document more than a year longer than its retention end now needs the
 * caller's confirmation (`confirm_retention`): a retention, and in AWS the bucket's lock, is never
 * shortened again, and a mistyped year would hold it for decades. -4 on `confirm_retention` names both ends.
 */
export function refuseUnconfirmedLengthening(current: string | undefined, next: string | undefined, confirmed: boolean): void {
  if (confirmed || !current || !next || next <= addMonths(current, 12)) return;
  throw new DomainError('input', { date: next, current }, { confirm_retention: 'validation.retentionConfirm' });
}

/** A scanner file's received date must not be after the day it is registered. */
export function refuseFutureReceipt(receivedDate: string | undefined | null, today = japanDay()): void {
  if (receivedDate && receivedDate > today) throw new DomainError('input', {}, { received_date: 'validation.receivedDateFuture' });
}

/**
 * The input deadline of a scanner file (7 business days after receipt, or two months and 7 with a
 * processing rule, 事務処理規程) and whether the registration came after it.
 */
export function inputTiming(item: Pick<ItemRecord, 'document_style' | 'received_date' | 'regist_date'>, settings: Pick<CommonSettings, 'scanner_processing_rule'>):
  { input_deadline: string; input_late: boolean } | undefined {
  if (item.document_style !== 'scanner' || !item.received_date) return undefined;
  const deadline = inputDeadline(item.received_date, { processingRule: settings.scanner_processing_rule === 1 });
  return { input_deadline: deadline, input_late: japanDay(new Date(item.regist_date)) > deadline };
}
