import { DeleteObjectCommand, GetObjectRetentionCommand, ListObjectsV2Command, ListObjectVersionsCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetClients } from '#lib/clients.ts';
import { functionEnv } from '#lib/table-design.ts';
import { deleteVersion, objectVersions, tenantObjectPrefixes } from './tenant-objects.ts';

/**
 * Versions, delete markers and Object Lock cannot be produced by s3rver (the local stand-in keeps
 * no versions and has no lock), so these run against a mocked S3 client, answering as S3 does.
 */
const s3 = mockClient(S3Client);
const key = 't/acme/0b6b7f5e-3c1a-4d8e-9f00-123456789abc/v1';
const refused = () => new S3ServiceException({ name: 'AccessDenied', $fault: 'client', $metadata: { httpStatusCode: 403 }, message: 'Access Denied because object protected by object lock.' });
const collect = async (prefix: string) => {
  const versions = [];
  for await (const version of objectVersions(prefix)) versions.push(version);
  return versions;
};

beforeAll(() => {
  process.env[functionEnv.bucketName] = 'files-bucket';
  resetClients();
});
beforeEach(() => s3.reset());
afterAll(() => {
  s3.restore();
  resetClients();
});

describe("a contract's objects", () => {
  it('live under its two prefixes', () => {
    expect(tenantObjectPrefixes('acme')).toEqual(['t/acme/', 'exports/acme/']);
  });

  it('are every version and delete marker, page after page', async () => {
    s3.on(ListObjectVersionsCommand, { KeyMarker: undefined }).resolves({
      IsTruncated: true, NextKeyMarker: key, NextVersionIdMarker: 'v-b',
      Versions: [{ Key: key, VersionId: 'v-a', IsLatest: false, Size: 3 }],
      DeleteMarkers: [{ Key: key, VersionId: 'm-1', IsLatest: true }],
    }).on(ListObjectVersionsCommand, { KeyMarker: key }).resolves({
      IsTruncated: false, Versions: [{ Key: `${key}.thumb.webp`, VersionId: 'null', IsLatest: true, Size: 9 }],
    });
    expect(await collect('t/acme/')).toEqual([
      { key, versionId: 'v-a', isLatest: false, deleteMarker: false, size: 3 },
      { key, versionId: 'm-1', isLatest: true, deleteMarker: true, size: 0 },
      // A version written before versioning was on: its id is "null", and a delete must name it.
      { key: `${key}.thumb.webp`, versionId: 'null', isLatest: true, deleteMarker: false, size: 9 },
    ]);
  });

  it('are listed plainly where the store keeps no versions (s3rver)', async () => {
    s3.on(ListObjectVersionsCommand).rejects(new S3ServiceException({ name: 'MethodNotAllowed', $fault: 'client', $metadata: { httpStatusCode: 405 }, message: 'not allowed' }));
    s3.on(ListObjectsV2Command).resolves({ Contents: [{ Key: key, Size: 4 }] });
    expect(await collect('t/acme/')).toEqual([{ key, isLatest: true, deleteMarker: false, size: 4 }]);
  });
});

describe('deleting a version', () => {
  it('deletes it by its version id, a delete marker too', async () => {
    s3.on(DeleteObjectCommand).resolves({});
    expect(await deleteVersion({ key, versionId: 'm-1', isLatest: true, deleteMarker: true, size: 0 }, false)).toBeUndefined();
    expect(s3.commandCalls(DeleteObjectCommand)[0]!.args[0].input).toEqual({ Bucket: 'files-bucket', Key: key, VersionId: 'm-1' });
  });

  it('says when COMPLIANCE retention holds it, and until when', async () => {
    s3.on(DeleteObjectCommand).rejects(refused());
    s3.on(GetObjectRetentionCommand).resolves({ Retention: { Mode: 'COMPLIANCE', RetainUntilDate: new Date('2033-05-31T15:00:00.000Z') } });
    expect(await deleteVersion({ key, versionId: 'v-a', isLatest: true, deleteMarker: false, size: 3 }, true)).toEqual({
      key, versionId: 'v-a', mode: 'COMPLIANCE', retainUntil: '2033-05-31T15:00:00.000Z',
      reason: 'under Object Lock retention in COMPLIANCE mode until 2033-05-31T15:00:00.000Z: nobody can delete it before then',
    });
  });

  it('asks S3 to bypass GOVERNANCE retention only when forced, and says so when refused', async () => {
    s3.on(DeleteObjectCommand).rejects(refused());
    s3.on(GetObjectRetentionCommand).resolves({ Retention: { Mode: 'GOVERNANCE', RetainUntilDate: new Date('2026-11-27T00:00:00.000Z') } });
    const version = { key, versionId: 'v-a', isLatest: true, deleteMarker: false, size: 3 };
    expect((await deleteVersion(version, false))?.reason).toMatch(/GOVERNANCE mode until 2026-11-27.*s3:BypassGovernanceRetention/);
    await deleteVersion(version, true);
    expect(s3.commandCalls(DeleteObjectCommand).map((call) => call.args[0].input.BypassGovernanceRetention)).toEqual([undefined, true]);
  });

  it('counts a version already gone as deleted', async () => {
    s3.on(DeleteObjectCommand).rejects(new S3ServiceException({ name: 'NoSuchVersion', $fault: 'client', $metadata: { httpStatusCode: 404 }, message: 'gone' }));
    expect(await deleteVersion({ key, versionId: 'v-a', isLatest: true, deleteMarker: false, size: 3 }, false)).toBeUndefined();
  });
});
