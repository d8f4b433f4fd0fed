import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { getContract } from '#data/contracts.ts';
import { MULTIPART_THRESHOLD_BYTES } from '#shared/drive-limits.ts';
import { aFolder } from './support/factories.ts';
import { call, post } from './support/api.ts';
import { sendBytes, uploadFile, waitUntilReady } from './support/drive.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

const DUPLICATE = -990000090007;

const names = async (token: string, body: Parameters<typeof call<'com_drive/drive_info'>>[1]) => {
  const result = await call('com_drive/drive_info', body, token);
  expect(result.body.code, JSON.stringify(result.body)).toBe(0);
  return result.body.data!;
};

describe('folders', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await newTenant();
  });

  it('creates a folder and lists it in the root', async () => {
    const folder = await aFolder(tenant, { name: 'Invoices 2026' });
    expect(folder).toMatchObject({ type: 'folder', name: 'Invoices 2026', parent_id: 'root', regist_user_id: 'admin', status: 'ready' });
    const page = await names(tenant.token, {});
    expect(page.folder).toEqual({ id: 'root', name: '' });
    expect(page.items.map((item) => item.name)).toContain('Invoices 2026');
  });

  it('refuses a duplicate name in the same folder, ignoring case, with -990000090007, and writes nothing', async () => {
    await aFolder(tenant, { name: 'Contracts' });
    const before = (await names(tenant.token, { page_size: 1000 })).items.length;
    const duplicate = await call('com_drive/folder_reg_btn', { parent_id: 'root', name: 'CONTRACTS' }, tenant.token);
    expect(duplicate.status).toBe(200);
    expect(duplicate.body).toMatchObject({ code: DUPLICATE, msg_level: 'ERROR', message: 'An item with the same name already exists. Please rename it.' });
    expect((await names(tenant.token, { page_size: 1000 })).items.length).toBe(before);
  });

  it('lets only one of two concurrent creations of the same name win', async () => {
    const results = await Promise.all([1, 2, 3].map(() => call('com_drive/folder_reg_btn', { parent_id: 'root', name: 'Race' }, tenant.token)));
    expect(results.map((result) => result.body.code).sort()).toEqual([DUPLICATE, DUPLICATE, 0]);
  });

  it('refuses whitespace-only, over-long and unportable names with field messages, and writes nothing', async () => {
    const before = (await names(tenant.token, { page_size: 1000 })).items.length;
    const cases: [string, string][] = [
      ['   ', 'This field is required'],
      ['\u3000\u3000', 'This field is required'],
      ['x'.repeat(222), 'Please enter no more than 221 characters.'],
      ['a/b', 'The name must not contain \\ / : * ? " < > | or end with a space or a period.'],
      ['trailing.', 'The name must not contain \\ / : * ? " < > | or end with a space or a period.'],
    ];
    for (const [name, message] of cases) {
      const result = await post('com_drive/folder_reg_btn', { parent_id: 'root', name }, tenant.token);
      expect(result.status, name).toBe(400);
      expect(result.body.code).toBe(-4);
      expect(result.body.info?.fields).toEqual({ name: message });
    }
    expect((await names(tenant.token, { page_size: 1000 })).items.length).toBe(before);
    expect((await call('com_drive/folder_reg_btn', { parent_id: 'root', name: 'y'.repeat(221) }, tenant.token)).body.code).toBe(0);
  });

  it('trims names before checking them, so what is stored is what was checked', async () => {
    for (const name of ['..\u3000', 'a.\u3000', ' \u3000con.']) {
      const result = await post('com_drive/folder_reg_btn', { parent_id: 'root', name }, tenant.token);
      expect(result.body.info?.fields, JSON.stringify(name)).toEqual({ name: 'The name must not contain \\ / : * ? " < > | or end with a space or a period.' });
    }
    expect((await aFolder(tenant, { name: '\u3000 Reports  ' })).name).toBe('Reports');
  });

  it('nests folders and answers the breadcrumb path', async () => {
    const parent = await aFolder(tenant, { name: '経理' });
    const child = await aFolder(tenant, { parentId: parent.id, name: '請求書' });
    const grandchild = await aFolder(tenant, { parentId: child.id, name: '2026年' });
    const page = await names(tenant.token, { folder_id: grandchild.id });
    expect(page.folder).toEqual({ id: grandchild.id, name: '2026年' });
    expect(page.path).toEqual([{ id: parent.id, name: '経理' }, { id: child.id, name: '請求書' }]);
    expect((await names(tenant.token, { folder_id: parent.id })).items.map((item) => item.name)).toEqual(['請求書']);
  });

  it('answers -3 for a folder that does not exist', async () => {
    const result = await call('com_drive/drive_info', { folder_id: '00000000-0000-4000-8000-000000000000' }, tenant.token);
    expect(result.status).toBe(404);
    expect(result.body).toMatchObject({ code: -3, message: 'The folder or file does not exist. It may have been moved or deleted.' });
    const orphan = await call('com_drive/folder_reg_btn', { parent_id: '00000000-0000-4000-8000-000000000000', name: 'x' }, tenant.token);
    expect(orphan.body.code).toBe(-3);
  });
});

describe('listing order and paging', () => {
  let tenant: TestTenant;
  let folderId: string;
  beforeAll(async () => {
    tenant = await newTenant();
    folderId = (await aFolder(tenant, { name: 'Many' })).id;
    // 55 folders and 60 files: more than one page of the smallest size (50) each.
    await Promise.all(Array.from({ length: 55 }, (_, i) => aFolder(tenant, { parentId: folderId, name: `folder-${String(i).padStart(3, '0')}` })));
    for (let i = 0; i < 60; i += 10) {
      await Promise.all(Array.from({ length: 10 }, (_, j) => uploadFile(tenant.token, folderId, `file-${String(i + j).padStart(3, '0')}.txt`, new Uint8Array([i + j]), 'text/plain')));
    }
  });

  const readAll = async (sortItem: 'name' | 'update_date', sortFlag: 1 | 2) => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await names(tenant.token, { folder_id: folderId, sort_item: sortItem, sort_flg: sortFlag, page_size: 50, cursor });
      expect(page.items.length).toBeLessThanOrEqual(50);
      seen.push(...page.items.map((item) => item.name));
      cursor = page.next_cursor ?? undefined;
      pages++;
    } while (cursor);
    return { seen, pages };
  };

  it('pages by name ascending with folders first and every entry exactly once', async () => {
    const { seen, pages } = await readAll('name', 1);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(115);
    expect(new Set(seen).size).toBe(115);
    expect(seen.slice(0, 55)).toEqual([...seen.slice(0, 55)].sort());
    expect(seen.slice(0, 55).every((name) => name.startsWith('folder-'))).toBe(true);
    expect(seen.slice(55)).toEqual([...seen.slice(55)].sort());
  });

  it('pages by name descending with folders still first', async () => {
    const { seen } = await readAll('name', 2);
    expect(seen[0]).toBe('folder-054');
    expect(seen[54]).toBe('folder-000');
    expect(seen[55]).toBe('file-059.txt');
    expect(seen.at(-1)).toBe('file-000.txt');
  });

  it('pages by update date', async () => {
    const { seen } = await readAll('update_date', 1);
    expect(new Set(seen).size).toBe(115);
    expect(seen.slice(0, 55).every((name) => name.startsWith('folder-'))).toBe(true);
  });

  it('refuses a forged cursor with -4, also one whose position lies outside its phase', async () => {
    const forged = [
      'bm90LWEtY3Vyc29y',
      Buffer.from(JSON.stringify({ r: '0', s: '1#zzz', i: '00000000-0000-4000-8000-000000000000' })).toString('base64url'),
      Buffer.from(JSON.stringify({ r: '2', s: '', i: '' })).toString('base64url'),
    ];
    for (const cursor of forged) {
      const result = await call('com_drive/drive_info', { folder_id: folderId, cursor }, tenant.token);
      expect(result.status, cursor).toBe(400);
      expect(result.body.info?.fields).toEqual({ cursor: 'The value is not valid.' });
    }
  });
});

describe('files', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await newTenant();
  });

  it('uploads through a presigned PUT, is confirmed by the storage event and downloads back byte for byte with its UTF-8 name', async () => {
    const bytes = new Uint8Array(randomBytes(300_000));
    const item = await uploadFile(tenant.token, 'root', '請求書 2026年4月.pdf', bytes, 'application/pdf');
    expect(item).toMatchObject({ status: 'ready', size: 300_000, version: 1, content_type: 'application/pdf', name: '請求書 2026年4月.pdf' });
    expect((await getContract(tenant.kykId))?.usage_bytes).toBe(300_000);

    const download = await call('com_drive/download', { id: item.id }, tenant.token);
    expect(download.body.data).toMatchObject({ file_name: '請求書 2026年4月.pdf', size: 300_000 });
    const response = await fetch(download.body.data!.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="___ 2026_4_.pdf"; filename*=UTF-8''${encodeURIComponent('請求書 2026年4月.pdf')}`,
    );
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
  });

  it('keeps a registered file pending until its bytes arrive, and re-arms a retried upload of the same name', async () => {
    const first = await call('com_drive/file_reg_btn', { folder_id: 'root', name: 'retry.bin', size: 10 }, tenant.token);
    expect(first.body.data?.item).toMatchObject({ status: 'pending', size: null });
    // S3 refuses another body length and, once stored, an overwrite through the same URL (the
    // signature covers these headers; the local S3 front checks them as S3 does).
    const upload = first.body.data!.upload;
    expect(upload.method === 'PUT' && new URL(upload.url).searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host;if-none-match');
    expect(upload.method === 'PUT' && upload.headers).toEqual({ 'content-type': 'application/octet-stream', 'if-none-match': '*' });
    if (upload.method !== 'PUT') throw new Error('a small file uploads in one PUT');
    const longer = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: new Uint8Array(11) });
    expect(longer.status).toBe(403);
    expect(await longer.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    const notYet = await call('com_drive/download', { id: first.body.data!.item.id }, tenant.token);
    expect(notYet.body).toMatchObject({ code: -3, message: 'The file to download does not exist.' });

    const retry = await call('com_drive/file_reg_btn', { folder_id: 'root', name: 'retry.bin', size: 4 }, tenant.token);
    expect(retry.body.data?.item.id).toBe(first.body.data!.item.id);
    await sendBytes(tenant.token, retry.body.data!.item.id, retry.body.data!.upload, new Uint8Array([1, 2, 3, 4]));
    expect(await waitUntilReady(tenant.token, retry.body.data!.item.id)).toMatchObject({ status: 'ready', size: 4 });
    // The stored version's bytes cannot be replaced through its URL (If-None-Match: *).
    const retried = retry.body.data!.upload;
    if (retried.method !== 'PUT') throw new Error('a small file uploads in one PUT');
    const overwrite = await fetch(retried.url, { method: 'PUT', headers: retried.headers, body: new Uint8Array([9, 9, 9, 9]) });
    expect(overwrite.status).toBe(412);
    expect(await overwrite.text()).toContain('<Code>PreconditionFailed</Code>');
    const download = await call('com_drive/download', { id: retry.body.data!.item.id }, tenant.token);
    expect(new Uint8Array(await (await fetch(download.body.data!.url)).arrayBuffer())).toEqual(new Uint8Array([1, 2, 3, 4]));

    const again = await call('com_drive/file_reg_btn', { folder_id: 'root', name: 'RETRY.bin', size: 4 }, tenant.token);
    expect(again.body.code).toBe(DUPLICATE);
  });

  it('sends a file above the multipart threshold in presigned parts and joins them', async () => {
    const size = MULTIPART_THRESHOLD_BYTES + 5 * 1024 * 1024 + 123;
    const bytes = new Uint8Array(randomBytes(size));
    const registered = await call('com_drive/file_reg_btn', { folder_id: 'root', name: 'archive.zip', size, content_type: 'application/zip' }, tenant.token);
    const upload = registered.body.data!.upload;
    expect(upload.method).toBe('MULTIPART');
    if (upload.method !== 'MULTIPART') return;
    expect(upload.parts.map((part) => part.part_number)).toEqual([1, 2, 3, 4, 5]);

    const id = registered.body.data!.item.id;
    const wrong = await call('com_drive/file_upload_complete', { id, upload_id: 'not-this-upload', parts: [{ part_number: 1, etag: '"x"' }] }, tenant.token);
    expect(wrong.status).toBe(400);
    expect(wrong.body.info?.fields).toEqual({ upload_id: 'The value is not valid.' });

    // Fresh URLs for some parts (as a slow browser would ask): they work in place of the first ones.
    const fresh = await call('com_drive/file_upload_parts', { id, upload_id: upload.upload_id, part_numbers: [2, 5, 6] }, tenant.token);
    expect(fresh.body.data?.parts.map((part) => part.part_number)).toEqual([2, 5]);
    const stale = await call('com_drive/file_upload_parts', { id, upload_id: 'not-this-upload', part_numbers: [1] }, tenant.token);
    expect(stale.body.info?.fields).toEqual({ upload_id: 'The value is not valid.' });
    const freshUrls = new Map(fresh.body.data!.parts.map((part) => [part.part_number, part.url]));
    await sendBytes(tenant.token, id, { ...upload, parts: upload.parts.map((part) => ({ ...part, url: freshUrls.get(part.part_number) ?? part.url })) }, bytes);
    const item = await waitUntilReady(tenant.token, id);
    expect(item).toMatchObject({ status: 'ready', size, version: 1 });
    const download = await call('com_drive/download', { id }, tenant.token);
    const downloaded = Buffer.from(await (await fetch(download.body.data!.url)).arrayBuffer());
    expect(downloaded.equals(Buffer.from(bytes))).toBe(true);

    const again = await call('com_drive/file_upload_complete', { id, upload_id: upload.upload_id, parts: [{ part_number: 1, etag: '"x"' }] }, tenant.token);
    expect(again.body.code).toBe(-4);
  });

  it('refuses a negative, fractional or missing size', async () => {
    for (const size of [-1, 1.5, '10']) {
      const result = await post('com_drive/file_reg_btn', { folder_id: 'root', name: 'x.bin', size }, tenant.token);
      expect(result.status).toBe(400);
      expect(result.body.info?.fields).toEqual({ size: typeof size === 'string' ? 'This field is required' : 'The value is not valid.' });
    }
    const missing = await post('com_drive/file_reg_btn', { folder_id: 'root', name: 'x.bin' }, tenant.token);
    expect(missing.body.info?.fields).toEqual({ size: 'This field is required' });
  });

  // Last in this block: it lowers the contract's quota.
  it('refuses a registration beyond the contract quota with 990000090001', async () => {
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { db } = await import('#lib/clients.ts');
    const { contractKey } = await import('#data/contracts.ts');
    await db().send(new UpdateCommand({ TableName: process.env.TABLE_NAME, Key: contractKey(tenant.kykId), UpdateExpression: 'SET quota_bytes = :q', ExpressionAttributeValues: { ':q': 1_000_000 } }));
    const result = await call('com_drive/file_reg_btn', { folder_id: 'root', name: 'big.bin', size: 900_000 }, tenant.token);
    expect(result.body).toMatchObject({ code: 990000090001, msg_level: 'ERROR', message: 'The server capacity has been exceeded.' });
  });
});
