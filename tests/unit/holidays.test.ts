import holidayJp from '@holiday-jp/holiday_jp';
import { describe, expect, it } from 'vitest';
import { isBusinessDay } from '#domain/ebookkeeping/business-days.ts';
import { japanHolidaysByYear } from '#domain/ebookkeeping/japan-holidays.ts';

describe('Japan\'s holidays kept for the business-day calendar', () => {
  it('are the dates of @holiday-jp/holiday_jp (run `npm run holidays` after updating the package)', () => {
    const kept = Object.entries(japanHolidaysByYear).flatMap(([year, days]) => days.split(' ').map((day) => `${year}-${day.slice(0, 2)}-${day.slice(2)}`));
    expect(kept).toEqual(Object.keys(holidayJp.holidays).sort());
  });

  it('make every holiday of the package a day off', () => {
    const dates = Object.keys(holidayJp.holidays);
    expect(dates.length).toBeGreaterThan(1000);
    expect(dates.filter((date) => isBusinessDay(date, { yearEndClosure: false }))).toEqual([]);
  });
});
