import type { Logger } from '#lib/logger.ts';
import { correctionPut, snapshotOf, SYSTEM_USER } from '#data/corrections.ts';
import { deleteObjects, discardUpload } from '#lib/object-storage.ts';
import { allVersions, deleteVersionRecords } from '#data/file-versions.ts';
import { deleteReadFields } from '#data/read-fields.ts';
import { folderPath, getItem, ItemChangedError, type FolderPath, type ItemRecord } from '#data/drive-items.ts';
import { settingsInTrash } from './reach.ts';
import type { LabelledItem } from '#lib/data/transact.ts';
import { isBookkeepingChange, isRetained, type PurgeSettings } from './bookkeeping.ts';
import { getCommonSettings } from '#data/common-settings.ts';
import {
  childrenOf, deleteTrashedFile, inheritanceOf, keepInTrash, dropPurgeMarker, EMPTY_TRASH, finishFolderPurge, listTrash, purgeChild, purgeMarkers, purgeShards, startFolderPurge,
} from '#data/drive-trash.ts';

/** Entries read per step: small enough that a step always fits in what is left of the time. */
const STEP = 50;


/**
 * Deletes a trashed entry for good over the version read: a file with its bytes and usage; a
 * folder leaves the trash at once and its subtree goes in steps until `deadline`, the rest from
 * the scheduled sweep. Throws ItemChangedError when the entry changed meanwhile. `by`: who deletes
 * (the scheduled jobs are the system), for a bookkeeping document's history.
 */
export async function deleteForever(
  item: ItemRecord, expectedVersion: number, deadline: number, log: Logger,
  options: { by?: string; checks?: LabelledItem[]; /** Its original path, when the caller read it already (reach). */ path?: FolderPath } = {},
): Promise<void> {
  const by = options.by ?? SYSTEM_USER;
  if (item.type === 'file') {
    await deleteTrashedFile(item, expectedVersion, purgeRecord(item, by));
    await removeObjects(item, log);
    return;
  }
  // The settings that governed it in the trash go down to what its purge keeps (reach.ts `trashLevel`).
  const settings = settingsInTrash(item, options.path ?? await folderPath(item.kyk_id, item.parent_id, { consistent: true }));
  await startFolderPurge(item, expectedVersion, { by, settings, ...(options.checks ? { checks: options.checks } : {}) });
  await purgeFolder(item.kyk_id, item.id, deadline, log);
}

/** A bookkeeping document past its retention: its purge closes its correction history. */
const purgeRecord = (item: ItemRecord, by: string) => (item.type === 'file' && isBookkeepingChange(item)
  ? [correctionPut({ kind: 'purge', item, userId: by, date: new Date().toISOString(), reason: item.deletion_reason ?? null, before: snapshotOf(item), after: null })]
  : []);

/**
 * The bytes of a deleted file, every version's (and new bytes that were on their way), then its
 * version records and what was read from them; a failure leaves objects nobody can reach, logged for the operator.
 */
async function removeObjects(item: ItemRecord, log: Logger): Promise<void> {
  try {
    const versions = await allVersions(item.kyk_id, item.id);
    const keys = new Set([...versions.map((version) => version.s3_key), ...(item.s3_key ? [item.s3_key] : []), ...(item.pending_version ? [item.pending_version.s3_key] : [])]);
    if (item.pending_version?.upload_id) await discardUpload(item.pending_version.s3_key, item.pending_version.upload_id);
    await deleteObjects([...keys]);
    await deleteVersionRecords(item.kyk_id, item.id, versions.map((version) => version.version));
    await deleteReadFields(item.kyk_id, item.id);
  } catch (error) {
    log.error('objects of a deleted file not removed', { error, kyk: item.kyk_id, item: item.id });
  }
}

/**
 * Removes what a purging folder holds, depth first, until `deadline`: answers true once the folder
 * itself is gone. Uploads still in progress inside are left to the upload sweep (they end or are
 * released), and the folder waits for them.
 */
export async function purgeFolder(kykId: string, folderId: string, deadline: number, log: Logger, retention?: PurgeSettings): Promise<boolean> {
  retention ??= (await getCommonSettings(kykId)).settings;
  const folder = await getItem(kykId, folderId);
  const inherited = inheritanceOf(folder ?? {});
  for (;;) {
    if (Date.now() >= deadline) return false;
    const children = await childrenOf(kykId, folderId, STEP);
    if (children.length === 0) {
      await finishFolderPurge(kykId, folderId);
      return true;
    }
    let progressed = false;
    for (const child of children) {
      if (Date.now() >= deadline) return false;
      if (child.type === 'file' && child.status !== 'ready') continue;
      // A document under retention outlives its folder: it stays, in the trash (docs/e-bookkeeping.md).
      if (isRetained(child, retention)) {
        if (await keepInTrash(child, new Date().toISOString(), inherited)) progressed = true;
        continue;
      }
      if (!(await purgeChild(child, inherited, purgeRecord(child, inherited.by ?? SYSTEM_USER)))) continue;
      progressed = true;
      if (child.type === 'file') await removeObjects(child, log);
      else if (!(await purgeFolder(kykId, child.id, deadline, log, retention))) return false;
    }
    if (!progressed) return false;
  }
}

/** Empties a contract's trash until `deadline`: true once it is empty (the queued marker then goes). `deleted` hears of each entry deleted (the access log). */
export async function emptyTrash(kykId: string, deadline: number, log: Logger, deleted?: (item: ItemRecord) => void): Promise<boolean> {
  const { settings: retention } = await getCommonSettings(kykId);
  let cursor: string | undefined;
  for (;;) {
    if (Date.now() >= deadline) return false;
    const page = await listTrash(kykId, { pageSize: STEP, ...(cursor ? { cursor } : {}) });
    if (!page || page.items.length === 0) {
      await dropPurgeMarker(kykId, EMPTY_TRASH);
      return true;
    }
    // Documents under retention stay (docs/e-bookkeeping.md): read past them, not again.
    cursor = page.nextCursor ?? undefined;
    for (const item of page.items) {
      if (Date.now() >= deadline) return false;
      if (isRetained(item, retention)) continue;
      try {
        await deleteForever(item, item.row_version, deadline, log);
        deleted?.(item);
      } catch (error) {
        // Restored or deleted by someone else meanwhile: the next page reads what is left.
        if (!(error instanceof ItemChangedError)) throw error;
      }
    }
    if (!cursor) {
      await dropPurgeMarker(kykId, EMPTY_TRASH);
      return true;
    }
  }
}

/**
 * The scheduled part (every minute, with the upload sweep): carries on every queued folder purge
 * and trash emptying, across contracts, until `deadline`. A crashed run only delays the work: the
 * markers stay until their work is done.
 */
export async function runPurges(deadline: number, log: Logger): Promise<{ finished: number; pending: number }> {
  const result = { finished: 0, pending: 0 };
  for (const shard of purgeShards()) {
    for (const marker of await purgeMarkers(shard)) {
      if (Date.now() >= deadline) {
        result.pending += 1;
        continue;
      }
      let done: boolean;
      if (marker.item_id === EMPTY_TRASH) done = await emptyTrash(marker.kyk_id, deadline, log);
      else if (!(await getItem(marker.kyk_id, marker.item_id))) {
        await dropPurgeMarker(marker.kyk_id, marker.item_id);
        done = true;
      } else done = await purgeFolder(marker.kyk_id, marker.item_id, deadline, log);
      result[done ? 'finished' : 'pending'] += 1;
    }
  }
  if (result.finished || result.pending) log.info('drive purges', result);
  return result;
}
