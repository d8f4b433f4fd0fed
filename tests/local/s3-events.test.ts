import { describe, expect, it } from 'vitest';
import type { ObjectWrite } from '#infra/local/s3-front.ts';
import { toS3Event } from '#infra/local/s3-local.ts';

/** A write as the S3 front reports it (infra/local/s3-front.ts): the key as stored. */
const write = (key: string, more: Partial<ObjectWrite> = {}): ObjectWrite => ({
  eventName: 'ObjectCreated:Put',
  eventTime: '2026-01-01T00:00:00.000Z',
  bucket: 'files',
  key,
  size: 5,
  eTag: 'abc',
  sequencer: '0000000000000001',
  sourceIp: '127.0.0.1',
  requestId: 'REQ',
  ...more,
});

describe('toS3Event', () => {
  it('encodes the key like S3 notifications do (space as +, UTF-8 percent-encoded, slashes kept)', () => {
    const record = toS3Event(write('T#demo/a b+c/日本.txt'), 'ap-northeast-1').Records[0]!;
    expect(record.s3.object.key).toBe('T%23demo/a+b%2Bc/%E6%97%A5%E6%9C%AC.txt');
    expect(decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '))).toBe('T#demo/a b+c/日本.txt');
  });

  it('carries the region, a real bucket ARN, the event name, the size and the ETag', () => {
    const record = toS3Event(write('k', { eventName: 'ObjectCreated:CompleteMultipartUpload' }), 'ap-northeast-1').Records[0]!;
    expect(record).toMatchObject({
      eventVersion: '2.1',
      eventSource: 'aws:s3',
      awsRegion: 'ap-northeast-1',
      eventName: 'ObjectCreated:CompleteMultipartUpload',
      requestParameters: { sourceIPAddress: '127.0.0.1' },
      s3: { bucket: { name: 'files', arn: 'arn:aws:s3:::files' }, object: { size: 5, eTag: 'abc', sequencer: '0000000000000001' } },
    });
    expect(record.s3.object.versionId).toBeUndefined();
  });

  it('names the version a versioned backend (moto) answered', () => {
    expect(toS3Event(write('k', { versionId: 'v-1' }), 'ap-northeast-1').Records[0]!.s3.object.versionId).toBe('v-1');
  });
});
