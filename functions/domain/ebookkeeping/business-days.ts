import { addDays, addMonths, isCalendarDate, monthOf, tokyoDate, weekday, type CalendarDate } from './calendar-date.ts';
import { japanHolidaysByYear } from './japan-holidays.ts';

/**
 * The scanner-storage input deadline (電子帳簿保存法施行規則2条6項1号イ・ロ): a paper document must
 * be scanned and registered "速やかに" — the NTA's 取扱通達 (「速やかに」の意義) accepts おおむね7営業日
 * after receipt — or, where the company's 事務処理規程 fixes its business cycle (「業務の処理に係る通常の
 * 期間」, at most two months), after that cycle and then おおむね7営業日. Sources: NTA 電子帳簿保存法
 * 取扱通達 and 一問一答（スキャナ保存関係）; ../shared/EBOOKKEEPING.md "scanner input period".
 *
 * "営業日" are the company's business days. Default calendar, chosen because most Japanese companies
 * close on these days and the Act on Holidays of Administrative Organs (行政機関の休日に関する法律
 * 1条) closes the tax offices on exactly them: Saturdays, Sundays, national holidays (祝日, 振替休日
 * and 国民の休日, from @holiday-jp/holiday_jp, maintained upstream, its dates kept in japan-holidays.ts
 * by `npm run holidays`; it lists years up to 2050, later
 * years count weekends only) and the year-end break 12/29–1/3. A company open at year end can set
 * `yearEndClosure: false`. The NTA's "おおむね" leaves room either way; we choose the calendar that
 * does not flag a company that closed over New Year.
 */
export interface DeadlineOptions {
  /** The contract has a 事務処理規程 with a business cycle: two months, then 7 business days. */
  processingRule: boolean;
  /** 12/29–1/3 are days off (default true). */
  yearEndClosure?: boolean;
}

/** Business days allowed after receipt (or after the business cycle). */
export const INPUT_BUSINESS_DAYS = 7;
/** The longest business cycle a 事務処理規程 may fix (通達4-18: 最長2か月). */
export const PROCESSING_CYCLE_MONTHS = 2;

const holidays: ReadonlySet<string> = new Set(Object.entries(japanHolidaysByYear)
  .flatMap(([year, days]) => days.split(' ').map((day) => `${year}-${day.slice(0, 2)}-${day.slice(2)}`)));

function isYearEndBreak(date: CalendarDate): boolean {
  const month = monthOf(date);
  const day = Number(date.slice(8, 10));
  return (month === 12 && day >= 29) || (month === 1 && day <= 3);
}

/** Whether the company works on `date` under the default calendar (see above). */
export function isBusinessDay(date: CalendarDate, options: { yearEndClosure?: boolean } = {}): boolean {
  const day = weekday(date);
  if (day === 0 || day === 6) return false;
  if (holidays.has(date)) return false;
  return !((options.yearEndClosure ?? true) && isYearEndBreak(date));
}

/** The `count`th business day after `date` (the day itself does not count). */
export function addBusinessDays(date: CalendarDate, count: number, options: { yearEndClosure?: boolean } = {}): CalendarDate {
  let current = date;
  for (let counted = 0; counted < count; ) {
    current = addDays(current, 1);
    if (isBusinessDay(current, options)) counted += 1;
  }
  return current;
}

/**
 * The last day a document received on `receivedDate` may be registered in time: 7 business days
 * after receipt, or with a processing rule 7 business days after the day two months later
 * (2026-12-31 → 2027-02-28 → 2027-03-09).
 */
export function inputDeadline(receivedDate: CalendarDate, options: DeadlineOptions): CalendarDate {
  const cycleEnd = options.processingRule ? addMonths(receivedDate, PROCESSING_CYCLE_MONTHS) : receivedDate;
  return addBusinessDays(cycleEnd, INPUT_BUSINESS_DAYS, options);
}

/**
 * Whether a registration at `registeredAt` (the server's clock, the time stamp substitute of
 * 通達4-28) came after the deadline; the calendar day is Japan's (Asia/Tokyo).
 */
export function isLate(receivedDate: CalendarDate, registeredAt: Date, options: DeadlineOptions): boolean {
  return tokyoDate(registeredAt) > inputDeadline(receivedDate, options);
}

/**
 * What is wrong with a receipt date given at registration, if anything: not a real date, or a day
 * after today in Japan (paper cannot have been received in the future).
 */
export function receivedDateProblem(date: unknown, now: Date): 'format' | 'future' | undefined {
  if (!isCalendarDate(date)) return 'format';
  return date > tokyoDate(now) ? 'future' : undefined;
}
