import { afterEach, describe, expect, it } from 'vitest';
import { functionEnv, originHeaders } from './table-design.ts';
import { clientAddress, resetOriginSecret } from './client-address.ts';
import { DomainError } from './errors.ts';

const event = (headers: Record<string, string>, sourceIp = '130.176.0.10') => ({ headers, requestContext: { http: { sourceIp } } }) as never;

const refusal = async (promise: Promise<string>) => {
  const error = await promise.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(DomainError);
  return (error as DomainError).codeName;
};

describe('client address', () => {
  afterEach(() => {
    delete process.env[functionEnv.originVerifySecret];
    resetOriginSecret();
  });

  it('is the address API Gateway saw when no origin secret is configured (local stack), whatever the headers say', async () => {
    expect(await clientAddress(event({ 'x-forwarded-for': '203.0.113.9', [originHeaders.viewerAddress]: '203.0.113.9' }, '127.0.0.1'))).toBe('127.0.0.1');
  });

  it("behind CloudFront is the viewer address, trusted only with the origin secret", async () => {
    process.env[functionEnv.originVerifySecret] = 'the-origin-secret';
    resetOriginSecret();
    expect(await clientAddress(event({ 'X-Origin-Verify': 'the-origin-secret', 'X-Viewer-Address': '198.51.100.7' }))).toBe('198.51.100.7');
    expect(await clientAddress(event({ [originHeaders.verify]: 'the-origin-secret', [originHeaders.viewerAddress]: '2001:db8::1' }))).toBe('2001:db8::1');
    // Straight to execute-api (no or a wrong secret), or without a usable address: refused.
    expect(await refusal(clientAddress(event({ [originHeaders.viewerAddress]: '198.51.100.7' })))).toBe('permission');
    expect(await refusal(clientAddress(event({ [originHeaders.verify]: 'the-origin-secreT', [originHeaders.viewerAddress]: '198.51.100.7' })))).toBe('permission');
    expect(await refusal(clientAddress(event({ [originHeaders.verify]: 'the-origin-secret' })))).toBe('permission');
    expect(await refusal(clientAddress(event({ [originHeaders.verify]: 'the-origin-secret', [originHeaders.viewerAddress]: '198.51.100.7, 10.0.0.1' })))).toBe('permission');
  });
});
