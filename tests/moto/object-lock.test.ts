import { randomUUID } from 'node:crypto';
import { GetBucketVersioningCommand, GetObjectLockConfigurationCommand } from '@aws-sdk/client-s3';
import { describe, expect, inject, it, vi } from 'vitest';
import { extendLocks, japanDay, retainUntilOf, retentionFor } from '#domain/drive/bookkeeping.ts';
import { checkBookkeepingBytes } from '#domain/drive/bookkeeping-checks.ts';
import type { ItemRecord } from '#data/drive-items.ts';
import { recordBookkeepingChecks } from '#data/file-versions.ts';
import type * as FileVersions from '#data/file-versions.ts';
import { createLogger, type Logger } from '#lib/logger.ts';
import { lockObject } from '#lib/object-lock.ts';
import { copyObject, deleteObjects, objectKey, presignUpload } from '#lib/object-storage.ts';
import { defaultCommonSettings } from '#shared/schemas/settings.ts';
import { documentStyles, isLegalDocumentStyle, type DocumentStyle } from '#shared/schemas/bookkeeping-fields.ts';
import { addMonths } from '#domain/ebookkeeping/calendar-date.ts';
import { bucket, deleteVersion, direct, expectAccessDenied, lockOf, useLockEnvironment, versionsOf, type LockEnvironment } from './support/moto.ts';

/**
 * The product's Object Lock code (functions/lib/object-lock.ts, through the storage event's
 * confirmation of a bookkeeping upload, the correction's and the copy job's extendLocks) against
 * moto's versioning and Object Lock, in the files bucket made from the storage stack's template
 * (infra/local/moto-bucket.ts). What moto does unlike S3 (docs/architecture.md "Retention lock (Object
 * Lock)": it lets a COMPLIANCE retention be shortened or its mode changed, accepts dates in the past)
 * is never what a test relies on.
 *
 * Only the version record's hash and checks go to DynamoDB on confirmation: that write is replaced
 * by a recorder here (tests/integration/drive-bookkeeping.test.ts stores them in DynamoDB Local).
 */
vi.mock('#data/file-versions.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof FileVersions>()),
  recordBookkeepingChecks: vi.fn(async () => {}),
}));

const legalStyles = documentStyles.filter((style) => isLegalDocumentStyle(style));
const DAY_MS = 86_400_000;
const kykId = 'moto';

/** A logger that keeps the errors: the confirmation logs a failed lock instead of throwing it. */
const recordingLogger = (): Logger & { errors: string[] } => {
  const errors: string[] = [];
  const logger: Logger & { errors: string[] } = {
    ...createLogger(),
    errors,
    error: (message, fields) => errors.push(`${message} ${JSON.stringify(fields)}`),
    child: () => logger,
  };
  return logger;
};

/** The browser's upload: the presigned PUT object-storage.ts signs, with the headers it asks for. */
async function upload(key: string, body: Uint8Array, contentType = 'application/pdf'): Promise<Response> {
  const signed = await presignUpload(key, body.length, contentType);
  return fetch(signed.url, { method: 'PUT', headers: signed.headers, body });
}

/** A legal-style document registered today: its retention end as registration computes it. */
function aDocument(style: DocumentStyle) {
  const today = japanDay();
  const fields = { document_style: style, transaction_date: today, regist_date: new Date().toISOString() };
  return { id: randomUUID(), ...fields, retention_until: retentionFor(fields, defaultCommonSettings) };
}

/** Uploads version `version` of a document and confirms it as storage-events does (hash, checks, lock). */
async function uploadAndConfirm(document: ReturnType<typeof aDocument>, version: number): Promise<{ key: string; versionId: string }> {
  const key = objectKey(kykId, document.id, version);
  const body = new TextEncoder().encode(`%PDF-1.4 ${document.document_style} v${version} ${randomUUID()}`);
  expect((await upload(key, body)).status).toBe(200);
  const log = recordingLogger();
  const item = { kyk_id: kykId, type: 'file', version, s3_key: key, size: body.length, name: 'document.pdf', ...document } satisfies Partial<ItemRecord>;
  await checkBookkeepingBytes(item as ItemRecord, log);
  expect(log.errors).toEqual([]);
  const { versions } = await versionsOf(key);
  // One S3 version per key: each version of a document has its own key, written once.
  expect(versions).toHaveLength(1);
  return { key, versionId: versions[0]! };
}

/** What each environment's lock must be for a retention end: the end itself, or now + 1 day in GOVERNANCE. */
function expectLock(env: LockEnvironment, lock: { mode?: string; until?: Date }, retentionUntil: string, window: { from: number; to: number }) {
  if (env === 'customer') {
    expect(lock).toEqual({ mode: 'COMPLIANCE', until: retainUntilOf(retentionUntil) });
  } else {
    expect(lock.mode).toBe('GOVERNANCE');
    expect(lock.until!.getTime()).toBeGreaterThanOrEqual(window.from + DAY_MS);
    expect(lock.until!.getTime()).toBeLessThanOrEqual(window.to + DAY_MS);
  }
}

describe('the files bucket, made as the storage stack defines it', () => {
  it('keeps versions and has Object Lock on without a default retention: a general document stays unlocked', async () => {
    // Read from the synthesized template (infra/local/moto-bucket.ts), then from the bucket made of it.
    expect(inject('moto').bucketProperties).toMatchObject({ ObjectLockEnabled: true, VersioningConfiguration: { Status: 'Enabled' } });
    expect((await direct.send(new GetBucketVersioningCommand({ Bucket: bucket }))).Status).toBe('Enabled');
    expect((await direct.send(new GetObjectLockConfigurationCommand({ Bucket: bucket }))).ObjectLockConfiguration).toEqual({ ObjectLockEnabled: 'Enabled' });

    useLockEnvironment('customer');
    const document = { id: randomUUID(), document_style: 'general' as const, transaction_date: japanDay(), regist_date: new Date().toISOString(), retention_until: undefined };
    const key = objectKey(kykId, document.id, 1);
    expect((await upload(key, new TextEncoder().encode('a memo'), 'text/plain')).status).toBe(200);
    await checkBookkeepingBytes({ kyk_id: kykId, type: 'file', version: 1, s3_key: key, size: 6, name: 'memo.txt', ...document } as ItemRecord, recordingLogger());
    expect(await lockOf(key)).toEqual({ mode: undefined, until: undefined });
    // Deleted for good: the product's delete leaves a delete marker, and the non-current version
    // goes at once when asked (the lifecycle's removal in AWS), as no lock holds it.
    const [versionId] = (await versionsOf(key)).versions;
    await deleteObjects([key]);
    await deleteVersion(key, versionId!);
    expect((await versionsOf(key)).versions).toEqual([]);
  });
});

describe.each(['customer', 'test'] as const)('the %s environment', (env) => {
  it.each(legalStyles)('locks every version of an upload of style %s until its retention end', async (style) => {
    useLockEnvironment(env);
    const document = aDocument(style);
    expect(document.retention_until).toBeDefined();
    const from = Date.now();
    const stored = [await uploadAndConfirm(document, 1), await uploadAndConfirm(document, 2)];
    const to = Date.now();
    for (const { key, versionId } of stored) expectLock(env, await lockOf(key, versionId), document.retention_until!, { from, to });
    // The bytes were read from the bucket and hashed for the tax-office export.
    expect(vi.mocked(recordBookkeepingChecks)).toHaveBeenCalledWith(kykId, document.id, 2, expect.objectContaining({ sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }), expect.objectContaining({ id: document.id, version: 2 }));
  });

  it('locks a copy of a legal document as the copy job does: S3 copies no lock, extendLocks puts it', async () => {
    useLockEnvironment(env);
    const document = aDocument('e_trading');
    const source = await uploadAndConfirm(document, 1);
    // functions/domain/drive/copy-job.ts: CopyObject to the copy's own key, then extendLocks on it.
    const copyKey = objectKey(kykId, randomUUID(), 1);
    await copyObject(source.key, copyKey);
    expect(await lockOf(copyKey)).toEqual({ mode: undefined, until: undefined });
    const from = Date.now();
    await extendLocks([copyKey], document.retention_until!);
    expectLock(env, await lockOf(copyKey), document.retention_until!, { from, to: Date.now() });
    const [copyVersion] = (await versionsOf(copyKey)).versions;
    await expectAccessDenied(deleteVersion(copyKey, copyVersion!));
  });
});

describe('a retention that grows', () => {
  it('lengthens the lock of every version in COMPLIANCE mode, and a shorter date never shortens it', async () => {
    useLockEnvironment('customer');
    const document = aDocument('e_bookkeeping');
    const stored = [await uploadAndConfirm(document, 1), await uploadAndConfirm(document, 2)];
    // A correction that moves the retention end three years later (correct-details.ts: every version's key).
    const later = addMonths(document.retention_until!, 36);
    await extendLocks(stored.map((version) => version.key), later);
    for (const { key, versionId } of stored) expect(await lockOf(key, versionId)).toEqual({ mode: 'COMPLIANCE', until: retainUntilOf(later) });
    // moto would accept a shorter COMPLIANCE date (S3 would not): what keeps the lock is extendLock's read.
    await extendLocks(stored.map((version) => version.key), document.retention_until!);
    for (const { key, versionId } of stored) expect(await lockOf(key, versionId)).toEqual({ mode: 'COMPLIANCE', until: retainUntilOf(later) });
  });

  it('lengthens a GOVERNANCE lock up to the environment\'s cap of a day', async () => {
    useLockEnvironment('test');
    // A document whose retention ends today: locked to the end of today in Japan, under the cap.
    const document = { ...aDocument('scanner'), retention_until: japanDay() };
    const { key, versionId } = await uploadAndConfirm(document, 1);
    expect(await lockOf(key, versionId)).toEqual({ mode: 'GOVERNANCE', until: retainUntilOf(document.retention_until) });
    const from = Date.now();
    await extendLocks([key], addMonths(document.retention_until, 12));
    const grown = await lockOf(key, versionId);
    expect(grown.mode).toBe('GOVERNANCE');
    expect(grown.until!.getTime()).toBeGreaterThanOrEqual(from + DAY_MS);
    expect(grown.until!.getTime()).toBeLessThanOrEqual(Date.now() + DAY_MS);
  });
});

describe('a locked version', () => {
  it('cannot be deleted in COMPLIANCE mode, not even with BypassGovernanceRetention, and a delete without version id leaves it locked', async () => {
    useLockEnvironment('customer');
    const { key, versionId } = await uploadAndConfirm(aDocument('e_document'), 1);
    await expectAccessDenied(deleteVersion(key, versionId));
    await expectAccessDenied(deleteVersion(key, versionId, true));
    // The product's delete of the bytes (deleteObjects) adds a delete marker; the locked bytes stay.
    await deleteObjects([key]);
    const after = await versionsOf(key);
    expect(after.versions).toEqual([versionId]);
    expect(after.deleteMarkers).toHaveLength(1);
    expect((await lockOf(key, versionId)).mode).toBe('COMPLIANCE');
  });

  it('cannot be deleted in GOVERNANCE mode without BypassGovernanceRetention', async () => {
    useLockEnvironment('test');
    const { key, versionId } = await uploadAndConfirm(aDocument('e_document'), 1);
    await expectAccessDenied(deleteVersion(key, versionId));
    expect((await versionsOf(key)).versions).toEqual([versionId]);
    // With it, GOVERNANCE yields (moto evaluates no IAM). In AWS no function role holds
    // s3:BypassGovernanceRetention: tests/infra/object-lock.ts, "gives no role of any stack
    // s3:BypassGovernanceRetention, not even through a wildcard".
    await deleteVersion(key, versionId, true);
    expect((await versionsOf(key)).versions).toEqual([]);
  });

  it('is purged once its retention has ended', async () => {
    useLockEnvironment('customer');
    const document = aDocument('e_document');
    const key = objectKey(kykId, document.id, 1);
    expect((await upload(key, new TextEncoder().encode('%PDF-1.4 short'))).status).toBe(200);
    // A retention that ends in a second and a half (COMPLIANCE puts the date as given).
    const until = new Date(Math.ceil((Date.now() + 1500) / 1000) * 1000);
    expect(await lockObject(key, until)).toEqual({ status: 'locked', mode: 'COMPLIANCE', retainUntil: until });
    const [versionId] = (await versionsOf(key)).versions;
    await expectAccessDenied(deleteVersion(key, versionId!));
    await new Promise((resolve) => setTimeout(resolve, until.getTime() - Date.now() + 100));
    // The purge: the product's delete, then the non-current version's removal (the lifecycle's in AWS).
    await deleteObjects([key]);
    await deleteVersion(key, versionId!);
    expect((await versionsOf(key)).versions).toEqual([]);
  });
});
