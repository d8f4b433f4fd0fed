import { describe, expect, it } from 'vitest';
import { deleteForeverPlan } from './trash-retention.ts';

describe('what Delete forever takes from the trash', () => {
  const invoice = { name: 'invoice.pdf', retained_until: '2033-05-31' };
  const receipt = { name: 'receipt.pdf', retained_until: '2031-05-31' };
  const memo: { name: string; retained_until?: string } = { name: 'memo.txt' };

  it('keeps every retained document and names the earliest retention end', () => {
    expect(deleteForeverPlan([invoice, receipt])).toEqual({ deletable: [], retained: [receipt, invoice], firstEnd: '2031-05-31' });
  });

  it('sends only the others of a mixed selection', () => {
    expect(deleteForeverPlan([invoice, memo])).toEqual({ deletable: [memo], retained: [invoice], firstEnd: '2033-05-31' });
    expect(deleteForeverPlan([memo])).toEqual({ deletable: [memo], retained: [], firstEnd: undefined });
  });
});
