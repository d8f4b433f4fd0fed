/**
 * Calendar dates as 'YYYY-MM-DD' strings (the e-bookkeeping rules count days, never instants).
 * Arithmetic runs on UTC midnights so that no machine time zone or daylight saving shifts a day.
 */
export type CalendarDate = string;

const PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Whether `value` is a real calendar date written 'YYYY-MM-DD' (2026-02-30 is not). */
export function isCalendarDate(value: unknown): value is CalendarDate {
  if (typeof value !== 'string') return false;
  const match = PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function parts(date: CalendarDate): [number, number, number] {
  if (!isCalendarDate(date)) throw new RangeError(`not a calendar date: ${String(date)}`);
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');
const format = (year: number, month: number, day: number): CalendarDate => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
const toUtc = (date: CalendarDate) => {
  const [year, month, day] = parts(date);
  return Date.UTC(year, month - 1, day);
};
const fromUtc = (ms: number): CalendarDate => {
  const date = new Date(ms);
  return format(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
};

/** Days in a month (month 1-12), leap years included. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  return fromUtc(toUtc(date) + days * DAY_MS);
}

/**
 * The same day `months` later; a day the target month lacks becomes its last day
 * (2026-12-31 + 2 months = 2027-02-28), as 民法143条2項 counts a period in months.
 */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const [year, month, day] = parts(date);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  return format(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
}

/** The last day of a month (month 1-12). */
export function endOfMonth(year: number, month: number): CalendarDate {
  return format(year, month, daysInMonth(year, month));
}

/** 0 Sunday … 6 Saturday. */
export function weekday(date: CalendarDate): number {
  return new Date(toUtc(date)).getUTCDay();
}

export function yearOf(date: CalendarDate): number {
  return parts(date)[0];
}

export function monthOf(date: CalendarDate): number {
  return parts(date)[1];
}

// Made on first use: loading the time zone data costs a cold start some 40 ms that most calls never need.
let tokyoFormat: Intl.DateTimeFormat | undefined;

/** The calendar day in Japan (Asia/Tokyo, UTC+9 all year) at an instant. */
export function tokyoDate(instant: Date): CalendarDate {
  // en-CA formats as YYYY-MM-DD.
  tokyoFormat ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' });
  return tokyoFormat.format(instant);
}
