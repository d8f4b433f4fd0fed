import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { translate, type MessageKey } from '@shared/messages.ts';
import { allowIpSaveRequest } from '@shared/schemas/ip-policy.ts';
import { fieldErrors } from '@/lib/form-validation.ts';
import { listAllows, sameIpList, withAddress } from './ip-list.ts';

const t = ((key: MessageKey, params?: Record<string, string | number>) => translate('en', key, params)) as unknown as TFunction;

describe('the allow-list form helpers', () => {
  // The forms check with the shared schema through fieldErrors (lib/form-validation.ts), which passes a rule's params to its message.
  const ipListError = (ip_address: string) => fieldErrors(allowIpSaveRequest, { ip_address, row_version: 1 }, t).ip_address;

  it('checks with the server rules and messages', () => {
    expect(ipListError('')).toBeUndefined();
    expect(ipListError('192.0.2.1, 198.51.100.0/24')).toBeUndefined();
    expect(ipListError('192.0.2.1, 1.2.3/8, x')).toBe(
      'Not a valid IPv4 address or range: 1.2.3/8, x. Enter addresses such as 192.0.2.10 or ranges such as 192.0.2.0/24 (mask 0 to 32), separated by commas.',
    );
    expect(ipListError(Array.from({ length: 101 }, (_, i) => `10.0.0.${i}`).join(','))).toBe('Please enter at most 100 addresses or ranges.');
  });

  it('compares lists by their ranges, and tells whether an address passes', () => {
    expect(sameIpList('192.0.2.1, 10.0.0.0/8', '10.1.0.0/8,192.0.2.1/32')).toBe(true);
    expect(sameIpList('192.0.2.1', '192.0.2.2')).toBe(false);
    expect(listAllows('', '203.0.113.1')).toBe(true);
    expect(listAllows('192.0.2.0/24', '192.0.2.77')).toBe(true);
    expect(listAllows('192.0.2.0/24', '203.0.113.1')).toBe(false);
    expect(listAllows('nonsense', '203.0.113.1')).toBeUndefined();
  });

  it('appends the caller address once', () => {
    expect(withAddress('', '127.0.0.1')).toBe('127.0.0.1');
    expect(withAddress('192.0.2.1, ', '127.0.0.1')).toBe('192.0.2.1, 127.0.0.1');
    expect(withAddress('127.0.0.0/8', '127.0.0.1')).toBe('127.0.0.0/8');
  });
});
