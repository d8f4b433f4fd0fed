import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { zipSync, strToU8 } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DriveItem, PreviewInfo } from '#shared/schemas/drive.ts';
import { config } from '#lib/config.ts';
import { handler as storageEvents } from '#functions/storage-events/handler.ts';
import { handler as previews } from '#functions/previews/handler.ts';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from '#lib/clients.ts';
import { getItem } from '#data/drive-items.ts';
import { aFolder, aUser, type SignedInUser } from './support/factories.ts';
import { call } from './support/api.ts';
import { fresh, sendBytes, trash, uploadFile } from './support/drive.ts';
import { minimalPdf } from './support/pdf.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

const MISMATCH = -990000330001;
const UNAVAILABLE = -990000330002;
const bytes = (text: string) => new TextEncoder().encode(text);
const keyOf = (t: TestTenant, item: Pick<DriveItem, 'id'>, version = 1) => `t/${t.kykId}/${item.id}/v${version}`;
/** Whether an object is in the bucket (a HEAD through the S3 client). */
const inBucket = (key: string) => s3().send(new HeadObjectCommand({ Bucket: config.bucketName, Key: key })).then(() => true, () => false);

/** Uploads a file and waits for its preview (the local S3 hands each new object to the previews function after storage-events). */
async function uploadWithPreview(token: string, folderId: string, name: string, body: Uint8Array, contentType?: string): Promise<DriveItem & { preview: PreviewInfo }> {
  const item = await uploadFile(token, folderId, name, body, contentType);
  const previewed = await waitForPreview(token, item.id);
  // Making a preview is nobody's change: the entry's row_version stays.
  expect(previewed.row_version).toBe(item.row_version);
  return previewed;
}

async function waitForPreview(token: string, id: string, version = 1): Promise<DriveItem & { preview: PreviewInfo }> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const item = await fresh(token, id);
    if (item.preview && item.version === version) return item as DriveItem & { preview: PreviewInfo };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no preview of ${id} v${version}`);
}

/** What the presigned URL of a preview serves: its headers and bytes. */
async function fetched(url: string) {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return { type: response.headers.get('content-type'), disposition: response.headers.get('content-disposition'), body: new Uint8Array(await response.arrayBuffer()) };
}

const aPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } }).png().toBuffer().then((buffer) => new Uint8Array(buffer));

describe('preview (convert)', { timeout: 180_000 }, () => {
  let t: TestTenant;
  let folder: DriveItem;
  beforeAll(async () => {
    t = await newTenant();
    folder = await aFolder(t, { name: `Previews ${randomUUID().slice(0, 6)}` });
  });

  it('an image gets a 320 px thumbnail and a page rendition beside it once it arrives; its original is served as the image it is', async () => {
    const photo = await uploadWithPreview(t.token, folder.id, 'photo.png', await aPng(1200, 800), 'image/png');
    expect(photo.preview).toEqual({ status: 'ready', kind: 'image', detected: 'png', thumbnail: true, width: 1200, height: 800 });

    const thumb = await call('convert', { id: photo.id, kind: 'thumbnail' }, t.token);
    expect(thumb.body.code, JSON.stringify(thumb.body)).toBe(0);
    expect(thumb.body.data).toMatchObject({ kind: 'thumbnail', content_type: 'image/webp', preview: photo.preview });
    const expiresIn = Date.parse(thumb.body.data!.expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(50_000);
    expect(expiresIn).toBeLessThanOrEqual(60_000);
    const thumbBytes = await fetched(thumb.body.data!.url);
    expect(thumbBytes.type).toBe('image/webp');
    expect(thumbBytes.disposition).toMatch(/^attachment; /);
    expect(await sharp(thumbBytes.body).metadata()).toMatchObject({ format: 'webp', width: 320, height: 213 });

    const page = await call('convert', { id: photo.id, kind: 'page' }, t.token);
    expect(await sharp((await fetched(page.body.data!.url)).body).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 800 });
    const original = await call('convert', { id: photo.id, kind: 'original' }, t.token);
    expect(original.body.data).toMatchObject({ kind: 'original', content_type: 'image/png', size: photo.size });
    const originalBytes = await fetched(original.body.data!.url);
    expect(originalBytes.type).toBe('image/png');
    expect(originalBytes.disposition).toContain(`filename*=UTF-8''photo.png`);
    expect(originalBytes.body.byteLength).toBe(photo.size);

    // The listing carries the same preview as the details.
    const listing = await call('com_drive/drive_info', { folder_id: folder.id }, t.token);
    expect(listing.body.data!.items.find((item) => item.id === photo.id)?.preview).toEqual(photo.preview);
  });

  it("a PDF's first page becomes the thumbnail (pdfjs-dist in Node), with its page count; the original is served as a PDF", async () => {
    const pdf = await uploadWithPreview(t.token, folder.id, '請求書.pdf', minimalPdf(3), 'application/pdf');
    expect(pdf.preview).toEqual({ status: 'ready', kind: 'pdf', detected: 'pdf', thumbnail: true, width: 300, height: 500, pages: 3 });
    const thumb = await call('convert', { id: pdf.id, kind: 'thumbnail' }, t.token);
    const image = sharp((await fetched(thumb.body.data!.url)).body);
    expect(await image.metadata()).toMatchObject({ format: 'webp', width: 192, height: 320 });
    // The page was drawn: the blue rectangle is there (not a blank canvas).
    const { channels } = await image.stats();
    expect(channels[2]!.mean - channels[0]!.mean).toBeGreaterThan(50);
    const original = await call('convert', { id: pdf.id, kind: 'original' }, t.token);
    const served = await fetched(original.body.data!.url);
    expect(served.type).toBe('application/pdf');
    expect(new TextDecoder().decode(served.body.subarray(0, 5))).toBe('%PDF-');
  });

  it('text and CSV are served as plain text, Office files have no rendition but their properties, other types have no preview', async () => {
    const csv = await uploadWithPreview(t.token, folder.id, 'amounts.csv', bytes('date,amount\n2026-01-05,1200\n'), 'text/csv');
    expect(csv.preview).toEqual({ status: 'ready', kind: 'csv', detected: 'text', thumbnail: false });
    const original = await call('convert', { id: csv.id, kind: 'original' }, t.token);
    expect(original.body.data).toMatchObject({ content_type: 'text/plain' });
    expect((await fetched(original.body.data!.url)).type).toBe('text/plain');
    expect((await call('convert', { id: csv.id, kind: 'thumbnail' }, t.token)).body).toMatchObject({
      code: UNAVAILABLE, message: 'There is no rendition of "amounts.csv" of this kind.', data: null,
    });
    // HTML in a .txt is text: served as text/plain, never as a page a browser would run.
    const notes = await uploadWithPreview(t.token, folder.id, 'notes.txt', bytes('<html><script>alert(1)</script></html>'), 'text/html');
    expect(notes.preview).toMatchObject({ status: 'ready', kind: 'text', detected: 'html' });
    const notesUrl = await call('convert', { id: notes.id, kind: 'original' }, t.token);
    const served = await fetched(notesUrl.body.data!.url);
    expect(served.type).toBe('text/plain');
    expect(served.disposition).toMatch(/^attachment; /);
    // Shift_JIS text is text too.
    const sjis = await uploadWithPreview(t.token, folder.id, 'sjis.csv', new Uint8Array([0x93, 0xfa, 0x95, 0x74, 0x2c, 0x8b, 0xe0, 0x8a, 0x7a, 0x0a]));
    expect(sjis.preview).toMatchObject({ status: 'ready', kind: 'csv', detected: 'text' });

    const docx = zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'word/document.xml': strToU8('<w:document/>') });
    const word = await uploadWithPreview(t.token, folder.id, 'contract.docx', docx);
    expect(word.preview).toEqual({ status: 'ready', kind: 'office', detected: 'ooxml', thumbnail: false });
    expect((await call('convert', { id: word.id, kind: 'original' }, t.token)).body).toMatchObject({
      code: UNAVAILABLE, message: 'There is no preview of "contract.docx" (this type of file has none).',
    });
    const page = await uploadWithPreview(t.token, folder.id, 'page.html', bytes('<!doctype html><p>hi</p>'));
    expect(page.preview).toMatchObject({ status: 'unsupported', kind: 'other', detected: 'html' });
    expect((await call('convert', { id: page.id, kind: 'original' }, t.token)).body.code).toBe(UNAVAILABLE);
  });

  it('a file that lies about its type (a .png holding a PDF, HTML or garbage) is refused with its reason, and nothing changes', async () => {
    const cases = [
      { name: 'pdf-inside.png', body: minimalPdf(1), detected: 'pdf', looks: 'pdf' },
      { name: 'page-inside.png', body: bytes('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>'), detected: 'html', looks: 'html' },
      { name: 'garbage.png', body: new Uint8Array(Array.from({ length: 2048 }, (_, index) => (index * 7919) % 256)), detected: 'binary', looks: 'binary' },
      { name: 'photo-inside.pdf', body: await aPng(10, 10), detected: 'png', looks: 'png' },
    ];
    for (const lie of cases) {
      const item = await uploadWithPreview(t.token, folder.id, lie.name, lie.body, 'image/png');
      expect(item.preview, lie.name).toMatchObject({ status: 'mismatch', detected: lie.detected, thumbnail: false });
      const before = await getItem(t.kykId, item.id);
      for (const kind of ['thumbnail', 'page', 'original'] as const) {
        const refused = await call('convert', { id: item.id, kind }, t.token);
        expect(refused.status).toBe(200);
        expect(refused.body).toMatchObject({
          code: MISMATCH,
          msg_level: 'ERROR',
          message: `"${lie.name}" cannot be previewed: its contents are not what its name says (they look like ${lie.looks}). Download it only if you trust where it came from.`,
          data: null,
        });
      }
      expect(await getItem(t.kykId, item.id), lie.name).toEqual(before);
      // No rendition was written for it.
      expect(await inBucket(keyOf(t, item)), lie.name).toBe(true);
      expect(await inBucket(`${keyOf(t, item)}.thumb.webp`), lie.name).toBe(false);
    }
    // Nothing of any of them is in the access log as a preview.
    const log = await call('com_drive/access_log', { action: 'preview' }, t.token);
    expect(log.body.data!.events.map((event) => event.item_name)).not.toEqual(expect.arrayContaining(cases.map((lie) => lie.name)));
  });

  it('bytes that say they are an image but cannot be drawn are a failed preview', async () => {
    const broken = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array.from({ length: 200 }, () => 0x41)]);
    const item = await uploadWithPreview(t.token, folder.id, 'broken.png', broken);
    expect(item.preview).toEqual({ status: 'failed', kind: 'image', detected: 'png', thumbnail: false });
    expect((await call('convert', { id: item.id, kind: 'page' }, t.token)).body).toMatchObject({
      code: UNAVAILABLE, message: '"broken.png" could not be turned into a preview. Download it to open it.',
    });
  });

  it('is made once per version: a redelivered event changes nothing, a new version gets its own', async () => {
    const file = await uploadWithPreview(t.token, folder.id, `scan-${randomUUID().slice(0, 6)}.png`, await aPng(400, 400));
    const stored = await getItem(t.kykId, file.id);
    const before = await fetch((await call('convert', { id: file.id, kind: 'thumbnail' }, t.token)).body.data!.url);
    const lastModified = before.headers.get('last-modified');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    // The same notification again (S3 delivers at least once), through both functions.
    const record = { eventName: 'ObjectCreated:Put', s3: { bucket: { name: config.bucketName }, object: { key: keyOf(t, file), size: file.size } } };
    await storageEvents({ Records: [record] } as never);
    await previews({ Records: [record] } as never);
    expect(await getItem(t.kykId, file.id)).toEqual(stored);
    const after = await fetch((await call('convert', { id: file.id, kind: 'thumbnail' }, t.token)).body.data!.url);
    expect(after.headers.get('last-modified')).toBe(lastModified);
    // A rendition's own event is neither an upload nor something to preview.
    await previews({ Records: [{ ...record, s3: { ...record.s3, object: { key: `${keyOf(t, file)}.thumb.webp`, size: 10 } } }] } as never);
    expect(await getItem(t.kykId, file.id)).toEqual(stored);

    const second = await aPng(100, 50);
    const registered = await call('com_drive/file_reg_btn', { folder_id: folder.id, name: file.name, size: second.byteLength, on_conflict: 'old_version' }, t.token);
    expect(registered.body.code, JSON.stringify(registered.body)).toBe(0);
    await sendBytes(t.token, file.id, registered.body.data!.upload, second);
    const v2 = await waitForPreview(t.token, file.id, 2);
    expect(v2.preview).toMatchObject({ status: 'ready', width: 100, height: 50 });
    const thumb = await call('convert', { id: file.id, kind: 'thumbnail' }, t.token);
    expect(await sharp((await fetched(thumb.body.data!.url)).body).metadata()).toMatchObject({ width: 100, height: 50 });

    // Deleted for good: the renditions of every version go with their bytes.
    const renditions = [1, 2].flatMap((version) => [`${keyOf(t, file, version)}.thumb.webp`, `${keyOf(t, file, version)}.page.webp`]);
    expect(await Promise.all(renditions.map(inBucket))).toEqual([true, true, true, true]);
    await trash(t.token, await fresh(t.token, file.id));
    const trashed = await getItem(t.kykId, file.id);
    const forever = await call('com_drive/force_delete_btn', { items: [{ id: file.id, row_version: trashed!.row_version }] }, t.token);
    expect(forever.body.code, JSON.stringify(forever.body)).toBe(0);
    await expect.poll(async () => Promise.all([keyOf(t, file, 1), keyOf(t, file, 2), ...renditions].map(inBucket)), { timeout: 20_000 })
      .toEqual([false, false, false, false, false, false]);
  });

  it('refuses a threat with the reason, as a download is refused', async () => {
    const file = await uploadWithPreview(t.token, folder.id, 'invoice-scan.png', await aPng(50, 50));
    await storageEvents({
      source: 'aws.guardduty', 'detail-type': 'GuardDuty Malware Protection Object Scan Result',
      detail: { scanStatus: 'COMPLETED', s3ObjectDetails: { bucketName: config.bucketName, objectKey: keyOf(t, file) }, scanResultDetails: { scanResultStatus: 'THREATS_FOUND', threats: [{ name: 'EICAR' }] } },
    });
    for (const kind of ['thumbnail', 'page', 'original'] as const) {
      const refused = await call('convert', { id: file.id, kind }, t.token);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        code: -2, message: '"invoice-scan.png" cannot be previewed: the malware scan found a threat in it. Ask your administrator.', data: null,
      });
    }
  });

  describe('who may preview', () => {
    let viewer: SignedInUser;
    let outsider: SignedInUser;
    let closed: DriveItem;
    let secret: DriveItem;
    beforeAll(async () => {
      const full = { indiv_permission_flg: 1, indiv_com_drive_permission: 3 } as const;
      [viewer, outsider] = await Promise.all([aUser(t, full), aUser(t, full)]);
      closed = await aFolder(t, { name: `Board ${randomUUID().slice(0, 6)}` });
      secret = await uploadWithPreview(t.token, closed.id, 'minutes.png', await aPng(64, 64));
      const saved = await call('com_drive/permission_save_btn', {
        id: closed.id, row_version: closed.row_version, policy: 'allow', view: { users: [viewer.userId], groups: [] }, update: { users: [t.adminId], groups: [] },
      }, t.token);
      expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    });

    it('a user with view right on the folder previews, and it is in the access log as a preview (not a download); the thumbnail is not', async () => {
      const page = await call('convert', { id: secret.id, kind: 'page' }, viewer.token);
      expect(page.body.code, JSON.stringify(page.body)).toBe(0);
      expect((await call('convert', { id: secret.id, kind: 'thumbnail' }, viewer.token)).body.code).toBe(0);
      const log = await call('com_drive/access_log', { item_id: secret.id }, t.token);
      const events = log.body.data!.events.filter((event) => event.user_id === viewer.userId);
      expect(events.map((event) => [event.action, event.item_name, event.detail])).toEqual([['preview', 'minutes.png', null]]);
      const recent = await call('com_drive/recent_list', {}, viewer.token);
      expect(recent.body.data!.items.map((item) => item.id)).not.toContain(secret.id);
    });

    it('a user without view right on the folder, and another contract, are answered as if the file did not exist', async () => {
      const missing = { code: -3, message: 'The file to preview does not exist. It may have been moved or deleted.', data: null };
      expect((await call('convert', { id: secret.id, kind: 'thumbnail' }, outsider.token)).body).toMatchObject(missing);
      const other = await newTenant();
      expect((await call('convert', { id: secret.id, kind: 'original' }, other.token)).body).toMatchObject(missing);
      const log = await call('com_drive/access_log', { item_id: secret.id, user_id: outsider.userId }, t.token);
      expect(log.body.data!.events).toEqual([]);
    });
  });

  it('validates its input', async () => {
    const wrong = await call('convert', { id: 'not-an-id', kind: 'poster' } as never, t.token);
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe(-4);
    expect(Object.keys((wrong.body.info as { fields?: Record<string, string> } | null)?.fields ?? {})).toEqual(expect.arrayContaining(["id", "kind"]));
    const noToken = await call('convert', { id: randomUUID(), kind: 'page' });
    expect(noToken.body.code).toBe(-102);
  });
});
