import { describe, expect, it } from 'vitest';
import { DomainError } from '#lib/errors.ts';
import { isRetained, keptUntil, refuseEarlyPurge, refuseUnconfirmedLengthening, retentionFor } from './bookkeeping.ts';

const march = { fiscal_year_end_month: 3 };
const document = { type: 'file', name: 'invoice.pdf', document_style: 'e_trading', transaction_date: '2026-03-31', regist_date: '2026-04-02T01:00:00.000Z' } as const;

describe('the purge check: retention, never less than the legal 7 years', () => {
  it('keeps a document 7 years from its transaction date even when its stored retention says less', () => {
    // Registered under a 3-year setting: stored 2029-05-31; the law's 7 years run to 2033-05-31.
    const shortened = { ...document, retention_until: '2029-05-31' };
    expect(keptUntil(shortened, march)).toBe('2033-05-31');
    expect(isRetained(shortened, march, '2030-01-01')).toBe(true);
    expect(isRetained(shortened, march, '2033-05-31')).toBe(true);
    expect(isRetained(shortened, march, '2033-06-01')).toBe(false);
    expect(() => refuseEarlyPurge(shortened, march, '2030-01-01')).toThrow(expect.objectContaining({ codeName: 'retentionNotEnded', params: { name: 'invoice.pdf', date: '2033-05-31' } }));
    // A longer stored retention (10 years) holds as it is.
    expect(keptUntil({ ...document, retention_until: '2036-05-31' }, march)).toBe('2036-05-31');
  });

  it('runs from the registration day in Japan without a transaction date, and leaves general files and folders alone', () => {
    const undated = { ...document, transaction_date: undefined, regist_date: '2026-03-31T15:30:00.000Z', retention_until: '2027-01-01' };
    // 00:30 on 1 April in Tokyo: the next fiscal year.
    expect(keptUntil(undated, march)).toBe('2034-05-31');
    expect(keptUntil({ ...document, document_style: 'general' }, march)).toBeUndefined();
    expect(keptUntil({ ...document, type: 'folder' }, march)).toBeUndefined();
    // Re-styled to general, still carrying a retention: the floor applies.
    expect(keptUntil({ ...document, document_style: 'general', retention_until: '2027-01-01' }, march)).toBe('2033-05-31');
  });

  it('computes a new retention with at least 7 years whatever the settings say', () => {
    expect(retentionFor(document, { fiscal_year_end_month: 3, retention_years: 3 })).toBe('2033-05-31');
  });
});

describe('a correction that lengthens the retention by more than a year', () => {
  it('asks for confirmation, naming both ends, unless confirmed', () => {
    expect(() => refuseUnconfirmedLengthening('2033-05-31', '2034-05-31', false)).not.toThrow();
    let refusal: unknown;
    try {
      refuseUnconfirmedLengthening('2033-05-31', '2034-06-30', false);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ codeName: 'input', params: { date: '2034-06-30', current: '2033-05-31' }, fields: { confirm_retention: 'validation.retentionConfirm' } });
    expect(() => refuseUnconfirmedLengthening('2033-05-31', '2069-05-31', true)).not.toThrow();
    expect(() => refuseUnconfirmedLengthening(undefined, '2069-05-31', false)).not.toThrow();
  });
});
