import { randomUUID } from 'node:crypto';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from '#lib/clients.ts';
import { config } from '#lib/config.ts';
import { filesBucketLayout } from '#lib/table-design.ts';
import { presignDownload } from '#lib/object-storage.ts';
import { csvContentType, encodeCsv, type CsvEncoding } from '#domain/imports/csv/encoding.ts';
import { toCsv } from '#domain/imports/csv/csv.ts';

/**
 * Where import and export files live in the files bucket. File bytes never pass through the API
 * Lambda in the browser's direction: an import's file is PUT by the browser with a presigned URL,
 * an export is written by the Lambda and fetched by the browser with a presigned GET.
 *
 * - `t/<kyk>/imports/<request id>/source.csv`: the file an import job reads (kept for
 *   `import_history_file_download`). Under `t/`, so its ObjectCreated event starts the job.
 * - `t/<kyk>/imports/<request id>/purge`: an empty marker written when the job is deleted; its
 *   ObjectCreated event removes the job's result rows and files outside the request.
 * - `t/<kyk>/imports/<request id>/resume`: an empty marker written (again, for each request) when
 *   a reader finds the job's worker dead; its ObjectCreated event starts a worker that takes the
 *   job over and goes on from its last saved chunk (run-import.ts `resumeImport`).
 * - `exports/<kyk>/<uuid>.csv`: exports and templates. Outside `t/` on purpose: they raise no
 *   storage event, and a bucket lifecycle rule on the prefix `exports/` deletes them after a day
 *   (lifecycle filters match a fixed prefix; `t/<kyk>/exports/` has none).
 */
export const importSourceKey = (kykId: string, requestId: string): string => `t/${kykId}/imports/${requestId}/source.csv`;
export const importPurgeKey = (kykId: string, requestId: string): string => `t/${kykId}/imports/${requestId}/purge`;
export const importResumeKey = (kykId: string, requestId: string): string => `t/${kykId}/imports/${requestId}/resume`;
export const EXPORT_PREFIX = filesBucketLayout.exportPrefix;

export const parseImportKey = (key: string): { kykId: string; requestId: string; object: 'source' | 'purge' | 'resume' } | undefined => {
  const match = /^t\/([^/]+)\/imports\/([0-9a-f-]{36})\/(source\.csv|purge|resume)$/.exec(key);
  if (!match) return undefined;
  const object = match[3] === 'source.csv' ? 'source' : (match[3] as 'purge' | 'resume');
  return { kykId: match[1]!, requestId: match[2]!, object };
};

export const IMPORT_CONTENT_TYPE = 'text/csv';

/** The bytes of an import's source file. */
export async function readSource(kykId: string, requestId: string): Promise<Uint8Array> {
  const { Body } = await s3().send(new GetObjectCommand({ Bucket: config.bucketName, Key: importSourceKey(kykId, requestId) }));
  if (!Body) throw new Error('S3 answered no body');
  return Body.transformToByteArray();
}

export async function putPurgeMarker(kykId: string, requestId: string): Promise<void> {
  await s3().send(new PutObjectCommand({ Bucket: config.bucketName, Key: importPurgeKey(kykId, requestId), Body: new Uint8Array(0) }));
}

export async function putResumeMarker(kykId: string, requestId: string): Promise<void> {
  await s3().send(new PutObjectCommand({ Bucket: config.bucketName, Key: importResumeKey(kykId, requestId), Body: new Uint8Array(0) }));
}

export async function deleteImportFiles(kykId: string, requestId: string): Promise<void> {
  for (const key of [importSourceKey(kykId, requestId), importResumeKey(kykId, requestId), importPurgeKey(kykId, requestId)]) {
    await s3().send(new DeleteObjectCommand({ Bucket: config.bucketName, Key: key }));
  }
}

/** A presigned GET of an import's source file under its original name. */
export async function presignSource(kykId: string, requestId: string, fileName: string) {
  const { url, expiresAt } = await presignDownload(importSourceKey(kykId, requestId), fileName, IMPORT_CONTENT_TYPE);
  return { url, file_name: fileName, expires_at: expiresAt };
}

/**
 * Writes CSV records (header first) as an export file in the chosen encoding and answers the
 * presigned download, whose Content-Disposition carries the UTF-8 file name.
 */
export async function writeExport(kykId: string, fileName: string, records: string[][], encoding: CsvEncoding) {
  const key = `${EXPORT_PREFIX}${kykId}/${randomUUID()}.csv`;
  const contentType = csvContentType(encoding);
  await s3().send(new PutObjectCommand({ Bucket: config.bucketName, Key: key, Body: encodeCsv(toCsv(records), encoding), ContentType: contentType }));
  const { url, expiresAt } = await presignDownload(key, fileName, contentType);
  return { url, file_name: fileName, expires_at: expiresAt };
}

/** `<base>_<yyyymmddHHMMSS>.csv` in the contract's time zone (Japan). */
export const timestampedName = (base: string, at = new Date()): string => {
  const jst = new Date(at.getTime() + 9 * 3_600_000).toISOString();
  return `${base}_${jst.slice(0, 19).replace(/[-T:]/g, '')}.csv`;
};
