import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { DeleteObjectCommand, HeadObjectCommand, ListObjectVersionsCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '#shared/envelope.ts';
import type { RoutePath, RouteRequest, RouteResponse } from '#shared/routes.ts';
import type { DriveItem } from '#shared/schemas/drive.ts';
import { startLocalStack, type LocalStack } from '#infra/local/stack.ts';
import { demoAccount } from '#infra/local/demo-tenant.ts';
import { objectKey } from '#lib/object-storage.ts';
import { functionEnv } from '#lib/table-design.ts';
import { demoLogin, makeWebDir, postApi, tempDir } from './support/helpers.ts';

/**
 * The e-bookkeeping path once with the local stack's S3 on moto (`LOCAL_S3=moto`): the same S3 front
 * and the same object events to the functions as with s3rver, but an S3 that has versioning and
 * Object Lock, so what the law asks of the bytes is S3's own refusal here, not only the server's.
 * API calls only: the point is S3's behaviour.
 */
describe('a bookkeeping document on moto (LOCAL_S3=moto)', () => {
  let stack: LocalStack;
  let dataDir: string;
  let webDir: string;
  let token: string;
  let bucket: S3Client;
  const logLines: string[] = [];

  const api = async <P extends RoutePath>(path: P, body: RouteRequest<P>) => {
    const { envelope, headers } = await postApi(stack.url, path, JSON.stringify(body), { authorization: `Bearer ${token}` });
    token = headers.get('authorization')?.replace(/^Bearer /, '') ?? token;
    return envelope as Envelope<RouteResponse<P>>;
  };
  const ok = async <P extends RoutePath>(path: P, body: RouteRequest<P>) => {
    const envelope = await api(path, body);
    expect(envelope.code, `${path}: ${JSON.stringify(envelope)}`).toBe(0);
    return envelope.data!;
  };
  const until = async <T>(read: () => Promise<T | undefined>, what: string): Promise<T> => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const value = await read();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`still waiting for ${what}; the stack logged:\n${logLines.join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  beforeAll(async () => {
    process.env.LOG_LEVEL = 'silent';
    dataDir = await tempDir('moto-walk');
    webDir = await makeWebDir();
    stack = await startLocalStack({ port: 0, dataDir, inMemory: true, webDir, s3: 'moto', log: (line) => logLines.push(line) });
    const signIn = await demoLogin(stack.url);
    token = signIn.headers.get('authorization')!.replace(/^Bearer /, '');
    // The stack's own key pair: what the functions sign with, so these calls pass the front as theirs do.
    bucket = new S3Client({
      endpoint: stack.endpoints.s3, forcePathStyle: true, region: stack.functionEnv.AWS_REGION,
      credentials: { accessKeyId: stack.functionEnv[functionEnv.s3AccessKeyId]!, secretAccessKey: stack.functionEnv[functionEnv.s3SecretAccessKey]! },
    });
  });

  afterAll(async () => {
    bucket?.destroy();
    await stack?.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(webDir, { recursive: true, force: true });
  });

  it('registers, corrects, refuses every deletion of the bytes, exports the versions with their SHA-256, and deletes only logically', async () => {
    const first = Buffer.from('%PDF-1.4 請求書 第1版');
    const second = Buffer.from('%PDF-1.4 請求書 第2版（金額訂正）');
    const fields = { document_style: 'e_trading', transaction_date: '2026-03-31', transaction_amount: 108_000, provider: '株式会社テスト' } as const;

    // 1. The document: registered with its fields, its bytes PUT through the front to moto.
    const registered = await ok('com_drive/file_reg_btn', { folder_id: 'root', name: '請求書.pdf', size: first.length, content_type: 'application/pdf', ...fields });
    const upload = registered.upload as { method: 'PUT'; url: string; headers: Record<string, string> };
    const put = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: first });
    expect(put.status, await put.clone().text()).toBe(200);
    const id = registered.item.id;
    const kykId = demoAccount.kykId;
    const ready = await until(async () => {
      const item = (await ok('com_drive/file_info', { id })).item;
      return item.status === 'ready' ? item : undefined;
    }, 'the storage event');
    expect(ready).toMatchObject({ document_style: 'e_trading', retention_until: '2033-05-31', version: 1 });

    // The storage event locked version 1 in moto until its retention end (the stack's default: GOVERNANCE, capped at a day).
    const v1Key = objectKey(kykId, id, 1);
    const locked = await until(async () => {
      const head = await bucket.send(new HeadObjectCommand({ Bucket: stack.bucketName, Key: v1Key }));
      return head.ObjectLockMode ? head : undefined;
    }, 'the lock of version 1');
    expect(locked.ObjectLockMode).toBe('GOVERNANCE');
    expect(locked.ObjectLockRetainUntilDate!.getTime()).toBeGreaterThan(Date.now());

    // 2. The same URL again: the version's bytes cannot be replaced behind its record.
    const again = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: second.subarray(0, first.length) });
    expect(again.status).toBe(412);
    expect(await again.text()).toContain('<Code>PreconditionFailed</Code>');

    // 3. A correction of the bytes: new bytes as version 2, with a reason.
    const corrected = await ok('com_drive/file_reg_btn', { folder_id: 'root', name: '請求書.pdf', size: second.length, content_type: 'application/pdf', on_conflict: 'old_version', reason: '金額の訂正（新しい版）', ...fields });
    const upload2 = corrected.upload as { method: 'PUT'; url: string; headers: Record<string, string> };
    expect((await fetch(upload2.url, { method: 'PUT', headers: upload2.headers, body: second })).status).toBe(200);
    const v2 = await until(async () => {
      const item = (await ok('com_drive/file_info', { id })).item;
      return item.version >= 2 && item.status === 'ready' ? item : undefined;
    }, 'version 2');
    const details = await ok('com_drive/file_detail_upd_btn', { id, row_version: v2.row_version, transaction_amount: 110_000, reason: '金額の訂正' });
    expect(details.item).toMatchObject({ version: 3, transaction_amount: 110_000 });

    // 4. Every stored version is locked; deleting one without bypassing governance is S3's AccessDenied.
    const versions = await bucket.send(new ListObjectVersionsCommand({ Bucket: stack.bucketName, Prefix: `t/${kykId}/${id}/v` }));
    const byteVersions = (versions.Versions ?? []).filter((version) => /\/v\d+$/.test(version.Key!));
    expect(byteVersions.map((version) => version.Key).sort()).toEqual([v1Key, objectKey(kykId, id, 2)]);
    for (const version of byteVersions) {
      const head = await until(async () => {
        const read = await bucket.send(new HeadObjectCommand({ Bucket: stack.bucketName, Key: version.Key, VersionId: version.VersionId }));
        return read.ObjectLockMode ? read : undefined;
      }, `the lock of ${version.Key}`);
      expect(head.ObjectLockRetainUntilDate!.getTime()).toBeGreaterThan(Date.now());
      await expect(bucket.send(new DeleteObjectCommand({ Bucket: stack.bucketName, Key: version.Key, VersionId: version.VersionId }))).rejects.toMatchObject({ name: 'AccessDenied' });
    }

    // 5. The tax-office export: every version with the SHA-256 of its bytes, read from moto.
    const job = (await ok('com_drive/tax_export_btn', { date_from: '2025-04-01', date_to: '2026-03-31', encoding: 'utf-8' })).job;
    const done = await until(async () => {
      const read = (await ok('com_drive/job_info', { job_id: job.job_id })).job;
      return read.state === 'running' ? undefined : read;
    }, 'the tax export');
    expect(done).toMatchObject({ state: 'done', total: 1 });
    const csv = new TextDecoder().decode(new Uint8Array(await (await fetch(done.download!.url)).arrayBuffer()).subarray(3));
    const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
    expect(csv).toContain(sha256(first));
    expect(csv).toContain(sha256(second));
    expect(csv).toContain('金額の訂正');
    // 6. In the app: deleted only logically, with a reason; never purged before the retention ends.
    const trashed = await ok('com_drive/delete_btn', { items: [{ id, row_version: details.item.row_version, type: 'file' }], reason: '誤って登録' });
    expect(trashed).toBeDefined();
    const inTrash = (await ok('com_drive/recycle_list', { page_size: 100 })).items.find((item) => item.id === id) as DriveItem;
    const purge = await api('com_drive/force_delete_btn', { items: [{ id, row_version: inTrash.row_version }] });
    expect(purge.code).toBe(-990000340001);
    expect((await bucket.send(new ListObjectVersionsCommand({ Bucket: stack.bucketName, Prefix: v1Key }))).Versions?.[0]?.Key).toBe(v1Key);

    expect(logLines.filter((line) => / failed for /.test(line))).toEqual([]);
  });
});
