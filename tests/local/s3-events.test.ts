import { describe, expect, it } from 'vitest';
import type { S3rverEvent } from 's3rver';
import { toS3Event } from '#infra/local/s3-local.ts';

const s3rverEvent = (key: string): S3rverEvent => ({
  Records: [{
    eventVersion: '2.0',
    eventSource: 'aws:s3',
    awsRegion: 'us-east-1',
    eventTime: '2026-01-01T00:00:00.000Z',
    eventName: 'ObjectCreated:Put',
    userIdentity: { principalId: 'AWS:LOCAL' },
    requestParameters: { sourceIPAddress: '127.0.0.1' },
    responseElements: { 'x-amz-request-id': 'REQ', 'x-amz-id-2': 'ID2' },
    s3: {
      s3SchemaVersion: '1.0',
      configurationId: 'testConfigId',
      bucket: { name: 'files', ownerIdentity: { principalId: 'OWNER' }, arn: 'arn:aws:s3: : :files' },
      object: { key, size: 5, eTag: 'abc', sequencer: '1' },
    },
  }],
});

describe('toS3Event', () => {
  it('encodes the key like S3 notifications do (space as +, UTF-8 percent-encoded, slashes kept)', () => {
    const record = toS3Event(s3rverEvent('T#demo/a b+c/日本.txt'), 'ap-northeast-1').Records[0]!;
    expect(record.s3.object.key).toBe('T%23demo/a+b%2Bc/%E6%97%A5%E6%9C%AC.txt');
    expect(decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '))).toBe('T#demo/a b+c/日本.txt');
  });

  it('carries the region, a real bucket ARN, the size and the ETag', () => {
    const record = toS3Event(s3rverEvent('k'), 'ap-northeast-1').Records[0]!;
    expect(record).toMatchObject({
      awsRegion: 'ap-northeast-1',
      eventName: 'ObjectCreated:Put',
      s3: { bucket: { name: 'files', arn: 'arn:aws:s3:::files' }, object: { size: 5, eTag: 'abc' } },
    });
  });
});
