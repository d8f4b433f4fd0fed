import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, GetObjectRetentionCommand, ListObjectsV2Command, ListObjectVersionsCommand } from '@aws-sdk/client-s3';
import { s3 } from '#lib/clients.ts';
import { config } from '#lib/config.ts';
import { filesBucketLayout } from '#lib/table-design.ts';

/**
 * The files bucket's objects of a contract: everything under `t/<kyk>/` (every version's bytes,
 * their preview renditions, import sources and markers, drive-job results and markers) and under
 * `exports/<kyk>/` (CSV exports, a day's lifetime). Every object version and delete marker is listed
 * (ListObjectVersions); a store without versioning (s3rver, the local stack) answers the plain
 * listing instead, each object then being its only version.
 */
export const tenantObjectPrefixes = (kykId: string): string[] => [`t/${kykId}/`, `${filesBucketLayout.exportPrefix}${kykId}/`];

export interface ObjectVersion {
  key: string;
  /**
   * Undefined where the store keeps no versions (the local stack). `null` (the string) for a version
   * written before versioning was on: it is deleted by that id, since a delete without one would
   * only add a delete marker in a versioned bucket.
   */
  versionId?: string;
  isLatest: boolean;
  deleteMarker: boolean;
  size: number;
  lastModified?: string;
}

const unversioned = (error: unknown): boolean => ['MethodNotAllowed', 'NotImplemented'].includes((error as { name?: string }).name ?? '');

async function* plainListing(prefix: string): AsyncGenerator<ObjectVersion> {
  let token: string | undefined;
  do {
    const page = await s3().send(new ListObjectsV2Command({ Bucket: config.bucketName, Prefix: prefix, ContinuationToken: token }));
    for (const object of page.Contents ?? []) {
      yield { key: object.Key!, isLatest: true, deleteMarker: false, size: object.Size ?? 0, ...(object.LastModified ? { lastModified: object.LastModified.toISOString() } : {}) };
    }
    token = page.NextContinuationToken;
  } while (token);
}

/** Every version and delete marker under `prefix`, page by page. */
export async function* objectVersions(prefix: string): AsyncGenerator<ObjectVersion> {
  let keyMarker: string | undefined;
  let versionMarker: string | undefined;
  for (;;) {
    let page;
    try {
      page = await s3().send(new ListObjectVersionsCommand({ Bucket: config.bucketName, Prefix: prefix, KeyMarker: keyMarker, VersionIdMarker: versionMarker }));
    } catch (error) {
      if (keyMarker === undefined && unversioned(error)) {
        yield* plainListing(prefix);
        return;
      }
      throw error;
    }
    for (const version of page.Versions ?? []) {
      yield {
        key: version.Key!, ...(version.VersionId ? { versionId: version.VersionId } : {}),
        isLatest: version.IsLatest ?? true, deleteMarker: false, size: version.Size ?? 0,
        ...(version.LastModified ? { lastModified: version.LastModified.toISOString() } : {}),
      };
    }
    for (const marker of page.DeleteMarkers ?? []) {
      yield {
        key: marker.Key!, ...(marker.VersionId ? { versionId: marker.VersionId } : {}),
        isLatest: marker.IsLatest ?? false, deleteMarker: true, size: 0,
        ...(marker.LastModified ? { lastModified: marker.LastModified.toISOString() } : {}),
      };
    }
    if (!page.IsTruncated) return;
    keyMarker = page.NextKeyMarker;
    versionMarker = page.NextVersionIdMarker;
  }
}

/** Every version of the contract's objects. */
export async function tenantObjectVersions(kykId: string): Promise<ObjectVersion[]> {
  const versions: ObjectVersion[] = [];
  for (const prefix of tenantObjectPrefixes(kykId)) for await (const version of objectVersions(prefix)) versions.push(version);
  return versions;
}

/** Streams one object version into a file. */
export async function downloadVersion(version: ObjectVersion, file: string): Promise<void> {
  const response = await s3().send(new GetObjectCommand({ Bucket: config.bucketName, Key: version.key, ...(version.versionId ? { VersionId: version.versionId } : {}) }));
  await mkdir(dirname(file), { recursive: true });
  const body = response.Body;
  if (!body) throw new Error(`S3 answered no body for ${version.key}`);
  await pipeline(body instanceof Readable ? body : Readable.from(await body.transformToByteArray()), createWriteStream(file));
}

/** Why a version could not be deleted: its Object Lock retention, when it has one. */
export interface Refusal {
  key: string;
  versionId?: string;
  reason: string;
  mode?: string;
  retainUntil?: string;
}

/**
 * Deletes one version (or the object, where the store keeps none). `bypassGovernance` asks S3 to
 * lift a GOVERNANCE retention, which it does only for a caller allowed s3:BypassGovernanceRetention;
 * nothing lifts a COMPLIANCE retention before its date. A refusal is answered, not thrown.
 */
export async function deleteVersion(version: ObjectVersion, bypassGovernance: boolean): Promise<Refusal | undefined> {
  const target = { Bucket: config.bucketName, Key: version.key, ...(version.versionId ? { VersionId: version.versionId } : {}) };
  try {
    await s3().send(new DeleteObjectCommand({ ...target, ...(bypassGovernance && version.versionId ? { BypassGovernanceRetention: true } : {}) }));
    return undefined;
  } catch (error) {
    const name = (error as { name?: string }).name ?? 'Error';
    if (name === 'NoSuchKey' || name === 'NoSuchVersion') return undefined;
    const refusal: Refusal = { key: version.key, ...(version.versionId ? { versionId: version.versionId } : {}), reason: `${name}: ${(error as Error).message}` };
    if (!version.versionId || version.deleteMarker) return refusal;
    try {
      const { Retention } = await s3().send(new GetObjectRetentionCommand(target));
      if (Retention?.Mode) {
        refusal.mode = Retention.Mode;
        if (Retention.RetainUntilDate) refusal.retainUntil = new Date(Retention.RetainUntilDate).toISOString();
        refusal.reason = Retention.Mode === 'COMPLIANCE'
          ? `under Object Lock retention in COMPLIANCE mode until ${refusal.retainUntil ?? '?'}: nobody can delete it before then`
          : `under Object Lock retention in GOVERNANCE mode until ${refusal.retainUntil ?? '?'}: only a caller allowed s3:BypassGovernanceRetention can delete it earlier (with --force-retained)`;
      }
    } catch {
      // No retention to explain the refusal: keep S3's own answer.
    }
    return refusal;
  }
}
