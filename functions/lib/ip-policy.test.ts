import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeInvalid, IP_RANGES_MAX, parseIpList } from '#shared/ip-ranges.ts';
import { allowIpSaveRequest } from '#shared/schemas/ip-policy.ts';
import { resetClients } from './clients.ts';
import { addressAllowed, cidrContains, ipv4ToNumber, isIpAllowed, normaliseCidr, rangesInForce } from './ip-policy.ts';

describe('normaliseCidr', () => {
  it.each([
    ['192.0.2.10', '192.0.2.10/32'],
    ['192.0.2.10/32', '192.0.2.10/32'],
    ['192.0.2.7/24', '192.0.2.0/24'],
    ['  10.1.2.3 / 8 ', '10.0.0.0/8'],
    ['0.0.0.0/0', '0.0.0.0/0'],
    ['203.0.113.200/0', '0.0.0.0/0'],
    ['255.255.255.255/31', '255.255.255.254/31'],
    ['172.16.5.4/12', '172.16.0.0/12'],
    ['1.2.3.4/1', '0.0.0.0/1'],
    ['129.2.3.4/1', '128.0.0.0/1'],
  ])('%s is %s', (text, expected) => {
    expect(normaliseCidr(text)).toBe(expected);
  });

  it.each([
    '', ' ', '/', '192.0.2', '192.0.2.1.5', '256.0.0.1', '192.0.2.1/33', '192.0.2.1/-1', '192.0.2.1/', '192.0.2.1/24/8',
    '192.0.2.01', '010.0.0.1', '192.0.2.1/024', '192.0.2.1/2a', 'a.b.c.d', '::1', '2001:db8::/32', '::ffff:192.0.2.1',
    '192.0.2.1 192.0.2.2', '+1.2.3.4', '1.2.3.4x', '１９２.0.2.1',
  ])('refuses %j', (text) => {
    expect(normaliseCidr(text)).toBeUndefined();
  });
});

describe('cidrContains', () => {
  it('matches by the mask, at both ends of the range', () => {
    expect(cidrContains('192.0.2.0/24', '192.0.2.0')).toBe(true);
    expect(cidrContains('192.0.2.0/24', '192.0.2.255')).toBe(true);
    expect(cidrContains('192.0.2.0/24', '192.0.3.0')).toBe(false);
    expect(cidrContains('192.0.2.0/24', '192.0.1.255')).toBe(false);
    expect(cidrContains('192.0.2.10/32', '192.0.2.10')).toBe(true);
    expect(cidrContains('192.0.2.10/32', '192.0.2.11')).toBe(false);
    expect(cidrContains('128.0.0.0/1', '255.255.255.255')).toBe(true);
    expect(cidrContains('128.0.0.0/1', '127.255.255.255')).toBe(false);
  });

  it('/0 contains every IPv4 address but nothing that is not IPv4', () => {
    expect(cidrContains('0.0.0.0/0', '0.0.0.0')).toBe(true);
    expect(cidrContains('0.0.0.0/0', '255.255.255.255')).toBe(true);
    expect(cidrContains('0.0.0.0/0', '2001:db8::1')).toBe(false);
    expect(cidrContains('0.0.0.0/0', '')).toBe(false);
  });

  it('reads an IPv4-mapped IPv6 source address (a dual-stack socket) as IPv4', () => {
    expect(cidrContains('127.0.0.1/32', '::ffff:127.0.0.1')).toBe(true);
    expect(cidrContains('127.0.0.1/32', '::FFFF:127.0.0.2')).toBe(false);
    expect(ipv4ToNumber('::ffff:1.2.3.4')).toBe(ipv4ToNumber('1.2.3.4'));
  });

  it('never matches a malformed range or address', () => {
    expect(cidrContains('192.0.2.0/33', '192.0.2.1')).toBe(false);
    expect(cidrContains('192.0.2.0/x', '192.0.2.1')).toBe(false);
    expect(cidrContains('bogus', '192.0.2.1')).toBe(false);
    expect(cidrContains('192.0.2.0/24', '192.0.2.1, 10.0.0.1')).toBe(false);
    expect(cidrContains('192.0.2.0/24', ' 192.0.2.1')).toBe(false);
  });
});

describe('precedence (rangesInForce, addressAllowed)', () => {
  const contract = { cidrs: ['192.0.2.0/24'] };
  const group = { cidrs: ['198.51.100.7/32'] };

  it('no entry at all, or empty ones, allow every address', () => {
    expect(rangesInForce({})).toEqual([]);
    expect(rangesInForce({ group: { cidrs: [] }, contract: { cidrs: [] } })).toEqual([]);
    expect(addressAllowed([], '203.0.113.1')).toBe(true);
    expect(addressAllowed([], '')).toBe(true);
  });

  it("a group entry with ranges decides alone: the contract's ranges do not add to it", () => {
    const ranges = rangesInForce({ group, contract });
    expect(ranges).toEqual(group.cidrs);
    expect(addressAllowed(ranges, '198.51.100.7')).toBe(true);
    expect(addressAllowed(ranges, '192.0.2.5')).toBe(false);
  });

  it("an empty group entry falls back to the contract's", () => {
    expect(rangesInForce({ group: { cidrs: [] }, contract })).toEqual(contract.cidrs);
    expect(rangesInForce({ contract })).toEqual(contract.cidrs);
  });

  it('a group entry applies even when the contract has none', () => {
    expect(rangesInForce({ group })).toEqual(group.cidrs);
    expect(addressAllowed(rangesInForce({ group }), '192.0.2.5')).toBe(false);
  });

  it('with ranges in force, an unknown or non-IPv4 source is refused', () => {
    expect(addressAllowed(contract.cidrs, '')).toBe(false);
    expect(addressAllowed(['0.0.0.0/0'], '2001:db8::1')).toBe(false);
  });
});

describe('parseIpList and the save schema', () => {
  it('splits on commas, full-width commas and line breaks, trims, normalises and collapses duplicates', () => {
    expect(parseIpList(' 192.0.2.1 ,192.0.2.1/32,\n10.0.0.0/8、 １９８．５１．１００．０／２４ ，,')).toEqual({
      cidrs: ['192.0.2.1/32', '10.0.0.0/8', '198.51.100.0/24'], invalid: [],
    });
    expect(parseIpList('')).toEqual({ cidrs: [], invalid: [] });
    expect(parseIpList(' , ,\n')).toEqual({ cidrs: [], invalid: [] });
  });

  it('names every bad entry, shortened', () => {
    expect(parseIpList('192.0.2.1, 300.1.1.1, 10.0.0.0/40,abc').invalid).toEqual(['300.1.1.1', '10.0.0.0/40', 'abc']);
    expect(describeInvalid(['a', 'b', 'c', 'd', 'e', 'f'])).toBe('a, b, c, d, e, …');
    expect(describeInvalid(['x'.repeat(60)])).toBe(`${'x'.repeat(39)}…`);
  });

  it('parses to the normalised ranges, or one issue naming the bad entries', () => {
    expect(allowIpSaveRequest.parse({ ip_address: '192.0.2.9/24', row_version: 0 })).toEqual({ ip_address: ['192.0.2.0/24'], row_version: 0 });
    const bad = allowIpSaveRequest.safeParse({ ip_address: '192.0.2.1, 1.2.3', row_version: 0 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues).toMatchObject([{ path: ['ip_address'], message: 'validation.ipInvalid', params: { entries: '1.2.3' } }]);
  });

  it(`refuses more than ${IP_RANGES_MAX} distinct ranges, counting duplicates once`, () => {
    const many = (count: number) => Array.from({ length: count }, (_, index) => `10.0.${Math.floor(index / 256)}.${index % 256}`);
    expect(allowIpSaveRequest.safeParse({ ip_address: many(IP_RANGES_MAX).join(','), row_version: 0 }).success).toBe(true);
    expect(allowIpSaveRequest.safeParse({ ip_address: [...many(IP_RANGES_MAX), ...many(IP_RANGES_MAX)].join(','), row_version: 0 }).success).toBe(true);
    const tooMany = allowIpSaveRequest.safeParse({ ip_address: many(IP_RANGES_MAX + 1).join(','), row_version: 0 });
    expect(tooMany.error?.issues).toMatchObject([{ message: 'validation.ipTooMany', params: { max: IP_RANGES_MAX } }]);
  });
});

describe('isIpAllowed under a failing read', () => {
  const dynamo = mockClient(DynamoDBDocumentClient);
  beforeAll(() => {
    Object.assign(process.env, { TABLE_NAME: 'fault-table', LOG_LEVEL: 'silent' });
    resetClients();
  });
  afterAll(() => {
    dynamo.restore();
    resetClients();
  });

  it('fails the call rather than allowing every address when the entries cannot be read', async () => {
    dynamo.on(GetCommand).rejects(Object.assign(new Error('Rate exceeded'), { name: 'ProvisionedThroughputExceededException' }));
    await expect(isIpAllowed({ kyk_id: 'k', groups: { ata: 'g' } }, '192.0.2.1')).rejects.toThrow('Rate exceeded');
  });

  it('reads both entries strongly consistently, and the group one wins', async () => {
    dynamo.reset();
    dynamo.on(GetCommand, { Key: { pk: 'T#k', sk: 'IPPOLICY#0' } }).resolves({ Item: { user_group_id: '0', cidrs: ['192.0.2.0/24'] } });
    dynamo.on(GetCommand, { Key: { pk: 'T#k', sk: 'IPPOLICY#g' } }).resolves({ Item: { user_group_id: 'g', cidrs: ['198.51.100.0/24'] } });
    expect(await isIpAllowed({ kyk_id: 'k', groups: { ata: 'g' } }, '198.51.100.9')).toBe(true);
    expect(await isIpAllowed({ kyk_id: 'k', groups: { ata: 'g' } }, '192.0.2.9')).toBe(false);
    expect(await isIpAllowed({ kyk_id: 'k', groups: {} }, '192.0.2.9')).toBe(true);
    expect(await isIpAllowed({ kyk_id: 'k' }, '198.51.100.9')).toBe(false);
    expect(dynamo.commandCalls(GetCommand).every((call) => call.args[0].input.ConsistentRead === true)).toBe(true);
  });
});
