import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_RETENTION_YEARS, MIN_RETENTION_YEARS } from '#shared/schemas/settings.ts';
import { TRANSACTION_DATE_MIN, transactionDateMax } from '#shared/transaction-date.ts';
import { isCalendarDate } from './calendar-date.ts';
import { filingDeadline, fiscalYearEnd, retentionEnd, retentionStart } from './retention-period.ts';

const march7 = { fiscal_year_end_month: 3, retention_years: 7 };
const december7 = { fiscal_year_end_month: 12, retention_years: 7 };

describe('retention period (法人税法施行規則59条)', () => {
  it('finds the fiscal year containing the document date', () => {
    expect(fiscalYearEnd('2025-04-01', 3)).toBe('2026-03-31');
    expect(fiscalYearEnd('2026-03-31', 3)).toBe('2026-03-31');
    expect(fiscalYearEnd('2026-04-01', 3)).toBe('2027-03-31');
    expect(fiscalYearEnd('2026-01-01', 12)).toBe('2026-12-31');
    expect(() => fiscalYearEnd('2026-01-01', 13)).toThrow(RangeError);
  });

  it('keeps a March-year-end document 7 years from the day after the filing deadline', () => {
    expect(filingDeadline('2025-10-15', 3)).toBe('2026-05-31');
    expect(retentionStart('2025-10-15', 3)).toBe('2026-06-01');
    expect(retentionEnd('2025-10-15', march7)).toBe('2033-05-31');
  });

  it('gives the first and the last day of a fiscal year the same end', () => {
    expect(retentionEnd('2025-04-01', march7)).toBe('2033-05-31');
    expect(retentionEnd('2026-03-31', march7)).toBe('2033-05-31');
    expect(retentionEnd('2026-04-01', march7)).toBe('2034-05-31');
  });

  it('handles a December year end: deadline at the end of February', () => {
    expect(filingDeadline('2026-01-01', 12)).toBe('2027-02-28');
    expect(retentionEnd('2026-01-01', december7)).toBe('2034-02-28');
    expect(retentionEnd('2026-12-31', december7)).toBe('2034-02-28');
    // Start 2029-03-01; seven years on, the day before 2036-03-01 is a leap day.
    expect(retentionEnd('2028-06-30', december7)).toBe('2036-02-29');
  });

  it('handles leap days: a 29 February document and a February year end', () => {
    expect(fiscalYearEnd('2028-02-29', 2)).toBe('2028-02-29');
    expect(filingDeadline('2028-02-29', 2)).toBe('2028-04-30');
    expect(retentionEnd('2028-02-29', { fiscal_year_end_month: 2, retention_years: 7 })).toBe('2035-04-30');
    expect(retentionEnd('2028-02-29', march7)).toBe('2035-05-31');
    // A non-leap February year end: deadline 2027-04-30 all the same.
    expect(filingDeadline('2026-05-01', 2)).toBe('2027-04-30');
  });

  it('keeps 10 years where the settings say so, and refuses nonsense', () => {
    expect(retentionEnd('2025-10-15', { fiscal_year_end_month: 3, retention_years: 10 })).toBe('2036-05-31');
    expect(() => retentionEnd('2025-10-15', { fiscal_year_end_month: 3, retention_years: 0 })).toThrow(RangeError);
    expect(() => retentionEnd('2025-02-30', march7)).toThrow(RangeError);
  });

  it('gives every accepted transaction date a retention end, for every setting the contract may save', () => {
    const DAY_MS = 86_400_000;
    const first = Date.parse(`${TRANSACTION_DATE_MIN}T00:00:00Z`) / DAY_MS;
    const last = Date.parse(`${transactionDateMax()}T00:00:00Z`) / DAY_MS;
    const day = fc.integer({ min: first, max: last }).map((index) => new Date(index * DAY_MS).toISOString().slice(0, 10));
    const settings = fc.record({ fiscal_year_end_month: fc.integer({ min: 1, max: 12 }), retention_years: fc.integer({ min: MIN_RETENTION_YEARS, max: MAX_RETENTION_YEARS }) });
    fc.assert(fc.property(day, settings, (date, setting) => {
      const end = retentionEnd(date, setting);
      return isCalendarDate(end) && end > date;
    }), { seed: 26, numRuns: 2000, examples: [['1900-01-01', { fiscal_year_end_month: 12, retention_years: 30 }], [transactionDateMax(), { fiscal_year_end_month: 2, retention_years: 30 }]] });
  });
});
