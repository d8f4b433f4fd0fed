import { AbortMultipartUploadCommand, CompleteMultipartUploadCommand, CopyObjectCommand, CreateMultipartUploadCommand, DeleteObjectCommand, GetObjectCommand, ListPartsCommand, PutObjectCommand, UploadPartCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3 } from './clients.ts';
import { config } from './config.ts';
import { servedContentType } from './served-types.ts';

/**
 * File bytes never pass through a Lambda: the browser PUTs to and GETs from S3 with presigned URLs.
 * Objects live under `t/<contract>/<item id>/v<version>`, so a key names its tenant and entry and
 * the storage-events handler can find both from the key alone.
 */
export const UPLOAD_URL_SECONDS = 15 * 60;
export const DOWNLOAD_URL_SECONDS = 5 * 60;

export const objectKey = (kykId: string, itemId: string, version: number): string => `t/${kykId}/${itemId}/v${version}`;

/**
 * Renditions of a version for previews (docs/drive.md "Preview"), beside its bytes: `<key>.thumb.webp`
 * (320 px) and `<key>.page.webp` (1600 px). They do not match parseObjectKey, so storage-events and
 * the previews function never take them for uploads, and they go when their version's bytes go.
 */
export const renditionKinds = ['thumb', 'page'] as const;
export type RenditionKind = (typeof renditionKinds)[number];
export const renditionKey = (key: string, kind: RenditionKind): string => `${key}.${kind}.webp`;
export const isRenditionKey = (key: string): boolean => /^t\/[^/]+\/[0-9a-f-]{36}\/v\d+\.(thumb|page)\.webp$/.test(key);

export const parseObjectKey = (key: string): { kykId: string; itemId: string; version: number } | undefined => {
  const match = /^t\/([^/]+)\/([0-9a-f-]{36})\/v(\d+)$/.exec(key);
  return match ? { kykId: match[1]!, itemId: match[2]!, version: Number(match[3]) } : undefined;
};

/**
 * The signature covers the length and type, so S3 itself refuses a body other than the declared
 * one, and `If-None-Match: *`, so once the version is stored the same URL cannot overwrite it
 * (registered documents must not change behind their record).
 */
export async function presignUpload(key: string, size: number, contentType: string) {
  const url = await getSignedUrl(
    s3(),
    new PutObjectCommand({ Bucket: config.bucketName, Key: key, ContentLength: size, ContentType: contentType, IfNoneMatch: '*' }),
    { expiresIn: UPLOAD_URL_SECONDS, signableHeaders: new Set(['content-length', 'content-type', 'if-none-match']) },
  );
  return {
    url,
    headers: { 'content-type': contentType, 'if-none-match': '*' },
    expiresAt: new Date(Date.now() + UPLOAD_URL_SECONDS * 1000).toISOString(),
  };
}

/** Starts a multipart upload and presigns every part. */
export async function presignMultipartUpload(key: string, size: number, contentType: string, partSize: number) {
  const { UploadId } = await s3().send(new CreateMultipartUploadCommand({ Bucket: config.bucketName, Key: key, ContentType: contentType }));
  if (!UploadId) throw new Error('S3 answered no UploadId');
  const count = Math.max(1, Math.ceil(size / partSize));
  const signed = await presignParts(key, UploadId, size, partSize, Array.from({ length: count }, (_, index) => index + 1));
  return { uploadId: UploadId, ...signed };
}

/**
 * Presigns parts of a multipart upload; each signature fixes the part's length, so the parts add
 * up to exactly the declared size. Part numbers beyond the file's last part are skipped.
 */
export async function presignParts(key: string, uploadId: string, size: number, partSize: number, partNumbers: number[]) {
  const count = Math.max(1, Math.ceil(size / partSize));
  const parts = await Promise.all(
    [...new Set(partNumbers)].filter((partNumber) => partNumber <= count).map(async (partNumber) => {
      const length = Math.min(partSize, size - (partNumber - 1) * partSize);
      const url = await getSignedUrl(
        s3(),
        new UploadPartCommand({ Bucket: config.bucketName, Key: key, UploadId: uploadId, PartNumber: partNumber, ContentLength: length }),
        { expiresIn: UPLOAD_URL_SECONDS, signableHeaders: new Set(['content-length']) },
      );
      return { part_number: partNumber, url };
    }),
  );
  return { parts, expiresAt: new Date(Date.now() + UPLOAD_URL_SECONDS * 1000).toISOString() };
}

/**
 * The parts S3 holds of a multipart upload (all pages), by part number; undefined when the upload
 * is gone (completed or aborted).
 */
export async function listUploadedParts(key: string, uploadId: string): Promise<{ part_number: number; etag: string; size: number }[] | undefined> {
  const parts: { part_number: number; etag: string; size: number }[] = [];
  let marker: string | undefined;
  try {
    for (;;) {
      const page = await s3().send(new ListPartsCommand({ Bucket: config.bucketName, Key: key, UploadId: uploadId, ...(marker ? { PartNumberMarker: marker } : {}) }));
      for (const part of page.Parts ?? []) {
        if (part.PartNumber !== undefined && part.ETag) parts.push({ part_number: part.PartNumber, etag: part.ETag, size: part.Size ?? 0 });
      }
      if (!page.IsTruncated || !page.NextPartNumberMarker) break;
      marker = page.NextPartNumberMarker;
    }
  } catch (error) {
    if (error instanceof Error && error.name === 'NoSuchUpload') return undefined;
    throw error;
  }
  return parts.sort((a, b) => a.part_number - b.part_number);
}

/** Joins the stored parts; S3 then emits ObjectCreated and storage-events confirms the file. */
export async function completeMultipartUpload(key: string, uploadId: string, parts: { part_number: number; etag: string }[]): Promise<void> {
  await s3().send(new CompleteMultipartUploadCommand({
    Bucket: config.bucketName,
    Key: key,
    UploadId: uploadId,
    IfNoneMatch: '*',
    MultipartUpload: { Parts: [...parts].sort((a, b) => a.part_number - b.part_number).map((part) => ({ PartNumber: part.part_number, ETag: part.etag })) },
  }));
}

/**
 * What an abandoned upload leaves in the bucket: its unfinished multipart upload (parts are billed
 * until aborted; the bucket's lifecycle rule aborts after a day as the backstop) and any object that
 * arrived without being confirmed. A multipart upload already gone counts as aborted.
 */
export async function discardUpload(key: string, uploadId: string | undefined): Promise<void> {
  if (uploadId) {
    try {
      await s3().send(new AbortMultipartUploadCommand({ Bucket: config.bucketName, Key: key, UploadId: uploadId }));
    } catch (error) {
      if (!(error instanceof Error && error.name === 'NoSuchUpload')) throw error;
    }
  }
  await s3().send(new DeleteObjectCommand({ Bucket: config.bucketName, Key: key }));
}

/**
 * Copies stored bytes to a new key inside the bucket (restoring an earlier version): S3 copies
 * them itself, nothing passes through the Lambda. A single copy takes up to 5 GiB, the largest file.
 */
export async function copyObject(fromKey: string, toKey: string): Promise<void> {
  await s3().send(new CopyObjectCommand({ Bucket: config.bucketName, Key: toKey, CopySource: `${config.bucketName}/${encodeURIComponent(fromKey).replace(/%2F/g, '/')}` }));
}

/**
 * Removes stored objects for good (a file deleted from the trash), with the preview renditions of
 * versions' bytes. Missing objects count as removed.
 */
export async function deleteObjects(keys: string[]): Promise<void> {
  for (const key of keys) {
    await s3().send(new DeleteObjectCommand({ Bucket: config.bucketName, Key: key }));
    if (parseObjectKey(key)) {
      for (const kind of renditionKinds) await s3().send(new DeleteObjectCommand({ Bucket: config.bucketName, Key: renditionKey(key, kind) }));
    }
  }
}

/** The first `length` bytes of an object (fewer when it is shorter): what a type is judged from. */
export async function readObjectHead(key: string, length: number): Promise<{ bytes: Uint8Array; size: number }> {
  const response = await s3().send(new GetObjectCommand({ Bucket: config.bucketName, Key: key, Range: `bytes=0-${length - 1}` }));
  const bytes = response.Body ? await response.Body.transformToByteArray() : new Uint8Array();
  const total = /\/(\d+)$/.exec(response.ContentRange ?? '')?.[1];
  return { bytes: bytes.subarray(0, length), size: total ? Number(total) : (response.ContentLength ?? bytes.length) };
}

/** An object's bytes as they arrive (to hash or pass on without holding the whole object). */
export async function* objectChunks(key: string): AsyncGenerator<Uint8Array> {
  const { Body } = await s3().send(new GetObjectCommand({ Bucket: config.bucketName, Key: key }));
  if (!Body) throw new Error('S3 answered no body');
  yield* Body as AsyncIterable<Uint8Array>;
}

/** A whole object's bytes (for rendering; the caller bounds the size beforehand). */
export async function readObject(key: string): Promise<Uint8Array> {
  const response = await s3().send(new GetObjectCommand({ Bucket: config.bucketName, Key: key }));
  return response.Body ? await response.Body.transformToByteArray() : new Uint8Array();
}

/**
 * Writes a file's bytes from a function (a mailed attachment): `If-None-Match: *` as the presigned
 * PUT, so a stored version is never overwritten; the storage event confirms it as any upload.
 */
export async function putFileBytes(key: string, body: Uint8Array, contentType: string): Promise<void> {
  await s3().send(new PutObjectCommand({ Bucket: config.bucketName, Key: key, Body: body, ContentLength: body.byteLength, ContentType: contentType, IfNoneMatch: '*' }));
}

/** Writes a rendition the previews function made. */
export async function putRendition(key: string, body: Uint8Array): Promise<void> {
  await s3().send(new PutObjectCommand({ Bucket: config.bucketName, Key: key, Body: body, ContentType: 'image/webp' }));
}

/**
 * RFC 6266 / 5987: an ASCII fallback for old clients plus the exact UTF-8 name, so a Japanese file
 * name arrives intact.
 */
export const contentDisposition = (fileName: string): string => {
  const fallback = fileName.normalize('NFKD').replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
};

/** A preview is fetched at once by the page that asked for it. */
export const PREVIEW_URL_SECONDS = 60;

/**
 * A presigned GET for a preview (a rendition, or an original under the type its bytes were judged
 * to be): always an attachment, under a type a browser never runs (S3 lets a presigned GET set
 * Content-Type, Content-Disposition and Cache-Control, not X-Content-Type-Options; the page reads
 * the bytes with fetch and shows them itself, so nothing is ever navigated to).
 */
export async function presignPreview(key: string, fileName: string, contentType: string) {
  const url = await getSignedUrl(
    s3(),
    new GetObjectCommand({
      Bucket: config.bucketName,
      Key: key,
      ResponseContentDisposition: contentDisposition(fileName),
      ResponseContentType: servedContentType(contentType),
      ResponseCacheControl: 'private, no-store',
    }),
    { expiresIn: PREVIEW_URL_SECONDS },
  );
  return { url, expiresAt: new Date(Date.now() + PREVIEW_URL_SECONDS * 1000).toISOString() };
}

/** A presigned GET as an attachment under the name, its type from the one allow list (served-types.ts). */
export async function presignDownload(key: string, fileName: string, contentType: string, expiresIn = DOWNLOAD_URL_SECONDS) {
  const url = await getSignedUrl(
    s3(),
    new GetObjectCommand({
      Bucket: config.bucketName,
      Key: key,
      ResponseContentDisposition: contentDisposition(fileName),
      ResponseContentType: servedContentType(contentType),
    }),
    { expiresIn },
  );
  return { url, expiresAt: new Date(Date.now() + expiresIn * 1000).toISOString() };
}
