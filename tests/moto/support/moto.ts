import { DeleteObjectCommand, HeadObjectCommand, ListObjectVersionsCommand, S3Client } from '@aws-sdk/client-s3';
import { expect, inject } from 'vitest';
import { functionEnv } from '#lib/table-design.ts';

/**
 * What the moto tests share: a client of their own to look at the bucket with (never the product's,
 * whose calls are what is tested), and the switch between the environments' Object Lock settings.
 */
const moto = inject('moto');
export const bucket = moto.bucket;

export const direct = new S3Client({
  endpoint: moto.endpoint, forcePathStyle: true, region: moto.region, credentials: moto.credentials,
  requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED',
});

export type LockEnvironment = keyof typeof moto.objectLock;

/** Gives the functions' code the OBJECT_LOCK_* variables CDK sets in `env` (none: the local stack). */
export function useLockEnvironment(env: LockEnvironment | undefined): void {
  for (const name of [functionEnv.objectLockMode, functionEnv.objectLockMaxRetentionDays]) delete process.env[name];
  if (env) Object.assign(process.env, moto.objectLock[env]);
}

/** A version's lock as S3 reports it on HeadObject. */
export async function lockOf(key: string, versionId?: string): Promise<{ mode: string | undefined; until: Date | undefined }> {
  const head = await direct.send(new HeadObjectCommand({ Bucket: bucket, Key: key, ...(versionId ? { VersionId: versionId } : {}) }));
  return { mode: head.ObjectLockMode, until: head.ObjectLockRetainUntilDate };
}

/** Every S3 version and delete marker of exactly `key`. */
export async function versionsOf(key: string): Promise<{ versions: string[]; deleteMarkers: string[] }> {
  const listed = await direct.send(new ListObjectVersionsCommand({ Bucket: bucket, Prefix: key }));
  return {
    versions: (listed.Versions ?? []).filter((v) => v.Key === key).map((v) => v.VersionId!),
    deleteMarkers: (listed.DeleteMarkers ?? []).filter((m) => m.Key === key).map((m) => m.VersionId!),
  };
}

/** Deletes one version for good, as the bucket's lifecycle does with a non-current one. */
export const deleteVersion = (key: string, versionId: string, bypassGovernance = false) =>
  direct.send(new DeleteObjectCommand({ Bucket: bucket, Key: key, VersionId: versionId, ...(bypassGovernance ? { BypassGovernanceRetention: true } : {}) }));

export async function expectAccessDenied(call: Promise<unknown>): Promise<void> {
  const error = await call.then(() => undefined, (e: unknown) => e as { name?: string; $metadata?: { httpStatusCode?: number } });
  expect(error, 'S3 must refuse').toBeDefined();
  expect({ name: error?.name, status: error?.$metadata?.httpStatusCode }).toEqual({ name: 'AccessDenied', status: 403 });
}
