import { randomUUID } from 'node:crypto';
import type { Language } from '#shared/messages.ts';
import { insertDriveJob, type DriveJobOutcome, type DriveJobRecord } from '#data/drive-jobs.ts';
import { detachTag, listTaggedItems } from '#data/tags.ts';
import { HandOver, leaseUntil, putDriveJobMarker, type JobRun } from './jobs.ts';

/** Entries a tag deletion takes the tag off within the call; a job takes it off the rest. */
export const DETACH_INLINE = 50;
const PAGE = 200;

/** Starts the job that takes a deleted tag (`items[0]`) off every entry still carrying it. */
export async function startTagDetach(kykId: string, userId: string, language: Language, tagId: string): Promise<string> {
  const jobId = randomUUID();
  await insertDriveJob({
    kyk_id: kykId, job_id: jobId, kind: 'tag_detach', user_id: userId, language, state: 'running',
    items: [tagId], total: null, done: 0, bytes: 0, created_at: new Date().toISOString(), ended_at: null, stale_after: leaseUntil(), run_id: null,
  });
  await putDriveJobMarker(kykId, jobId);
  return jobId;
}

/**
 * Pages through the tag's links (its gsi1 listing, by cursor) and detaches each (tags.ts
 * detachTag: idempotent), so a job handed over to a fresh worker simply starts again from the top.
 */
export async function tagDetachWork(job: DriveJobRecord, run: JobRun): Promise<DriveJobOutcome> {
  const tagId = job.items[0]!;
  let done = 0;
  let cursor: string | undefined;
  do {
    const page = (await listTaggedItems(job.kyk_id, tagId, { pageSize: PAGE, ...(cursor ? { cursor } : {}) }))!;
    for (const itemId of page.itemIds) await detachTag(job.kyk_id, tagId, itemId);
    done += page.itemIds.length;
    await run.save({ done });
    cursor = page.nextCursor ?? undefined;
    if (cursor && run.timeIsUp()) throw new HandOver();
  } while (cursor);
  run.log.info('deleted tag detached', { kyk: job.kyk_id, job: job.job_id, tag: tagId, entries: done });
  return { state: 'done' };
}
