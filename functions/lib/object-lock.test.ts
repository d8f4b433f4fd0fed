import { HeadObjectCommand, PutObjectRetentionCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetClients } from './clients.ts';
import { effectiveRetainUntil, extendLock, lockObject, objectLockEnvironment, objectLockSettings } from './object-lock.ts';
import { functionEnv } from './table-design.ts';

/**
 * Which calls are made, with which mode and date, and which are not, on a mocked S3 client: the
 * calls' shapes and the answers no stand-in gives on demand. tests/moto/object-lock.test.ts runs
 * the same functions against moto's Object Lock (s3rver, the local stand-in, has none).
 */
const key = 't/demo/0b6b7f5e-3c1a-4d8e-9f00-123456789abc/v1';
const now = new Date('2026-04-01T00:00:00.000Z');
const retentionEnd = new Date('2033-05-31T15:00:00.000Z');
const day = 86_400_000;

const s3 = mockClient(S3Client);
const setMode = (values: Record<string, string | undefined>) => {
  for (const name of [functionEnv.objectLockMode, functionEnv.objectLockMaxRetentionDays]) delete process.env[name];
  for (const [name, value] of Object.entries(values)) if (value !== undefined) process.env[name] = value;
};
const puts = () => s3.commandCalls(PutObjectRetentionCommand).map((call) => call.args[0].input);

beforeAll(() => {
  process.env[functionEnv.bucketName] = 'files-bucket';
  resetClients();
});
beforeEach(() => {
  s3.reset();
  s3.on(PutObjectRetentionCommand).resolves({});
});
afterAll(() => {
  setMode({});
  s3.restore();
  resetClients();
});

describe('settings from the environment', () => {
  it('are what CDK writes, read back', () => {
    setMode(objectLockEnvironment({ mode: 'GOVERNANCE', maxRetentionDays: 1 }));
    expect(objectLockSettings()).toEqual({ mode: 'GOVERNANCE', maxRetentionDays: 1 });
    setMode(objectLockEnvironment({ mode: 'COMPLIANCE' }));
    expect(process.env[functionEnv.objectLockMaxRetentionDays]).toBeUndefined();
    expect(objectLockSettings()).toEqual({ mode: 'COMPLIANCE' });
    setMode({});
    expect(objectLockSettings()).toBeUndefined();
  });

  it('refuse a mode it does not know and a governance environment without its cap', () => {
    setMode({ [functionEnv.objectLockMode]: 'compliance' });
    expect(() => objectLockSettings()).toThrow(/must be one of COMPLIANCE, GOVERNANCE/);
    setMode({ [functionEnv.objectLockMode]: 'GOVERNANCE' });
    expect(() => objectLockSettings()).toThrow(/positive whole number/);
    setMode({ [functionEnv.objectLockMode]: 'GOVERNANCE', [functionEnv.objectLockMaxRetentionDays]: '0' });
    expect(() => objectLockSettings()).toThrow(/positive whole number/);
  });
});

describe('lockObject', () => {
  it('locks in COMPLIANCE mode until the retention end, as given', async () => {
    setMode({ [functionEnv.objectLockMode]: 'COMPLIANCE' });
    const result = await lockObject(key, retentionEnd, { now });
    expect(result).toEqual({ status: 'locked', mode: 'COMPLIANCE', retainUntil: retentionEnd });
    expect(puts()).toEqual([{ Bucket: 'files-bucket', Key: key, Retention: { Mode: 'COMPLIANCE', RetainUntilDate: retentionEnd } }]);
  });

  it('caps the date in GOVERNANCE mode at now + maxRetentionDays, so the stack can be torn down', async () => {
    setMode({ [functionEnv.objectLockMode]: 'GOVERNANCE', [functionEnv.objectLockMaxRetentionDays]: '1' });
    const result = await lockObject(key, retentionEnd, { now, versionId: 'v-abc' });
    const capped = new Date(now.getTime() + day);
    expect(result).toEqual({ status: 'locked', mode: 'GOVERNANCE', retainUntil: capped });
    expect(puts()).toEqual([{ Bucket: 'files-bucket', Key: key, VersionId: 'v-abc', Retention: { Mode: 'GOVERNANCE', RetainUntilDate: capped } }]);
  });

  it('keeps a GOVERNANCE date shorter than the cap as it is', () => {
    const soon = new Date(now.getTime() + 3_600_000);
    expect(effectiveRetainUntil({ mode: 'GOVERNANCE', maxRetentionDays: 1 }, soon, now)).toEqual(soon);
    expect(effectiveRetainUntil({ mode: 'COMPLIANCE' }, retentionEnd, now)).toEqual(retentionEnd);
  });

  it('does nothing where no mode is configured (the local stack: s3rver has no Object Lock)', async () => {
    setMode({});
    expect(await lockObject(key, retentionEnd, { now })).toEqual({ status: 'skipped', reason: 'no-object-lock' });
    expect(s3.calls()).toHaveLength(0);
  });

  it('puts no lock for a retention that has already ended (S3 refuses a date in the past)', async () => {
    setMode({ [functionEnv.objectLockMode]: 'COMPLIANCE' });
    expect(await lockObject(key, new Date(now.getTime() - day), { now })).toEqual({ status: 'skipped', reason: 'retention-ended' });
    expect(s3.calls()).toHaveLength(0);
  });

  it('lets S3 refusals through (a shorter date on a COMPLIANCE-locked version)', async () => {
    setMode({ [functionEnv.objectLockMode]: 'COMPLIANCE' });
    s3.on(PutObjectRetentionCommand).rejects(new S3ServiceException({ name: 'AccessDenied', $fault: 'client', $metadata: { httpStatusCode: 403 }, message: 'Access Denied' }));
    await expect(lockObject(key, retentionEnd, { now })).rejects.toThrow('Access Denied');
  });
});

describe('extendLock', () => {
  it('lengthens a shorter retention', async () => {
    setMode({ [functionEnv.objectLockMode]: 'COMPLIANCE' });
    s3.on(HeadObjectCommand).resolves({ ObjectLockMode: 'COMPLIANCE', ObjectLockRetainUntilDate: new Date('2031-05-31T15:00:00.000Z') });
    expect(await extendLock(key, retentionEnd, { now })).toEqual({ status: 'locked', mode: 'COMPLIANCE', retainUntil: retentionEnd });
    // The retention is read from HeadObject's lock fields (moto answers GetObjectRetention with the bytes).
    expect(s3.commandCalls(HeadObjectCommand)[0]!.args[0].input).toEqual({ Bucket: 'files-bucket', Key: key });
    expect(puts()).toEqual([{ Bucket: 'files-bucket', Key: key, Retention: { Mode: 'COMPLIANCE', RetainUntilDate: retentionEnd } }]);
  });

  it('never shortens: a date not later than the current one puts nothing', async () => {
    setMode({ [functionEnv.objectLockMode]: 'COMPLIANCE' });
    const longer = new Date('2036-05-31T15:00:00.000Z');
    s3.on(HeadObjectCommand).resolves({ ObjectLockMode: 'COMPLIANCE', ObjectLockRetainUntilDate: longer });
    expect(await extendLock(key, retentionEnd, { now })).toEqual({ status: 'unchanged', mode: 'COMPLIANCE', retainUntil: longer });
    expect(await extendLock(key, longer, { now })).toEqual({ status: 'unchanged', mode: 'COMPLIANCE', retainUntil: longer });
    expect(puts()).toEqual([]);
  });

  it('never shortens in GOVERNANCE mode either, comparing with the capped date', async () => {
    setMode({ [functionEnv.objectLockMode]: 'GOVERNANCE', [functionEnv.objectLockMaxRetentionDays]: '1' });
    const locked = new Date(now.getTime() + 2 * day);
    s3.on(HeadObjectCommand).resolves({ ObjectLockMode: 'GOVERNANCE', ObjectLockRetainUntilDate: locked });
    expect(await extendLock(key, retentionEnd, { now })).toEqual({ status: 'unchanged', mode: 'GOVERNANCE', retainUntil: locked });
    expect(puts()).toEqual([]);
    // An earlier lock that the capped date passes is lengthened to the cap.
    s3.on(HeadObjectCommand).resolves({ ObjectLockMode: 'GOVERNANCE', ObjectLockRetainUntilDate: new Date(now.getTime() + 3_600_000) });
    expect(await extendLock(key, retentionEnd, { now })).toEqual({ status: 'locked', mode: 'GOVERNANCE', retainUntil: new Date(now.getTime() + day) });
  });

  it('locks a version that has no retention yet', async () => {
    setMode({ [functionEnv.objectLockMode]: 'COMPLIANCE' });
    // S3's HeadObject of a version never locked: no lock fields.
    s3.on(HeadObjectCommand).resolves({ ContentLength: 5, VersionId: 'v-1' });
    expect(await extendLock(key, retentionEnd, { now, versionId: 'v-1' })).toEqual({ status: 'locked', mode: 'COMPLIANCE', retainUntil: retentionEnd });
    expect(s3.commandCalls(HeadObjectCommand)[0]!.args[0].input).toEqual({ Bucket: 'files-bucket', Key: key, VersionId: 'v-1' });
    expect(puts()).toEqual([{ Bucket: 'files-bucket', Key: key, VersionId: 'v-1', Retention: { Mode: 'COMPLIANCE', RetainUntilDate: retentionEnd } }]);
  });

  it('lets other errors of the read through and puts nothing', async () => {
    setMode({ [functionEnv.objectLockMode]: 'COMPLIANCE' });
    // HeadObject of a missing key: 404 without a body, which the SDK names NotFound.
    s3.on(HeadObjectCommand).rejects(new S3ServiceException({ name: 'NotFound', $fault: 'client', $metadata: { httpStatusCode: 404 }, message: 'NotFound' }));
    await expect(extendLock(key, retentionEnd, { now })).rejects.toThrow('NotFound');
    expect(puts()).toEqual([]);
  });

  it('does nothing locally', async () => {
    setMode({});
    expect(await extendLock(key, retentionEnd, { now })).toEqual({ status: 'skipped', reason: 'no-object-lock' });
    expect(s3.calls()).toHaveLength(0);
  });
});
