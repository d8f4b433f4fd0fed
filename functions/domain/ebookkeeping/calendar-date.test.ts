import { describe, expect, it } from 'vitest';
import { addDays, addMonths, daysInMonth, endOfMonth, isCalendarDate, tokyoDate, weekday } from './calendar-date.ts';

describe('calendar dates', () => {
  it('knows real dates, leap years included', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('2026-1-01')).toBe(false);
    expect(isCalendarDate(undefined)).toBe(false);
    expect(daysInMonth(2100, 2)).toBe(28);
  });

  it('adds days and months; a missing day becomes the month end', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addMonths('2026-12-31', 2)).toBe('2027-02-28');
    expect(addMonths('2027-12-31', 2)).toBe('2028-02-29');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-11-15', 14)).toBe('2028-01-15');
    expect(endOfMonth(2026, 4)).toBe('2026-04-30');
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
  });

  it('gives weekdays and the calendar day in Tokyo', () => {
    expect(weekday('2026-05-03')).toBe(0);
    expect(tokyoDate(new Date('2026-12-31T15:00:00Z'))).toBe('2027-01-01');
    expect(tokyoDate(new Date('2026-12-31T14:59:59Z'))).toBe('2026-12-31');
  });
});
