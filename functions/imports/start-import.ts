import { randomUUID } from 'node:crypto';
import type { ImportKind } from '#shared/schemas/imports.ts';
import { auditActor, type Caller } from '#lib/api-handler.ts';
import { auditPut } from '#lib/audit.ts';
import { nowIso } from '#lib/data/table.ts';
import type { Language } from '#shared/messages.ts';
import { presignUpload } from '#lib/object-storage.ts';
import { insertJob, type ImportJob } from '#data/import-jobs.ts';
import { IMPORT_CONTENT_TYPE, importSourceKey } from '#domain/imports/files.ts';

/** A job that was never uploaded is dead a minute after its upload URL expired. */
const UPLOAD_GRACE_MS = 60_000;

export interface StartImportContext {
  caller: Caller;
  input: { file_name: string; size: number; invite?: 0 | 1 };
  language: Language;
  requestId: string;
  sourceIp: string;
}

/**
 * Starts an import of any kind (`corp_import`, `user_import` with its invitation option): records the job as
 * running with its executor, file name and start time, and answers a presigned PUT for the file.
 * The URL fixes the key, the length and the type and refuses to overwrite, so the job reads
 * exactly the declared file; its ObjectCreated event starts the runner (run-import.ts). The call
 * itself returns at once, whatever the file's size.
 */
export async function startImport(context: StartImportContext, kind: ImportKind) {
  const { caller, input } = context;
  const requestId = randomUUID();
  const upload = await presignUpload(importSourceKey(caller.kykId, requestId), input.size, IMPORT_CONTENT_TYPE);
  const job: ImportJob = {
    kyk_id: caller.kykId,
    request_id: requestId,
    kind,
    name: input.file_name,
    size: input.size,
    start_datetime: nowIso(),
    end_datetime: null,
    executor: caller.user.user_nm,
    executor_id: caller.userId,
    language: context.language,
    source_ip: context.sourceIp,
    status: 'running',
    phase: 'upload',
    uploaded: false,
    total_rows: 0,
    ok_rows: 0,
    warning_rows: 0,
    error_rows: 0,
    result_count: 0,
    problem_count: 0,
    no_password_count: 0,
    ...(kind === 'user' ? { invite: input.invite ?? 0 } : {}),
    stale_after: new Date(Date.parse(upload.expiresAt) + UPLOAD_GRACE_MS).toISOString(),
  };
  await insertJob(job, [
    auditPut(auditActor(context), {
      action: 'import.start', targetType: 'import', targetId: requestId, before: null, after: { kind, name: job.name, size: job.size, ...(job.invite !== undefined ? { invite: job.invite } : {}) },
    }),
  ]);
  return {
    request_id: requestId,
    upload: { method: 'PUT' as const, url: upload.url, headers: upload.headers, expires_at: upload.expiresAt },
  };
}
