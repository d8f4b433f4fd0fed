import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { RoutePath, RouteRequest, RouteResponse } from '#shared/routes.ts';
import { s3 } from '#lib/clients.ts';
import { config } from '#lib/config.ts';
import { median, round } from './stats.ts';

type Call = <P extends RoutePath>(path: P, body: RouteRequest<P>, token?: string) => Promise<{ data: RouteResponse<P> }>;


/**
 * A PUT through node:http, the stack the SDK's PutObject uses: the upload ratio then compares the
 * presigned flow with a direct PutObject, not two HTTP clients (Node's fetch alone is about 1.5 times
 * slower than node:http on a 50 MiB body on this machine; a browser's upload is neither).
 */
export const httpPut = (url: string, headers: Record<string, string>, body: Buffer) =>
  new Promise<{ status: number; etag: string | undefined }>((resolve, reject) => {
    const put = request(url, { method: 'PUT', headers: { ...headers, 'content-length': String(body.length) } }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, etag: response.headers.etag }));
    });
    put.on('error', reject);
    put.end(body);
  });

/**
 * 500 MiB: the SPA's multipart flow (register, 16 MiB parts three at a time as
 * web/src/features/drive/utils/send-file-bytes.ts sends them, complete) against one direct
 * PutObject of the same bytes, alternating; both through the local stack's S3 front, to whichever
 * S3 stand-in is behind it.
 */
export async function measureLargeUpload(call: Call, token: string, samples = 3) {
  const large = randomBytes(500 * 1024 * 1024);
  const multipart: number[] = [];
  const directLarge: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    const { data } = await call('com_drive/file_reg_btn', { folder_id: 'root', name: `large-${i}-${Date.now()}.bin`, size: large.length }, token);
    if (data.upload.method !== 'MULTIPART') throw new Error('500 MiB is above the multipart threshold: expected parts');
    const { parts, part_size: partSize, upload_id: uploadId } = data.upload;
    const etags: { part_number: number; etag: string }[] = [];
    let next = 0;
    const worker = async () => {
      while (next < parts.length) {
        const part = parts[next++]!;
        const start = (part.part_number - 1) * partSize;
        const put = await httpPut(part.url, {}, large.subarray(start, start + partSize));
        if (put.status !== 200 || !put.etag) throw new Error(`part PUT ${put.status}`);
        etags.push({ part_number: part.part_number, etag: put.etag });
      }
    };
    await Promise.all([worker(), worker(), worker()]);
    await call('com_drive/file_upload_complete', { id: data.item.id, upload_id: uploadId, parts: etags.sort((a, b) => a.part_number - b.part_number) }, token);
    multipart.push(performance.now() - started);
    const direct = performance.now();
    await s3().send(new PutObjectCommand({ Bucket: config.bucketName, Key: `bench/direct-large-${i}`, Body: large }));
    directLarge.push(performance.now() - direct);
  }
  const mib = large.length / 1024 / 1024;
  return {
    samples: multipart.length,
    presigned_multipart_mib_s: round(mib / (median(multipart) / 1000)),
    direct_put_mib_s: round(mib / (median(directLarge) / 1000)),
    ratio: round(median(directLarge) / median(multipart), 2),
  };
}
