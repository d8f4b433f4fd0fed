import { describe, expect, it } from 'vitest';
import { senderAllowed, allowedSenderPattern } from '@shared/schemas/mail-intake.ts';
import { requestDaysLimit, sendersOf, wholeNumber } from './request-form.ts';

describe('the Request files and Mail address forms', () => {
  it('takes allowed senders one per line: trimmed, blank lines dropped, each entry once', () => {
    const senders = sendersOf(' billing@example.co.jp \n\nexample.com\r\nEXAMPLE.com\n  \n@partner.co.jp');
    expect(senders).toEqual(['billing@example.co.jp', 'example.com', '@partner.co.jp']);
    expect(senders.every((entry) => allowedSenderPattern.test(entry))).toBe(true);
    expect(senderAllowed('someone@partner.co.jp', senders)).toBe(true);
    expect(sendersOf('')).toEqual([]);
  });

  it("offers a link's validity up to the contract's maximum (365 days when not known), and reads whole numbers only", () => {
    expect(requestDaysLimit({ max_days: 30 })).toBe(30);
    expect(requestDaysLimit(undefined)).toBe(365);
    expect(requestDaysLimit({ max_days: 1000 })).toBe(365);
    expect(wholeNumber(' 20 ')).toBe(20);
    expect(wholeNumber('1.5')).toBeNaN();
    expect(wholeNumber('')).toBeNaN();
  });
});
