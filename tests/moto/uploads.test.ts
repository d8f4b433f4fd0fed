import { randomUUID } from 'node:crypto';
import { GetObjectCommand, ListMultipartUploadsCommand, ListPartsCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { completeMultipartUpload, discardUpload, objectKey, presignMultipartUpload, presignUpload } from '#lib/object-storage.ts';
import { bucket, direct, versionsOf } from './support/moto.ts';

/**
 * The upload side of functions/lib/object-storage.ts against moto's versioned files bucket: what
 * s3rver cannot show (it takes a second PUT over a stored version, and answers ListParts and
 * AbortMultipartUpload 405).
 */
const key = () => objectKey('moto', randomUUID(), 1);

describe('a presigned upload', () => {
  it('cannot replace the bytes of a stored version: the second PUT of its URL answers 412', async () => {
    const target = key();
    const first = new TextEncoder().encode('version 1, as registered');
    const signed = await presignUpload(target, first.length, 'text/plain');
    expect((await fetch(signed.url, { method: 'PUT', headers: signed.headers, body: first })).status).toBe(200);
    // Same length, other bytes: the URL's If-None-Match: * refuses them.
    const second = new TextEncoder().encode('version 1, but rewritten');
    expect(second.length).toBe(first.length);
    expect((await fetch(signed.url, { method: 'PUT', headers: signed.headers, body: second })).status).toBe(412);
    expect((await versionsOf(target)).versions).toHaveLength(1);
    const stored = await direct.send(new GetObjectCommand({ Bucket: bucket, Key: target }));
    expect(await stored.Body!.transformToString()).toBe('version 1, as registered');
  });
});

describe('a multipart upload', () => {
  const MiB = 1024 ** 2;
  /** The browser's side: each presigned part PUT, its ETag kept for the completion. */
  const uploadParts = async (target: string, size: number) => {
    const { uploadId, parts } = await presignMultipartUpload(target, size, 'application/pdf', 5 * MiB);
    const etags: { part_number: number; etag: string }[] = [];
    for (const part of parts) {
      const length = Math.min(5 * MiB, size - (part.part_number - 1) * 5 * MiB);
      const answer = await fetch(part.url, { method: 'PUT', body: new Uint8Array(length).fill(part.part_number) });
      expect(answer.status).toBe(200);
      etags.push({ part_number: part.part_number, etag: answer.headers.get('etag')! });
    }
    return { uploadId, etags };
  };

  it('cannot be completed over a stored version: the completion answers 412 and the bytes stay', async () => {
    const target = key();
    const size = 5 * MiB + 10;
    const first = await uploadParts(target, size);
    await completeMultipartUpload(target, first.uploadId, first.etags);
    const second = await uploadParts(target, size);
    await expect(completeMultipartUpload(target, second.uploadId, second.etags)).rejects.toMatchObject({ name: 'PreconditionFailed', $metadata: { httpStatusCode: 412 } });
    expect((await versionsOf(target)).versions).toHaveLength(1);
    await discardUpload(target, second.uploadId);
  });
});

describe('an abandoned multipart upload', () => {
  it('leaves nothing once discarded: no upload, no parts, no version', async () => {
    const target = key();
    // Two parts of a 10-byte file (the minimum part size is only checked on completion).
    const { uploadId, parts } = await presignMultipartUpload(target, 10, 'application/pdf', 5);
    expect(parts.map((part) => part.part_number)).toEqual([1, 2]);
    for (const part of parts) {
      expect((await fetch(part.url, { method: 'PUT', body: new TextEncoder().encode(`part${part.part_number}`) })).status).toBe(200);
    }
    const listed = await direct.send(new ListPartsCommand({ Bucket: bucket, Key: target, UploadId: uploadId }));
    expect(listed.Parts?.map((part) => part.PartNumber)).toEqual([1, 2]);

    // What the upload sweep and cancel-upload call.
    await discardUpload(target, uploadId);
    const uploads = await direct.send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: target }));
    expect(uploads.Uploads ?? []).toEqual([]);
    await expect(direct.send(new ListPartsCommand({ Bucket: bucket, Key: target, UploadId: uploadId }))).rejects.toMatchObject({ name: 'NoSuchUpload' });
    // No version (S3 also leaves a delete marker for the key, which moto does not: not asserted).
    expect((await versionsOf(target)).versions).toEqual([]);
    // Discarding again (a redelivered sweep) finds the upload gone and is fine.
    await discardUpload(target, uploadId);
  });
});
