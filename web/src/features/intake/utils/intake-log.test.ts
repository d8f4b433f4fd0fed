import { describe, expect, it } from 'vitest';
import { addressOf, reasonKey, verdictOf, verdictType } from './intake-log.ts';

describe('the intake log in words', () => {
  it("reads SES's verdicts as given, pass good and fail bad", () => {
    expect(verdictOf('PASS')).toBe('pass');
    expect(verdictOf('')).toBe('none');
    expect(verdictType('pass')).toBe('success');
    expect(verdictType('FAIL')).toBe('error');
    expect(verdictType('gray')).toBe('info');
    expect(verdictType('processing_failed')).toBe('info');
  });

  it('says why a mail made nothing: the refusal, or that it came before', () => {
    expect(reasonKey({ outcome: 'refused', reason: 'dmarc_fail' })).toBe('intake.log.reasons.dmarc_fail');
    expect(reasonKey({ outcome: 'registered', reason: 'virus' })).toBe('intake.log.reasons.virus');
    expect(reasonKey({ outcome: 'duplicate', reason: null })).toBe('intake.log.duplicateReason');
    expect(reasonKey({ outcome: 'registered', reason: null })).toBeUndefined();
  });

  it('names the address a mail came to while the contract has it', () => {
    const addresses = new Map([['abcdefghijkl', 'x@in.example.com']]);
    expect(addressOf({ address_id: 'abcdefghijkl' }, addresses)).toBe('x@in.example.com');
    expect(addressOf({ address_id: 'mnopqrstuvwx' }, addresses)).toBeUndefined();
  });
});
