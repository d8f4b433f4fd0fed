import { describe, expect, it } from 'vitest';
import { transactionDate } from './schemas/bookkeeping-fields.ts';
import { isAcceptedTransactionDate, TRANSACTION_DATE_MIN, transactionDateMax } from './transaction-date.ts';

describe('transaction dates (取引年月日)', () => {
  it('accepts up to the same day next year, judged in Japan', () => {
    // 23:59:59 on 1 December in Tokyo, then midnight of the 2nd.
    expect(transactionDateMax(new Date('2026-12-01T14:59:59Z'))).toBe('2027-12-01');
    expect(transactionDateMax(new Date('2026-12-01T15:00:00Z'))).toBe('2027-12-02');
    // A leap day's next year has none: its last day of February.
    expect(transactionDateMax(new Date('2028-02-29T03:00:00Z'))).toBe('2029-02-28');
  });

  it('accepts 1900-01-01 to a year from today and nothing outside', () => {
    const now = new Date('2026-12-01T03:00:00Z');
    expect(TRANSACTION_DATE_MIN).toBe('1900-01-01');
    expect(['1900-01-01', '2026-12-01', '2027-12-01'].map((date) => isAcceptedTransactionDate(date, now))).toEqual([true, true, true]);
    expect(['1899-12-31', '2027-12-02', '2062-01-01', '9993-03-31'].map((date) => isAcceptedTransactionDate(date, now))).toEqual([false, false, false, false]);
  });

  it('refuses a date outside with the range message, and what is no date as before', () => {
    const max = transactionDateMax();
    for (const date of ['1899-12-31', '2062-01-01', '9993-03-31']) {
      expect(transactionDate.safeParse(date).error?.issues, date).toMatchObject([{ message: 'validation.transactionDateRange', params: { min: '1900-01-01', max } }]);
    }
    expect(transactionDate.safeParse('1900-01-01').success).toBe(true);
    expect(transactionDate.safeParse(max).success).toBe(true);
    expect(transactionDate.safeParse('2026-02-30').error?.issues[0]?.message).toBe('validation.invalidValue');
  });
});
