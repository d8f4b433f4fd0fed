import type { Context, S3Event, ScheduledEvent } from 'aws-lambda';
import { getItem } from '#data/drive-items.ts';
import { confirmUpload } from '#data/pending-uploads.ts';
import { sweepAbandonedUploads } from '#domain/uploads/sweep.ts';
import { discardUpload, isRenditionKey, parseObjectKey } from '#lib/object-storage.ts';
import { confirmVersionUpload, firstVersionRecord } from '#data/file-versions.ts';
import { parseImportKey } from '#domain/imports/files.ts';
import { purgeImport } from '#domain/imports/purge.ts';
import { resumeImport, runImport } from '#domain/imports/run-import.ts';
import { sweepRunningImports } from '#domain/imports/jobs.ts';
import { logger } from '#lib/logger.ts';
import { runPurges } from '#domain/drive/purge.ts';
import { applyTrashRetention } from '#domain/drive/retention.ts';
import { noteRecent } from '#domain/drive/recent.ts';
import { recordAccessOf } from '#domain/drive/access-log.ts';
import { checkBookkeepingBytes } from '#domain/drive/bookkeeping-checks.ts';
import { driveJobWorks } from '#domain/drive/job-kinds.ts';
import { runDriveJob, sweepDriveJobs } from '#domain/drive/jobs.ts';
import { parseDriveJobKey } from '#domain/drive/jobs.ts';
import { isScanResultEvent, recordScanResult, type ScanResultEvent } from '#domain/drive/malware.ts';

const PURGE_BUDGET_MS = 40_000;

/**
 * S3 ObjectCreated events: an upload is only "ready" once its bytes are really in the bucket.
 * Idempotent, because S3 delivers events at least once. Keys of the imports layout
 * (`t/<kyk>/imports/<id>/...`) start an import job, resume one whose worker died, or purge a
 * deleted one (functions/imports).
 */
export const handler = async (event: S3Event | ScheduledEvent | ScanResultEvent, context?: Context): Promise<void> => {
  // GuardDuty's verdict on an object (EventBridge): recorded on the file it belongs to.
  if ('detail-type' in event && isScanResultEvent(event)) {
    await recordScanResult(event, logger);
    return;
  }
  // The schedule (EventBridge, every minute): recover imports whose worker died, release abandoned uploads, purge.
  if ('detail-type' in event) {
    const stale = await sweepRunningImports();
    if (stale) logger.info('stale import jobs recovered', { stale });
    const staleDriveJobs = await sweepDriveJobs(logger);
    if (staleDriveJobs) logger.info('stale drive jobs recovered', { stale: staleDriveJobs });
    await sweepAbandonedUploads(logger);
    // Folder purges and trash emptying carry on for most of a minute, so the next run does not overlap much.
    const deadline = Date.now() + PURGE_BUDGET_MS;
    await runPurges(deadline, logger);
    await applyTrashRetention({ deadline, log: logger });
    return;
  }
  // In AWS the Lambda is stopped at its timeout: a long import stops in time to record that.
  // The local stand-in's context is a fake with no real limit.
  const deadline = process.env.AWS_LAMBDA_FUNCTION_NAME && context ? Date.now() + context.getRemainingTimeInMillis() : undefined;
  for (const record of event.Records) {
    // Event keys are form-encoded: "+" is a space.
    const key = decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '));
    const importKey = parseImportKey(key);
    if (importKey) {
      if (importKey.object === 'source') await runImport(importKey.kykId, importKey.requestId, { deadline });
      else if (importKey.object === 'resume') await resumeImport(importKey.kykId, importKey.requestId, { deadline });
      else await purgeImport(importKey.kykId, importKey.requestId);
      continue;
    }
    // A copy job's marker runs (or resumes) the job; the job's own server-side copies confirm nothing:
    // their entries are written by the job, which also owns their bytes.
    const driveJob = parseDriveJobKey(key);
    if (driveJob) {
      await runDriveJob(driveJob.kykId, driveJob.jobId, driveJobWorks, { deadline, log: logger });
      continue;
    }
    if (record.eventName === 'ObjectCreated:Copy') continue;
    // A preview's rendition (the previews function wrote it beside the bytes): not an upload.
    if (isRenditionKey(key)) continue;
    const parsed = parseObjectKey(key);
    if (!parsed) {
      logger.warn('object outside the drive layout', { key });
      continue;
    }
    const size = record.s3.object.size;
    const newFile = await confirmUpload(parsed.kykId, parsed.itemId, key, size, parsed.version, firstVersionRecord(key, size, parsed.version));
    // Not a new file's bytes: new bytes of an existing file (a new version) may be waiting for them.
    const newVersion = newFile ? undefined : await confirmVersionUpload(parsed.kykId, parsed.itemId, key, size);
    const confirmed = newFile ?? newVersion?.item;
    // The uploader changed this file: it heads their recent files.
    if (confirmed) await noteRecent(confirmed, confirmed.update_user_id, 'change', logger);
    if (confirmed) await recordAccessOf(confirmed.update_user_id, 'upload', { ...confirmed, size: record.s3.object.size }, logger);
    // A bookkeeping document's bytes: hashed, and checked as a scan where they are one (docs/e-bookkeeping.md).
    if (confirmed) await checkBookkeepingBytes(confirmed, logger);
    // Bytes for an entry that no longer exists (an upload released as abandoned, then finished): nobody can reach them.
    if (!confirmed && !(await getItem(parsed.kykId, parsed.itemId))) {
      await discardUpload(key, undefined);
      logger.warn('bytes of a released upload deleted', { kyk: parsed.kykId, item: parsed.itemId });
      continue;
    }
    logger.info(confirmed ? 'upload confirmed' : 'upload event ignored (already confirmed or not pending)', {
      kyk: parsed.kykId, item: parsed.itemId, version: parsed.version, size: record.s3.object.size,
    });
  }
};
