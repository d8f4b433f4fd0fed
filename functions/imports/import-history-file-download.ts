import type { Operation } from '#lib/api-handler.ts';
import { DomainError } from '#lib/errors.ts';
import { loadJob } from '#domain/imports/jobs.ts';
import { presignSource } from '#domain/imports/files.ts';

/** A presigned GET of the file the job read, under the name it was uploaded with. */
export const importHistoryFileDownload: Operation<'com/import_history_file_download'> = async ({ caller, input }) => {
  const job = await loadJob(caller.kykId, input.request_id);
  if (!job.uploaded) throw new DomainError('address', {}, {}, 'notice.downloadFileMissing');
  return presignSource(caller.kykId, job.request_id, job.name);
};
