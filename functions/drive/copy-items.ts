import { randomUUID } from 'node:crypto';
import { COPY_INLINE_MAX, COPY_INLINE_MAX_BYTES } from '#shared/drive-limits.ts';
import { nowIso } from '#lib/data/table.ts';
import { DomainError } from '#lib/errors.ts';
import type { Operation, OperationContext } from '#lib/api-handler.ts';
import { idempotent } from '#lib/idempotency.ts';
import { eachEntry } from '#domain/drive/bulk.ts';
import { reachableItem, writableFolder, itemNotFound } from '#domain/drive/reach.ts';
import { viewerOf } from '#domain/drive/folder-access.ts';
import { refuseIfThreat } from '#domain/drive/malware.ts';
import { measureSubtree } from '#domain/drive/subtree.ts';
import { copyWork } from '#domain/drive/copy-job.ts';
import { jobView, leaseUntil, putDriveJobMarker, runDriveJob, runningStart, startCappedJob } from '#domain/drive/jobs.ts';
import { claimedId, MAX_FOLDER_DEPTH, nameClaimKey, type ItemRecord } from '#data/drive-items.ts';
import { getDriveJob, type DriveJobRecord } from '#data/drive-jobs.ts';
import { copiedId } from '#data/drive-copies.ts';

const destinationGone = () => new DomainError('address', {}, {}, 'notice.destinationMissing');

/**
 * Copies the selected entries into one folder (docs/drive.md "Copy and ZIP jobs"). Each entry is
 * checked as a move checks it (a folder into itself -4 on folder_id, a name held at the
 * destination 990000090002 / 990000090008, an entry gone -3); the accepted ones go into one job.
 * Up to COPY_INLINE_MAX entries (and COPY_INLINE_MAX_BYTES) in all, the job runs within the call and its refusal (e.g. the
 * quota, 990000090001) is the call's answer; a larger copy answers the running job at once.
 * Copies only read what they copy, so nothing is locked; the copies are the caller's. A copy into
 * its source's own folder is named "name (1)", "name (2)", ... (copy-job.ts); `copies` names each
 * copy made within the call (a job's are its `items` once done). Once per Idempotency-Key: a copy
 * retried after it ended (its start claim released) would otherwise copy again.
 */
export const copyDriveItems: Operation<'com_drive/copy_btn'> = (context) => idempotent(context, () => copy(context));

async function copy({ caller, input, language, log }: OperationContext<'com_drive/copy_btn'>) {
  // The same copy sent again while it runs (its names are taken already): its job, not a refusal.
  const retried = await runningStart(caller, 'copy', input);
  if (retried) return { job: await jobView(retried), failed: [], copies: [] };
  const destination = await writableFolder(viewerOf(caller), input.folder_id);
  if (!destination) throw destinationGone();
  const accepted: ItemRecord[] = [];
  const checked = await eachEntry(input.items, language, async (entry) => {
    const item = await reachableItem(viewerOf(caller), entry.id);
    if (!item || (item.type === 'file' && item.status !== 'ready')) throw itemNotFound();
    if (item.type === 'file') refuseIfThreat(item);
    if (item.type === 'folder') {
      if (item.id === destination.id || destination.chain.some((folder) => folder.id === item.id)) throw new DomainError('input', {}, { folder_id: 'notice.copyIntoItself' });
      if (!destination.holdsFolders) throw new DomainError('updateFailure', { max: MAX_FOLDER_DEPTH }, {}, 'notice.folderTooDeep');
    }
    // Early answer only: the job's conditional write of the name is what decides. Into its own
    // folder a copy takes a numbered name ("name (1)"), so the name held there is no refusal.
    if (item.parent_id !== destination.id && (await claimedId(nameClaimKey(caller.kykId, destination.id, item.type, item.name_key)))) {
      throw new DomainError(item.type === 'folder' ? 'folderExistsAtDestination' : 'fileExistsAtDestination');
    }
    accepted.push(item);
  });

  const job: DriveJobRecord = {
    kyk_id: caller.kykId, job_id: randomUUID(), kind: 'copy', user_id: caller.userId, language, state: 'running',
    items: accepted.map((item) => item.id), folder_id: destination.id, total: null, done: 0, bytes: 0,
    created_at: nowIso(), ended_at: null, stale_after: leaseUntil(), run_id: null,
  };
  const size = await measureSubtree(caller.kykId, accepted, COPY_INLINE_MAX);
  const started = await startCappedJob(job, input);
  if (started.job_id !== job.job_id) return { job: await jobView(started), failed: checked.failed, copies: [] };
  if (size.cut || size.bytes > COPY_INLINE_MAX_BYTES) {
    await putDriveJobMarker(caller.kykId, job.job_id);
    return { job: await jobView(job), failed: checked.failed, copies: [] };
  }
  await runDriveJob(caller.kykId, job.job_id, { copy: copyWork }, { log });
  const ended = (await getDriveJob(caller.kykId, job.job_id))!;
  if (ended.state === 'failed' && ended.error_code) {
    throw new DomainError(ended.error_code as DomainError['codeName'], ended.error_params ?? {}, ended.error_code === 'input' ? { folder_id: 'notice.copyIntoItself' } : {}, ended.error_key as DomainError['messageKey']);
  }
  const view = await jobView(ended);
  return { job: view, failed: checked.failed, copies: copiesOf(ended, view) };
}

/** Each source with the copy made of it and the name it was given ("report (1).pdf" in its own folder): what the done message names. */
function copiesOf(job: DriveJobRecord, view: { items: { id: string; name: string }[] }): { source_id: string; id: string; name: string }[] {
  const made = new Map(view.items.map((item) => [item.id, item.name]));
  return job.items.flatMap((sourceId) => {
    const id = copiedId(job.job_id, sourceId);
    const name = made.get(id);
    return name === undefined ? [] : [{ source_id: sourceId, id, name }];
  });
}
