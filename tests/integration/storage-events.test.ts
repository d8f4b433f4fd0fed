import { beforeAll, describe, expect, it } from 'vitest';
import type { S3Event } from 'aws-lambda';
import { getContract } from '#data/contracts.ts';
import { handler } from '#functions/storage-events/handler.ts';
import { call } from './support/api.ts';
import { uploadFile } from './support/drive.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

const eventFor = (key: string, size: number): S3Event => ({
  Records: [{ s3: { object: { key: encodeURIComponent(key).replace(/%2F/g, '/'), size } } }],
}) as unknown as S3Event;

describe('storage-events', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await newTenant();
  });

  it('counts a version once even when S3 delivers its event twice', async () => {
    const item = await uploadFile(tenant.token, 'root', 'twice.bin', new Uint8Array(1234));
    await handler(eventFor(`t/${tenant.kykId}/${item.id}/v1`, 1234));
    expect((await getContract(tenant.kykId))?.usage_bytes).toBe(1234);
  });

  it('leaves an upload pending when the stored size differs from the declared one', async () => {
    const registered = await call('com_drive/file_reg_btn', { folder_id: 'root', name: 'short.bin', size: 100 }, tenant.token);
    const id = registered.body.data!.item.id;
    await handler(eventFor(`t/${tenant.kykId}/${id}/v1`, 99));
    expect((await call('com_drive/file_info', { id }, tenant.token)).body.data?.item.status).toBe('pending');
  });

  it('ignores objects outside the drive layout', async () => {
    await expect(handler(eventFor('elsewhere/readme.txt', 1))).resolves.toBeUndefined();
  });
});
