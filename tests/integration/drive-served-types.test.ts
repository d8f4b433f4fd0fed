import { beforeAll, describe, expect, it } from 'vitest';
import { call, postFrom } from './support/api.ts';
import { uploadFile } from './support/drive.ts';
import { newTenant, type TestTenant } from './support/tenants.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

/** What S3 (s3rver here) answers for a presigned GET: its type and bytes. */
async function served(url: string) {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return { type: response.headers.get('content-type'), text: await response.text() };
}

/**
 * docs/drive.md "Served types": the type a file was uploaded with is served only when it is on the
 * one allow list; a type a browser would run, however it is spelt, comes back as plain bytes, on
 * every way out (download, version download, share link).
 */
describe('the types files are served under', { timeout: 60_000 }, () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant();
  });

  it('serves a feed, a style sheet and markup as application/octet-stream, by download, version download and share link', async () => {
    const feed = '<?xml version="1.0"?><rss><channel><script xmlns="http://www.w3.org/1999/xhtml">alert(1)</script></channel></rss>';
    for (const declared of ['application/rss+xml', 'text/xsl', 'Text/HTML']) {
      const file = await uploadFile(t.token, 'root', `feed ${declared.replace(/\W/g, '_')}.xml`, bytes(feed), declared);
      const download = await call('com_drive/download', { id: file.id }, t.token);
      expect(download.body.code, JSON.stringify(download.body)).toBe(0);
      expect(await served(download.body.data!.url)).toEqual({ type: 'application/octet-stream', text: feed });

      const version = await call('com_drive/file_history_download', { id: file.id, version: 1 }, t.token);
      expect(version.body.code, JSON.stringify(version.body)).toBe(0);
      expect((await served(version.body.data!.url)).type).toBe('application/octet-stream');

      const link = await call('com_drive/share_link_create_btn', { id: file.id }, t.token);
      expect(link.body.code, JSON.stringify(link.body)).toBe(0);
      const [, , kykId, token] = link.body.data!.url_path.split('/');
      const grant = await postFrom('127.0.9.2', 'share/download', { kyk_id: decodeURIComponent(kykId!), token: token! });
      expect(grant.body.code, JSON.stringify(grant.body)).toBe(0);
      expect((await served(grant.body.data!.url)).type).toBe('application/octet-stream');
    }
  });

  it('serves a listed type as it was declared', async () => {
    for (const [declared, expected] of [['image/png', 'image/png'], ['text/csv', 'text/csv'], ['APPLICATION/PDF', 'application/pdf']] as const) {
      const file = await uploadFile(t.token, 'root', `listed ${expected.replace(/\W/g, '_')}.bin`, bytes('not really'), declared);
      const download = await call('com_drive/download', { id: file.id }, t.token);
      expect((await served(download.body.data!.url)).type).toBe(expected);
    }
  });
});
