import { epochSeconds } from '#lib/data/table.ts';
import type { Logger } from '#lib/logger.ts';
import { discardUpload } from '#lib/object-storage.ts';
import { getItem, isAbandoned } from '#data/drive-items.ts';
import { releaseVersionUpload } from '#data/file-versions.ts';
import { dropMarker, expiredMarkers, queueHour, queueShards, readSweepHour, releaseUpload, writeSweepHour } from '#data/pending-uploads.ts';

/** How far back the first sweep looks (pending uploads live a day by default). */
const FIRST_SWEEP_HOURS = 72;

export interface SweepResult {
  released: number;
  /** Markers of entries that were confirmed, renewed or taken over meanwhile. */
  dropped: number;
}

/**
 * The scheduled sweep of abandoned uploads (every minute, in AWS and in the local stack):
 * reads the expiry queue hour by hour from where it stopped, releases each abandoned upload (entry,
 * name claim, reservation, counts, marker in one transaction), then aborts its multipart upload and
 * deletes any bytes that arrived unconfirmed. Idempotent: a release is conditional on the entry as
 * read, so a run that overlaps another, or a confirmation that arrives meanwhile, releases nothing
 * twice; an upload whose bytes arrive after its release is deleted by the storage event.
 */
export async function sweepAbandonedUploads(log: Logger, now = epochSeconds()): Promise<SweepResult> {
  const result: SweepResult = { released: 0, dropped: 0 };
  const current = queueHour(now);
  const first = (await readSweepHour()) ?? current - FIRST_SWEEP_HOURS;
  for (let hour = first; hour <= current; hour++) {
    for (const shard of queueShards()) {
      for (const marker of await expiredMarkers(hour, shard, now)) {
        const item = await getItem(marker.kyk_id, marker.id);
        // New bytes of an existing file (a version) that never arrived: the file stays as it was.
        if (item?.status === 'ready' && item.pending_version?.expires_at === marker.expires_at) {
          if (marker.expires_at > now || !(await releaseVersionUpload(item))) continue;
          result.released += 1;
          await discardUpload(item.pending_version.s3_key, item.pending_version.upload_id).catch((error: unknown) => log.error('abandoned version upload not discarded from S3', { error, kyk: item.kyk_id, item: item.id }));
          continue;
        }
        if (!item || item.status !== 'pending' || item.expires_at !== marker.expires_at) {
          await dropMarker(marker);
          result.dropped += 1;
          continue;
        }
        if (!isAbandoned(item, now) || !(await releaseUpload(item))) continue;
        result.released += 1;
        if (item.s3_key) {
          await discardUpload(item.s3_key, item.upload_id).catch((error: unknown) => log.error('abandoned upload not discarded from S3', { error, kyk: item.kyk_id, item: item.id }));
        }
      }
    }
    // An hour is done once it has passed entirely: the next run starts after it.
    if (hour < current) await writeSweepHour(hour + 1);
  }
  if (result.released || result.dropped) log.info('abandoned uploads swept', { ...result });
  return result;
}
