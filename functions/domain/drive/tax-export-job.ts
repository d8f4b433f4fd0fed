import { createHash } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { objectChunks } from '#lib/object-storage.ts';
import { s3 } from '#lib/clients.ts';
import { config } from '#lib/config.ts';
import { filesBucketLayout } from '#lib/table-design.ts';
import { translate, type Language } from '#shared/messages.ts';
import type { DocumentStyle } from '#shared/schemas/bookkeeping-fields.ts';
import { folderPaths, type ItemRecord } from '#data/drive-items.ts';
import type { DriveJobOutcome, DriveJobRecord } from '#data/drive-jobs.ts';
import { recordBookkeepingChecks, versionRecords, type VersionRecord } from '#data/file-versions.ts';
import { documentsByTransactionDate } from '#data/bookkeeping-documents.ts';
import { getUsers } from '#data/user-directory.ts';
import { csvContentType, encodeCsv } from '#domain/imports/csv/encoding.ts';
import { toCsv } from '#domain/imports/csv/csv.ts';
import { type JobRun } from './jobs.ts';

/**
 * The tax office's download request (ダウンロードの求め, 規則 2条6項5号; docs/e-bookkeeping.md): every
 * bookkeeping document whose transaction date falls in the range, one CSV row per version, with its
 * transaction date, amount, trading partners, style, invoice number, place, who registered it and
 * when (the server's time), the correction's reason and the SHA-256 of the version's bytes. A hash
 * missing from a version (bytes from before hashing) is computed from the bytes here and kept.
 * The CSV is written under `exports/`, whose lifecycle rule deletes it after a day.
 */
export const taxExportObjectKey = (kykId: string, jobId: string): string => `${filesBucketLayout.exportPrefix}${kykId}/${jobId}.csv`;

const COLUMNS = [
  'document_id', 'file_name', 'folder', 'document_style', 'transaction_date', 'transaction_amount', 'recipient', 'provider', 'invoice_number',
  'version', 'version_kind', 'version_date', 'version_user_id', 'version_user_nm', 'size', 'sha256', 'reason', 'deleted_date', 'deletion_reason', 'retention_until',
] as const;

const header = (language: Language): string[] => COLUMNS.map((column) => translate(language, `taxExport.${column}`));

async function sha256Of(key: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of objectChunks(key)) hash.update(chunk);
  return hash.digest('hex');
}

/** A version's hash, from its record or (bytes hashed before it was recorded) from its bytes, then kept. */
async function hashOf(item: ItemRecord, version: VersionRecord): Promise<string> {
  if (version.sha256) return version.sha256;
  const sha256 = await sha256Of(version.s3_key);
  await recordBookkeepingChecks(item.kyk_id, item.id, version.version, { sha256 });
  return sha256;
}

export async function taxExportWork(job: DriveJobRecord, run: JobRun): Promise<DriveJobOutcome> {
  const kykId = job.kyk_id;
  const documents: ItemRecord[] = [];
  for await (const page of documentsByTransactionDate(kykId, job.date_from!, job.date_to!)) {
    documents.push(...page.filter((item) => job.include_deleted || item.trashed_date === undefined));
  }
  documents.sort((a, b) => (a.transaction_date ?? '').localeCompare(b.transaction_date ?? '') || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  await run.save({ done: 0, total: documents.length });

  const paths = await folderPaths(kykId, [...new Set(documents.map((item) => item.parent_id))]);
  const rows: string[][] = [header(job.language)];
  const versionsOf = new Map<string, VersionRecord[]>();
  let done = 0;
  for (const item of documents) {
    const versions = (await versionRecords(kykId, item.id)).sort((a, b) => a.version - b.version);
    for (const version of versions) if (!version.sha256) version.sha256 = await hashOf(item, version);
    versionsOf.set(item.id, versions);
    done += 1;
    if (done % 25 === 0) await run.save({ done });
  }
  const users = new Map((await getUsers(kykId, [...new Set([...versionsOf.values()].flat().map((version) => version.regist_user_id))])).map((user) => [user.user_id, user.user_nm]));
  const style = (value: DocumentStyle | undefined) => translate(job.language, `taxExportStyle.${value ?? 'general'}`);
  for (const item of documents) {
    const path = paths.get(item.parent_id);
    const folder = path && !path.broken ? `/${path.chain.map((folderRef) => folderRef.name).join('/')}` : '';
    for (const version of versionsOf.get(item.id)!) {
      const fields = version.fields;
      rows.push([
        item.id, fields?.name ?? item.name, folder, style(fields?.document_style ?? item.document_style),
        fields?.transaction_date ?? '', String(fields?.transaction_amount ?? ''), fields?.recipient ?? '', fields?.provider ?? '', fields?.invoice_number ?? '',
        String(version.version), version.kind ?? 'bytes', version.regist_date, version.regist_user_id, users.get(version.regist_user_id) ?? '',
        String(version.size), version.sha256 ?? '', version.reason ?? '', item.trashed_date ?? '', item.deletion_reason ?? '', item.retention_until ?? '',
      ]);
    }
  }
  const encoding = job.encoding ?? 'utf-8';
  const body = encodeCsv(toCsv(rows), encoding);
  const key = taxExportObjectKey(kykId, job.job_id);
  await s3().send(new PutObjectCommand({ Bucket: config.bucketName, Key: key, Body: body, ContentType: csvContentType(encoding) }));
  await run.save({ done });
  run.log.info('tax export written', { kyk: kykId, job: job.job_id, documents: documents.length, rows: rows.length - 1 });
  return { state: 'done', zip_key: key, file_name: `e-bookkeeping_${job.date_from!.replaceAll('-', '')}-${job.date_to!.replaceAll('-', '')}.csv`, zip_size: body.length };
}
