import type { S3Event, ScheduledEvent } from 'aws-lambda';
import { itemExists } from '#data/drive-items.ts';
import { confirmUpload } from '#data/pending-uploads.ts';
import { sweepAbandonedUploads } from '#domain/uploads/sweep.ts';
import { discardUpload, isRenditionKey, parseObjectKey } from '#lib/object-storage.ts';
import { confirmVersionUpload, firstVersionRecord } from '#data/file-versions.ts';
import { parseImportKey } from '#domain/imports/files.ts';
import { backgroundHandler } from '#lib/background.ts';
import { notificationKey } from '#lib/object-events.ts';
import { runPurges } from '#domain/drive/purge.ts';
import { applyTrashRetention } from '#domain/drive/retention.ts';
import { noteRecent } from '#domain/drive/recent.ts';
import { recordAccessOf, recordLinkUpload } from '#domain/drive/access-log.ts';
import { noteRequestArrival, sendDueDigests } from '#domain/drive/request-digest.ts';
import { checkBookkeepingBytes } from '#domain/drive/bookkeeping-checks.ts';
import { parseDriveJobKey } from '#domain/drive/jobs.ts';
import { isScanResultEvent, recordScanResult, type ScanResultEvent } from '#domain/drive/malware.ts';

const PURGE_BUDGET_MS = 40_000;

/** The time a scheduled event was raised for (now, when it says none readable). */
const scheduledTime = (event: { time?: string }): Date => {
  const at = event.time ? new Date(event.time) : new Date();
  return Number.isNaN(at.getTime()) ? new Date() : at;
};

/**
 * S3 ObjectCreated events: an upload is only "ready" once its bytes are really in the bucket.
 * Idempotent, because S3 delivers events at least once. The imports' objects and the drive jobs'
 * markers arrive here too (one notification covers `t/`) and are left to their own functions
 * (functions/import-jobs, functions/drive-jobs), which the bucket's EventBridge events run.
 */
export const handler = backgroundHandler<S3Event | ScheduledEvent | ScanResultEvent>('storage-events', async (event, log) => {
  // GuardDuty's verdict on an object (EventBridge): recorded on the file it belongs to.
  if ('detail-type' in event && isScanResultEvent(event)) {
    await recordScanResult(event, log);
    return;
  }
  // The schedule (EventBridge, every minute): release abandoned uploads, purge.
  if ('detail-type' in event) {
    await sweepAbandonedUploads(log);
    // File-request digests that are due, by the schedule's own time (what the event says it is).
    await sendDueDigests(log, scheduledTime(event)).catch((error: unknown) => log.error('file-request digests failed', { error }));
    // Folder purges and trash emptying carry on for most of a minute, so the next run does not overlap much.
    const deadline = Date.now() + PURGE_BUDGET_MS;
    await runPurges(deadline, log);
    await applyTrashRetention({ deadline, log: log });
    return;
  }
  for (const record of event.Records) {
    const key = notificationKey(record);
    // An import's objects and a drive job's markers: their own functions run them.
    if (parseImportKey(key) || parseDriveJobKey(key)) continue;
    // A drive job's server-side copies: their entries are written by the job, which also owns their bytes.
    if (record.eventName === 'ObjectCreated:Copy') continue;
    // A preview's rendition (the previews function wrote it beside the bytes): not an upload.
    if (isRenditionKey(key)) continue;
    const parsed = parseObjectKey(key);
    if (!parsed) {
      log.warn('object outside the drive layout', { key });
      continue;
    }
    const size = record.s3.object.size;
    const newFile = await confirmUpload(parsed.kykId, parsed.itemId, key, size, parsed.version, firstVersionRecord(key, size, parsed.version));
    // Not a new file's bytes: new bytes of an existing file (a new version) may be waiting for them.
    const newVersion = newFile ? undefined : await confirmVersionUpload(parsed.kykId, parsed.itemId, key, size);
    const confirmed = newFile ?? newVersion?.item;
    // The uploader changed this file: it heads their recent files.
    if (confirmed) await noteRecent(confirmed, confirmed.update_user_id, 'change', log);
    const arrival = newFile?.received?.channel === 'link' ? newFile.received : undefined;
    if (confirmed && arrival) {
      // Sent through a file-request link: the link's upload, not its creator's, and into the link's digest mail.
      await recordLinkUpload({ kyk_id: confirmed.kyk_id, link_id: arrival.source_id, creator_id: arrival.creator_id }, { ...confirmed, size }, arrival.sender ?? null, log);
      await noteRequestArrival({ ...confirmed, size }, log);
    } else if (confirmed) {
      await recordAccessOf(confirmed.update_user_id, 'upload', { ...confirmed, size: record.s3.object.size }, log);
    }
    // A bookkeeping document's bytes: hashed, and checked as a scan where they are one (docs/e-bookkeeping.md).
    if (confirmed) await checkBookkeepingBytes(confirmed, log);
    // Bytes for an entry that no longer exists (an upload released as abandoned, then finished): nobody can reach them.
    if (!confirmed && !(await itemExists(parsed.kykId, parsed.itemId))) {
      await discardUpload(key, undefined);
      log.warn('bytes of a released upload deleted', { kyk: parsed.kykId, item: parsed.itemId });
      continue;
    }
    log.info(confirmed ? 'upload confirmed' : 'upload event ignored (already confirmed or not pending)', {
      kyk: parsed.kykId, item: parsed.itemId, version: parsed.version, size: record.s3.object.size,
    });
  }
});
