/**
 * The transaction dates (取引年月日) the drive accepts (docs/e-bookkeeping.md "Transaction dates"):
 * from 1900-01-01 to today in Japan plus one year. A typo decades ahead (2062 for 2026) would
 * lengthen the document's retention, and in AWS the bucket's COMPLIANCE lock, for good; a date
 * near the year 9999 has no retention end that can be written. One rule, here, for registration,
 * correction and the search's and the tax-office export's date ranges, in the browser and the server.
 */
export const TRANSACTION_DATE_MIN = '1900-01-01';

/** Asia/Tokyo is UTC+9 all year (no daylight saving). */
const JAPAN_OFFSET_MS = 9 * 3_600_000;
const pad = (value: number) => String(value).padStart(2, '0');

/** The latest transaction date accepted at `now`: the same day next year in Japan (29 February: the 28th). */
export function transactionDateMax(now: Date = new Date()): string {
  const japan = new Date(now.getTime() + JAPAN_OFFSET_MS);
  const year = japan.getUTCFullYear() + 1;
  const month = japan.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${pad(month)}-${pad(Math.min(japan.getUTCDate(), lastDay))}`;
}

/** Whether a calendar date (YYYY-MM-DD, checked apart) lies within the accepted transaction dates at `now`. */
export const isAcceptedTransactionDate = (date: string, now: Date = new Date()): boolean =>
  date >= TRANSACTION_DATE_MIN && date <= transactionDateMax(now);
