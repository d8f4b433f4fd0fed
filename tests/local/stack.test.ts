import { existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '#infra/local/stack.ts';
import { startLocalStack } from '#infra/local/stack.ts';
import { dataLayout } from '#infra/local/settings.ts';
import { demoLogin, makeWebDir, postApi, tempDir } from './support/helpers.ts';

/** One in-memory stack: the adapter's API and SPA behaviour, and what the stack publishes. */
describe('local stack (in memory)', () => {
  let stack: LocalStack;
  let dataDir: string;
  let webDir: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    process.env.LOG_LEVEL = 'silent';
    dataDir = await tempDir('stack');
    webDir = await makeWebDir();
    stack = await startLocalStack({ port: 0, dataDir, inMemory: true, webDir, log: (line) => logLines.push(line) });
  });

  afterAll(async () => {
    await stack?.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(webDir, { recursive: true, force: true });
  });

  it('answers an unknown API path with the 404 envelope (-3)', async () => {
    const { status, envelope } = await postApi(stack.url, 'no/such_route', '{}');
    expect(status).toBe(404);
    expect(envelope).toMatchObject({ code: -3, msg_level: 'ERROR', data: null });
  });

  it('answers a known route called with another method than POST with the 404 envelope', async () => {
    const response = await fetch(`${stack.url}/api/login/login_btn`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: -3 });
  });

  it('answers malformed JSON with HTTP 400 and code -4', async () => {
    const { status, envelope } = await postApi(stack.url, 'login/login_btn', '{"kyk_id": ');
    expect(status).toBe(400);
    expect(envelope.code).toBe(-4);
  });

  it('signs in the seeded demo administrator and returns the token in the Authorization header', async () => {
    const { status, headers, envelope } = await demoLogin(stack.url);
    expect(status).toBe(200);
    expect(envelope.code).toBe(0);
    expect(headers.get('authorization')).toMatch(/^Bearer \S+$/);
  });

  it('runs storage-events when the browser PUTs to the presigned URL, so the file becomes ready', async () => {
    const signIn = await demoLogin(stack.url);
    const content = Buffer.from('local bytes 日本');
    const registered = await postApi(stack.url, 'com_drive/file_reg_btn', JSON.stringify({ name: '報告 書.txt', size: content.length, content_type: 'text/plain' }), {
      authorization: signIn.headers.get('authorization')!,
    });
    expect(registered.envelope.code).toBe(0);
    const { item, upload } = registered.envelope.data as { item: { id: string }; upload: { url: string; headers: Record<string, string> } };
    expect((await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: content })).status).toBe(200);

    await expect.poll(async () => {
      const info = await postApi(stack.url, 'com_drive/file_info', JSON.stringify({ id: item.id }), { authorization: registered.headers.get('authorization')! });
      return (info.envelope.data as { item?: { status: string; size: number } } | null)?.item;
    }, { timeout: 5000, interval: 100 }).toMatchObject({ status: 'ready', size: content.length });
  });

  it('refuses a body over 10 MB with 413 like API Gateway', async () => {
    const response = await fetch(`${stack.url}/api/login/login_btn`, { method: 'POST', body: 'x'.repeat(10 * 1024 * 1024 + 1) });
    expect(response.status).toBe(413);
  });

  it('serves index.html for an app route and hashed assets with immutable caching', async () => {
    const page = await fetch(`${stack.url}/storage`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('Com Drive test SPA');

    const asset = await fetch(`${stack.url}/assets/index-abc123.js`);
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    expect((await fetch(`${stack.url}/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${stack.url}/..%2F..%2Fetc%2Fpasswd`)).status).not.toBe(200);
  });

  it('lets the browser upload to the bucket from the app origin (CORS)', async () => {
    const preflight = await fetch(`${stack.endpoints.s3}/${stack.bucketName}/some/key`, {
      method: 'OPTIONS',
      headers: { origin: stack.url, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
  });

  it('publishes stack.json with its endpoints and keeps the token secret private', () => {
    const published = JSON.parse(readFileSync(dataLayout(dataDir).stackFile, 'utf8')) as { pid: number; url: string; endpoints: object };
    expect(published).toMatchObject({ pid: process.pid, url: stack.url, endpoints: stack.endpoints });
    expect(stack.functionEnv.TOKEN_SECRET).toHaveLength(64);
    expect(readFileSync(dataLayout(dataDir).tokenSecret, 'utf8').trim()).toBe(stack.functionEnv.TOKEN_SECRET);
  });

  it('refuses a second stack in the same process (the handlers share process.env)', async () => {
    await expect(startLocalStack({ port: 0, dataDir: `${dataDir}-other`, inMemory: true })).rejects.toThrow(/already runs in this process/);
  });

  it('answers a busy port with a clear error', async () => {
    const port = Number(new URL(stack.url).port);
    // The adapter binds first, so a second start on a taken port fails before any JVM starts.
    const { startAdapter } = await import('#infra/local/adapter.ts');
    await expect(startAdapter({ port, webDir, ready: Promise.resolve(), fileOrigins: Promise.resolve([]), log: () => undefined })).rejects.toThrow(`Port ${port} is in use: set PORT=`);
  });

  it('removes stack.json on stop', async () => {
    await stack.stop();
    expect(existsSync(dataLayout(dataDir).stackFile)).toBe(false);
    expect(logLines.filter((line) => /failed|error/i.test(line))).toEqual([]);
  });
});
