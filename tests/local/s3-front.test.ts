import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  AbortMultipartUploadCommand, CompleteMultipartUploadCommand, CopyObjectCommand, CreateMultipartUploadCommand, GetObjectCommand, HeadObjectCommand,
  ListPartsCommand, PutObjectCommand, S3Client, UploadPartCommand, type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { SignatureV4 } from '@smithy/signature-v4';
import { crc32 } from 'node:zlib';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Sha256, startS3Front, type ObjectWrite, type S3Front } from '#infra/local/s3-front.ts';
import { startS3rverBackend } from '#infra/local/s3-local.ts';
import { loadOrCreateS3Credentials } from '#infra/local/token-secret.ts';
import { filesBucketCors } from '#lib/table-design.ts';
import { tempDir } from './support/helpers.ts';

/**
 * The local S3 front (infra/local/s3-front.ts) in front of s3rver, driven by the real AWS SDK
 * (S3Client, getSignedUrl) and by fetch as the browser sends presigned requests. Pointed at s3rver
 * alone (on TCP, with its S3RVER pair), every refusal here but the expired URL and the skewed clock
 * is accepted instead, and ListParts and AbortMultipartUpload answer 405.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const bucket = 'files-bucket';
const region = 'ap-northeast-1';
const appOrigin = 'http://127.0.0.1:3000';

let dir: string;
let front: S3Front;
let credentials: { accessKeyId: string; secretAccessKey: string };
let client: S3Client;
const writes: ObjectWrite[] = [];

const clientWith = (config: Partial<S3ClientConfig> = {}) =>
  new S3Client({
    endpoint: front.endpoint, forcePathStyle: true, region, credentials, maxAttempts: 1,
    requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED', ...config,
  });

/** The S3 error a response carries: status, and Code and Message from its XML. */
async function s3Error(response: Response) {
  const xml = await response.text();
  return { status: response.status, code: /<Code>(.*?)<\/Code>/.exec(xml)?.[1], message: /<Message>(.*?)<\/Message>/.exec(xml)?.[1], requestId: /<RequestId>(.*?)<\/RequestId>/.exec(xml)?.[1] };
}

/** What the SDK throws, as name and status. */
const failure = (work: Promise<unknown>) =>
  work.then(() => ({ name: 'no error', status: 200 }), (error: { name: string; $metadata?: { httpStatusCode?: number } }) => ({ name: error.name, status: error.$metadata?.httpStatusCode }));

const put = (key: string, body: string) => client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: Buffer.from(body) }));
const exists = (key: string) => client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })).then(() => true, () => false);

/** A presigned PUT as the product makes it (functions/lib/object-storage.ts presignUpload). */
const presignUpload = (key: string, size: number, contentType = 'application/pdf') =>
  getSignedUrl(client, new PutObjectCommand({ Bucket: bucket, Key: key, ContentLength: size, ContentType: contentType, IfNoneMatch: '*' }), {
    expiresIn: 900, signableHeaders: new Set(['content-length', 'content-type', 'if-none-match']),
  });
const upload = (url: string, body: Uint8Array, headers: Record<string, string> = { 'content-type': 'application/pdf', 'if-none-match': '*' }) =>
  fetch(url, { method: 'PUT', headers, body });

beforeAll(async () => {
  dir = await tempDir('s3-front');
  credentials = loadOrCreateS3Credentials(join(dir, 's3-credentials'));
  const backend = await startS3rverBackend({ dir: join(dir, 's3'), socketDir: join(dir, 's3-socket'), bucketName: bucket, log: () => undefined });
  front = await startS3Front({
    backend, credentials, region,
    cors: { origins: [appOrigin], methods: filesBucketCors.methods, allowedHeaders: ['*'], exposedHeaders: filesBucketCors.exposedHeaders, maxAgeSeconds: filesBucketCors.maxAgeSeconds },
    onWrite: (write) => writes.push(write),
  });
  client = clientWith();
  await Promise.all([put('t/tenant-a/doc', 'contract A'), put('t/tenant-b/doc', 'contract B')]);
});

afterAll(async () => {
  client?.destroy();
  await front?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('S3 front: refused as S3 refuses', () => {
  it("refuses a presigned GET whose path was changed to another tenant's key (SignatureDoesNotMatch)", async () => {
    const url = await getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: 't/tenant-a/doc' }), { expiresIn: 300 });
    const good = await fetch(url);
    expect(good.status).toBe(200);
    expect(await good.text()).toBe('contract A');
    const other = await fetch(url.replace('/t/tenant-a/', '/t/tenant-b/'));
    expect(await s3Error(other)).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
  });

  it('refuses a zeroed signature and a URL signed with another secret (SignatureDoesNotMatch)', async () => {
    const url = new URL(await getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: 't/tenant-a/doc' }), { expiresIn: 300 }));
    url.searchParams.set('X-Amz-Signature', '0'.repeat(64));
    expect(await s3Error(await fetch(url))).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    const guessed = clientWith({ credentials: { accessKeyId: credentials.accessKeyId, secretAccessKey: 'S3RVER' } });
    expect(await s3Error(await fetch(await getSignedUrl(guessed, new GetObjectCommand({ Bucket: bucket, Key: 't/tenant-a/doc' }))))).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(await failure(guessed.send(new GetObjectCommand({ Bucket: bucket, Key: 't/tenant-a/doc' })))).toEqual({ name: 'SignatureDoesNotMatch', status: 403 });
  });

  it('refuses a URL dated ahead of the clock, which would outlive its expiry (AccessDenied: Request is not valid yet)', async () => {
    const url = await getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: 't/tenant-a/doc' }), { expiresIn: 60, signingDate: new Date(Date.now() + 3_600_000) });
    expect(await s3Error(await fetch(url))).toMatchObject({ status: 403, code: 'AccessDenied', message: 'Request is not valid yet' });
  });

  it('refuses an expired URL (AccessDenied: Request has expired)', async () => {
    const url = await getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: 't/tenant-a/doc' }), { expiresIn: 60, signingDate: new Date(Date.now() - 120_000) });
    expect(await s3Error(await fetch(url))).toMatchObject({ status: 403, code: 'AccessDenied', message: 'Request has expired' });
  });

  it('refuses a body longer than the signed content-length, and stores nothing', async () => {
    const url = await presignUpload('t/tenant-a/longer', 5);
    expect(await s3Error(await upload(url, new Uint8Array(6)))).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(await s3Error(await upload(url, new Uint8Array(4)))).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(await exists('t/tenant-a/longer')).toBe(false);
  });

  it('refuses a request missing a signed header or with another value of one (if-none-match, content-type)', async () => {
    const url = await presignUpload('t/tenant-a/headers', 3);
    const body = new Uint8Array(3);
    expect(await s3Error(await upload(url, body, { 'content-type': 'application/pdf' }))).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(await s3Error(await upload(url, body, { 'if-none-match': '*' }))).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(await s3Error(await upload(url, body, { 'content-type': 'text/html', 'if-none-match': '*' }))).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(await exists('t/tenant-a/headers')).toBe(false);
    // An x-amz-* header the URL did not sign is refused too.
    expect(await s3Error(await upload(url, body, { 'content-type': 'application/pdf', 'if-none-match': '*', 'x-amz-acl': 'public-read' }))).toMatchObject({ status: 403, code: 'AccessDenied' });
  });

  it('refuses an anonymous listing, GET and PUT with S3 403 AccessDenied XML', async () => {
    const listing = await fetch(`${front.endpoint}/${bucket}?list-type=2`);
    const refusal = await s3Error(listing);
    expect(refusal).toMatchObject({ status: 403, code: 'AccessDenied', message: 'Access Denied' });
    expect(refusal.requestId).toMatch(/^[0-9A-F]{16}$/);
    expect(listing.headers.get('content-type')).toBe('application/xml');
    expect(await s3Error(await fetch(`${front.endpoint}/${bucket}/t/tenant-a/doc`))).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(await s3Error(await fetch(`${front.endpoint}/`))).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(await s3Error(await fetch(`${front.endpoint}/${bucket}/t/tenant-a/anonymous`, { method: 'PUT', body: 'x' }))).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(await exists('t/tenant-a/anonymous')).toBe(false);
  });

  it("refuses another access key, s3rver's well-known S3RVER pair included (InvalidAccessKeyId)", async () => {
    const other = clientWith({ credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    expect(await failure(other.send(new GetObjectCommand({ Bucket: bucket, Key: 't/tenant-a/doc' })))).toEqual({ name: 'InvalidAccessKeyId', status: 403 });
    expect(await s3Error(await fetch(await getSignedUrl(other, new GetObjectCommand({ Bucket: bucket, Key: 't/tenant-a/doc' }))))).toMatchObject({ status: 403, code: 'InvalidAccessKeyId' });
    other.destroy();
  });

  it('refuses a header-signed request from a clock 20 minutes behind (RequestTimeTooSkewed)', async () => {
    const skewed = clientWith({ systemClockOffset: -20 * 60 * 1000 });
    expect(await failure(skewed.send(new GetObjectCommand({ Bucket: bucket, Key: 't/tenant-a/doc' })))).toEqual({ name: 'RequestTimeTooSkewed', status: 403 });
  });

  it('answers 412 to a second PUT with If-None-Match: * (the same presigned URL, or the SDK), keeping the first bytes', async () => {
    const url = await presignUpload('t/tenant-a/once', 5);
    expect((await upload(url, new TextEncoder().encode('first'))).status).toBe(200);
    expect(await s3Error(await upload(url, new TextEncoder().encode('again')))).toMatchObject({ status: 412, code: 'PreconditionFailed' });
    expect(await failure(client.send(new PutObjectCommand({ Bucket: bucket, Key: 't/tenant-a/once', Body: Buffer.from('other'), IfNoneMatch: '*' })))).toEqual({ name: 'PreconditionFailed', status: 412 });
    const stored = await client.send(new GetObjectCommand({ Bucket: bucket, Key: 't/tenant-a/once' }));
    expect(await stored.Body!.transformToString()).toBe('first');
  });

  it('lets exactly one of two parallel conditional PUTs to one key through', async () => {
    for (const key of ['t/tenant-a/race-1', 't/tenant-a/race-2', 't/tenant-a/race-3']) {
      const [first, second] = await Promise.all([presignUpload(key, 5), presignUpload(key, 5)]);
      const statuses = await Promise.all([upload(first!, new TextEncoder().encode('one..')), upload(second!, new TextEncoder().encode('two..'))].map((answer) => answer.then((response) => response.status)));
      expect(statuses.sort(), key).toEqual([200, 412]);
    }
  });

  it("answers an unsigned preflight from the bucket's CORS rule and refuses one it does not allow (403 CORSResponse)", async () => {
    const preflight = (origin: string, method: string) =>
      fetch(`${front.endpoint}/${bucket}/t/tenant-a/upload`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'content-type,if-none-match' } });
    const allowed = await preflight(appOrigin, 'PUT');
    expect(allowed.status).toBe(200);
    expect(Object.fromEntries(['access-control-allow-origin', 'access-control-allow-methods', 'access-control-allow-headers', 'access-control-expose-headers', 'access-control-max-age'].map((name) => [name, allowed.headers.get(name)]))).toEqual({
      'access-control-allow-origin': appOrigin,
      'access-control-allow-methods': 'GET, PUT, HEAD',
      'access-control-allow-headers': 'content-type, if-none-match',
      'access-control-expose-headers': 'ETag, Content-Disposition, Content-Length',
      'access-control-max-age': '3000',
    });
    expect(await s3Error(await preflight('http://evil.example', 'PUT'))).toMatchObject({ status: 403, code: 'CORSResponse' });
    expect(await s3Error(await preflight(appOrigin, 'DELETE'))).toMatchObject({ status: 403, code: 'CORSResponse' });
    // The actual response to the app's origin carries the rule's headers; another origin's gets none.
    const url = await getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: 't/tenant-a/doc' }));
    expect((await fetch(url, { headers: { origin: appOrigin } })).headers.get('access-control-allow-origin')).toBe(appOrigin);
    expect((await fetch(url, { headers: { origin: 'http://evil.example' } })).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a body that does not match its signed SHA-256 (XAmzContentSHA256Mismatch)', async () => {
    const tampering = clientWith();
    // After signing, the same number of other bytes: the signature still matches, the payload hash does not.
    tampering.middlewareStack.add((next) => (args) => {
      (args.request as { body: unknown }).body = Buffer.from('tampered!');
      return next(args);
    }, { step: 'finalizeRequest', priority: 'low' });
    expect(await failure(tampering.send(new PutObjectCommand({ Bucket: bucket, Key: 't/tenant-a/tampered', Body: Buffer.from('original!') })))).toEqual({ name: 'XAmzContentSHA256Mismatch', status: 400 });
    expect(await exists('t/tenant-a/tampered')).toBe(false);
    tampering.destroy();
  });
});

describe('S3 front: what passes', () => {
  it('stores a good presigned PUT and serves a good presigned GET, reporting the write', async () => {
    const bytes = new TextEncoder().encode('%PDF-1');
    expect((await upload(await presignUpload('t/tenant-a/請求書 1.pdf', bytes.length), bytes)).status).toBe(200);
    const url = await getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: 't/tenant-a/請求書 1.pdf', ResponseContentDisposition: "attachment; filename*=UTF-8''%E8%AB%8B" }));
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''%E8%AB%8B");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
    expect(writes.find((write) => write.key === 't/tenant-a/請求書 1.pdf')).toMatchObject({ eventName: 'ObjectCreated:Put', bucket, size: bytes.length, eTag: expect.stringMatching(/^[0-9a-f]{32}$/) });
  });

  it('stores an SDK PutObject of a streamed body with a trailing checksum (aws-chunked), as the SDK sends it', async () => {
    const chunked = clientWith({ requestChecksumCalculation: 'WHEN_SUPPORTED' });
    try {
      const bytes = Buffer.from('streamed 日本 '.repeat(5000));
      await chunked.send(new PutObjectCommand({ Bucket: bucket, Key: 't/tenant-a/streamed', Body: Readable.from([bytes]), ContentLength: bytes.length }));
      const stored = await client.send(new GetObjectCommand({ Bucket: bucket, Key: 't/tenant-a/streamed' }));
      expect(Buffer.from(await stored.Body!.transformToByteArray()).equals(bytes)).toBe(true);
    } finally {
      chunked.destroy();
    }
  });

  it('refuses an aws-chunked body whose trailing checksum or length does not match its bytes (BadDigest, IncompleteBody)', async () => {
    const signer = new SignatureV4({ service: 's3', region, credentials, sha256: Sha256, uriEscapePath: false, applyChecksum: false });
    const send = async (key: string, body: string, decodedLength: number) => {
      const host = new URL(front.endpoint).host;
      const headers = {
        host, 'content-encoding': 'aws-chunked', 'x-amz-content-sha256': 'STREAMING-UNSIGNED-PAYLOAD-TRAILER',
        'x-amz-trailer': 'x-amz-checksum-crc32', 'x-amz-decoded-content-length': String(decodedLength),
      };
      const signed = await signer.sign({ method: 'PUT', protocol: 'http:', hostname: '127.0.0.1', path: `/${bucket}/${key}`, query: {}, headers });
      const { host: _host, ...sent } = signed.headers;
      return fetch(`${front.endpoint}/${bucket}/${key}`, { method: 'PUT', headers: sent, body });
    };
    const crc = (text: string) => { const value = Buffer.alloc(4); value.writeUInt32BE(crc32(Buffer.from(text))); return value.toString('base64'); };
    const good = await send('t/tenant-a/chunked', `3\r\nabc\r\n0\r\nx-amz-checksum-crc32:${crc('abc')}\r\n\r\n`, 3);
    expect(good.status).toBe(200);
    expect(await (await client.send(new GetObjectCommand({ Bucket: bucket, Key: 't/tenant-a/chunked' }))).Body!.transformToString()).toBe('abc');
    expect(await s3Error(await send('t/tenant-a/bad-digest', `3\r\nabd\r\n0\r\nx-amz-checksum-crc32:${crc('abc')}\r\n\r\n`, 3))).toMatchObject({ status: 400, code: 'BadDigest' });
    expect(await s3Error(await send('t/tenant-a/short', `3\r\nabc\r\n0\r\nx-amz-checksum-crc32:${crc('abc')}\r\n\r\n`, 4))).toMatchObject({ status: 400, code: 'IncompleteBody' });
    expect(await exists('t/tenant-a/bad-digest')).toBe(false);
    expect(await exists('t/tenant-a/short')).toBe(false);
  });

  it('stores an SDK PutObject with a Buffer body (a real SHA-256) and a CopyObject, reporting both', async () => {
    await put('t/tenant-a/sdk', 'hashed body');
    await client.send(new CopyObjectCommand({ Bucket: bucket, Key: 't/tenant-a/copy', CopySource: `${bucket}/t/tenant-a/sdk` }));
    expect(await (await client.send(new GetObjectCommand({ Bucket: bucket, Key: 't/tenant-a/copy' }))).Body!.transformToString()).toBe('hashed body');
    expect(writes.filter((write) => write.key.startsWith('t/tenant-a/sdk') || write.key === 't/tenant-a/copy').map(({ eventName, key, size }) => ({ eventName, key, size }))).toEqual([
      { eventName: 'ObjectCreated:Put', key: 't/tenant-a/sdk', size: 11 },
      { eventName: 'ObjectCreated:Copy', key: 't/tenant-a/copy', size: 11 },
    ]);
  });

  it('takes a presigned multipart part, lists it (ListParts) and completes the upload', async () => {
    const key = 't/tenant-a/big.zip';
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }));
    const partUrl = await getSignedUrl(client, new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber: 1, ContentLength: 7 }), { signableHeaders: new Set(['content-length']) });
    const part = await fetch(partUrl, { method: 'PUT', body: 'part one' });
    expect(await s3Error(part)).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' }); // 8 bytes against the signed 7
    const sent = await fetch(partUrl, { method: 'PUT', body: 'part 01' });
    expect(sent.status).toBe(200);
    const eTag = sent.headers.get('etag')!;
    const listed = await client.send(new ListPartsCommand({ Bucket: bucket, Key: key, UploadId }));
    expect(listed.Parts?.map(({ PartNumber, ETag, Size }) => ({ PartNumber, ETag, Size }))).toEqual([{ PartNumber: 1, ETag: eTag, Size: 7 }]);
    expect(listed.Parts?.[0]?.LastModified).toBeInstanceOf(Date);
    // S3 checks the named parts against the stored ones (s3rver does not).
    expect(await failure(client.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId, MultipartUpload: { Parts: [{ PartNumber: 1, ETag: '"0000"' }] } })))).toEqual({ name: 'InvalidPart', status: 400 });
    await client.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId, IfNoneMatch: '*', MultipartUpload: { Parts: [{ PartNumber: 1, ETag: eTag }] } }));
    expect(await (await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).Body!.transformToString()).toBe('part 01');
    expect(writes.find((write) => write.key === key)).toMatchObject({ eventName: 'ObjectCreated:CompleteMultipartUpload', size: 7 });
    expect(await failure(client.send(new ListPartsCommand({ Bucket: bucket, Key: key, UploadId })))).toEqual({ name: 'NoSuchUpload', status: 404 });
  });

  it('aborts a multipart upload leaving nothing: no parts, no listing, no part through a stale URL', async () => {
    const key = 't/tenant-a/abandoned.zip';
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }));
    const partUrl = await getSignedUrl(client, new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber: 1, ContentLength: 4 }), { signableHeaders: new Set(['content-length']) });
    expect((await fetch(partUrl, { method: 'PUT', body: 'part' })).status).toBe(200);
    const stored = join(dir, 's3', bucket, '._S3rver_uploads', UploadId!);
    expect(existsSync(stored)).toBe(true);
    const aborted = await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId }));
    expect(aborted.$metadata.httpStatusCode).toBe(204);
    expect(existsSync(stored)).toBe(false);
    expect(await failure(client.send(new ListPartsCommand({ Bucket: bucket, Key: key, UploadId })))).toEqual({ name: 'NoSuchUpload', status: 404 });
    expect(await s3Error(await fetch(partUrl, { method: 'PUT', body: 'part' }))).toMatchObject({ status: 404, code: 'NoSuchUpload' });
    expect(existsSync(stored)).toBe(false);
    expect(await failure(client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId })))).toEqual({ name: 'NoSuchUpload', status: 404 });
    expect(await exists(key)).toBe(false);
  });
});
