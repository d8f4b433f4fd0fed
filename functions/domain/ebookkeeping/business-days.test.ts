import { describe, expect, it } from 'vitest';
import { addBusinessDays, inputDeadline, isBusinessDay, isLate, receivedDateProblem } from './business-days.ts';

const plain = { processingRule: false };
const withRule = { processingRule: true };
/** 09:00 in Tokyo on a calendar day. */
const tokyo = (date: string, time = '09:00') => new Date(`${date}T${time}:00+09:00`);

describe('Japanese business days', () => {
  it('skips weekends, national holidays with their substitute days, and the year-end break', () => {
    expect(isBusinessDay('2026-04-30')).toBe(true);
    expect(isBusinessDay('2026-04-29')).toBe(false); // 昭和の日
    expect(isBusinessDay('2026-05-02')).toBe(false); // Saturday
    expect(isBusinessDay('2026-05-06')).toBe(false); // 振替休日 for 憲法記念日 on a Sunday
    expect(isBusinessDay('2026-09-22')).toBe(false); // 国民の休日 between two holidays
    expect(isBusinessDay('2026-12-29')).toBe(false);
    expect(isBusinessDay('2027-01-04')).toBe(true);
    expect(isBusinessDay('2026-12-29', { yearEndClosure: false })).toBe(true);
    expect(isBusinessDay('2027-01-01', { yearEndClosure: false })).toBe(false); // 元日 stays a holiday
  });

  it('counts from the day after', () => {
    expect(addBusinessDays('2026-06-01', 1)).toBe('2026-06-02');
    expect(addBusinessDays('2026-06-05', 1)).toBe('2026-06-08');
  });
});

describe('input deadline: 7 business days after receipt', () => {
  it('runs across Golden Week', () => {
    // 4/29 holiday; 4/30, 5/1; 5/2–5/6 off; 5/7, 5/8, 5/11, 5/12, 5/13.
    expect(inputDeadline('2026-04-28', plain)).toBe('2026-05-13');
    expect(inputDeadline('2026-04-30', plain)).toBe('2026-05-14');
  });

  it('runs across New Year: the year-end break and 成人の日', () => {
    // 12/28; 12/29–1/3 off; 1/4–1/8; 1/11 成人の日; 1/12.
    expect(inputDeadline('2026-12-25', plain)).toBe('2027-01-12');
    expect(inputDeadline('2026-12-25', { ...plain, yearEndClosure: false })).toBe('2027-01-06');
  });

  it('with a processing rule, adds two months first, clamped at month ends', () => {
    // 2026-12-31 + 2 months = 2027-02-28 (a Sunday), then 7 business days: 3/1 … 3/9.
    expect(inputDeadline('2026-12-31', withRule)).toBe('2027-03-09');
    // 2026-04-30 + 2 months = 2026-06-30, then 7/1 … 7/9.
    expect(inputDeadline('2026-04-30', withRule)).toBe('2026-07-09');
    // 2027-12-31 + 2 months = 2028-02-29 (leap year), then 3/1 … 3/9.
    expect(inputDeadline('2027-12-31', withRule)).toBe('2028-03-09');
  });
});

describe('late registrations', () => {
  it('is on time through the whole deadline day in Japan and late from the next', () => {
    expect(isLate('2026-04-30', tokyo('2026-05-14', '23:59'), plain)).toBe(false);
    expect(isLate('2026-04-30', tokyo('2026-05-15', '00:00'), plain)).toBe(true);
    expect(isLate('2026-04-30', tokyo('2026-05-15'), withRule)).toBe(false);
  });

  it('takes the calendar day in Tokyo, not UTC', () => {
    // 2026-05-14T20:00Z is already 5/15 05:00 in Tokyo.
    expect(isLate('2026-04-30', new Date('2026-05-14T20:00:00Z'), plain)).toBe(true);
    // 2026-05-14T14:59Z is 5/14 23:59 in Tokyo.
    expect(isLate('2026-04-30', new Date('2026-05-14T14:59:00Z'), plain)).toBe(false);
  });
});

describe('the received date given at registration', () => {
  const now = tokyo('2026-06-10', '10:00');

  it('accepts today and earlier days', () => {
    expect(receivedDateProblem('2026-06-10', now)).toBeUndefined();
    expect(receivedDateProblem('2025-01-31', now)).toBeUndefined();
  });

  it('refuses a day in the future, judged in Japan', () => {
    expect(receivedDateProblem('2026-06-11', now)).toBe('future');
    // 2026-06-10T16:00Z is already 6/11 in Tokyo: 6/11 is today there.
    expect(receivedDateProblem('2026-06-11', new Date('2026-06-10T16:00:00Z'))).toBeUndefined();
  });

  it('refuses what is not a calendar date', () => {
    for (const value of ['2026-02-30', '2026/06/01', '2026-6-1', '', null, 20260601]) expect(receivedDateProblem(value, now)).toBe('format');
  });
});
