import { describe, expect, it } from 'vitest';
import { REDACTED, redact } from './logger.ts';

/** The belt under every log line (logger.ts): what a careless log call would otherwise print. */
const printed = (fields: unknown): unknown => JSON.parse(JSON.stringify(fields, redact));

describe('log redaction', () => {
  it('blanks fields named like a secret, whatever their case or separator', () => {
    expect(printed({ password: 'p', new_password: 'q', currentPassword: 'r', token: 't', share_token: 's', otp: '123456', auth_code_otp: '1', secret: 'x', tokenSecret: 'y', 'X-Amz-Signature': 'z', authorization: 'a', cookie: 'c', ticket: 'k' }))
      .toEqual({ password: REDACTED, new_password: REDACTED, currentPassword: REDACTED, token: REDACTED, share_token: REDACTED, otp: REDACTED, auth_code_otp: REDACTED, secret: REDACTED, tokenSecret: REDACTED, 'X-Amz-Signature': REDACTED, authorization: REDACTED, cookie: REDACTED, ticket: REDACTED });
  });

  it('blanks presigned URLs, bearer values and JWTs in any field, nested ones and error texts included', () => {
    const url = 'https://bucket.s3.amazonaws.com/t/k/f?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIA%2F&X-Amz-Signature=abcdef';
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZG1pbiJ9.c2lnbmF0dXJlLXZhbHVl';
    expect(printed({ url, header: 'Bearer abc.def', nested: { list: [jwt, 'plain'] }, error: { message: `fetch ${url} failed` } }))
      .toEqual({ url: REDACTED, header: REDACTED, nested: { list: [REDACTED, 'plain'] }, error: { message: REDACTED } });
  });

  it('keeps what operators need: ids, keys, routes, counts and flags', () => {
    const fields = { kyk: 'acme', user: 'admin', route: 'share/info', key: 't/acme/items/1/v1', item: 'f3c1', has_password: true, password_required: false, files: 3, message: 'upload confirmed' };
    expect(printed(fields)).toEqual(fields);
  });
});
