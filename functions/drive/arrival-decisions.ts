import type { ArrivalInfo } from '#shared/schemas/arrival-info.ts';
import type { ArrivalOutcome } from '#shared/schemas/arrivals.ts';
import type { CommonSettings } from '#shared/schemas/settings.ts';
import { auditActor, type Operation, type OperationContext } from '#lib/api-handler.ts';
import { writeAudit } from '#lib/audit.ts';
import { nowIso } from '#lib/data/table.ts';
import { DomainError } from '#lib/errors.ts';
import { getCommonSettings } from '#data/common-settings.ts';
import { ItemChangedError, toDriveItem, type DocumentFields, type ItemRecord } from '#data/drive-items.ts';
import { UploadInProgressError, trashItem } from '#data/drive-trash.ts';
import { allVersions, correctDetails, hasLivePendingVersion } from '#data/file-versions.ts';
import { checkBookkeepingBytes } from '#domain/drive/bookkeeping-checks.ts';
import { extendLocks, isBookkeepingChange, retentionFor } from '#domain/drive/bookkeeping.ts';
import { viewerOf, type DriveViewer } from '#domain/drive/folder-access.ts';
import { deleteForever } from '#domain/drive/purge.ts';
import { reach, recordedSettings, type Reach } from '#domain/drive/reach.ts';
import { noteRecent } from '#domain/drive/recent.ts';

/**
 * Accepting and rejecting received files (docs/drive.md "Receiving documents"): what came in
 * through a file-request link or an intake address waits, general and deletable, for a member who
 * may update its folder (level 3 there; the creator of the link at level 2 may not accept what
 * strangers sent them). Accepting applies the source's document style, with its retention, the
 * bytes' hash and lock as an upload of that style gets; rejecting deletes the file for good. Each
 * file is judged on its own: one refused leaves the others done. Both are audited with the person;
 * an accepted legal document's correction history holds the acceptance with the acceptor.
 */

type Refusal = ArrivalOutcome['refused'][number]['reason'];
type Context = OperationContext<'com_drive/arrival_accept_btn'> | OperationContext<'com_drive/arrival_reject_btn'>;

/** The received file as the caller may decide on it, or why not. */
async function decidable(viewer: DriveViewer, id: string): Promise<{ reached: Reach; received: ArrivalInfo } | Refusal> {
  let reached: Reach | undefined;
  try {
    reached = await reach(viewer, id, 'see');
  } catch (error) {
    if (error instanceof DomainError) return 'not_found';
    throw error;
  }
  const item = reached?.entry;
  if (!reached || item?.type !== 'file') return 'not_found';
  // Still uploading: nothing has arrived yet to judge.
  if (!item.received || item.status !== 'ready') return 'not_received';
  if (Math.min(viewer.rights.drive, item.level) < 3) return 'permission';
  if (hasLivePendingVersion(item)) return 'edited';
  return { reached, received: item.received };
}

/** What the correction history keeps as the acceptance's reason: where the file came from. */
function arrivalReason(received: ArrivalInfo): string {
  const from = received.sender ? ` from ${received.sender}` : '';
  if (received.channel === 'link') return `Received through file-request link ${received.source_id}${from}`;
  const subject = received.subject ? `, subject "${received.subject}"` : '';
  const id = received.message_id ? `, Message-ID ${received.message_id}` : '';
  return `Received by mail at intake address ${received.source_id}${from}${subject}${id}`;
}

/** The fields accepting sets: the source's style (a scan as an important A4 document, as a registration without a choice). */
function acceptedFields(item: ItemRecord, received: ArrivalInfo, settings: CommonSettings): DocumentFields {
  const style = received.document_style ?? 'general';
  const set: DocumentFields = style === 'general' ? {} : { document_style: style };
  if (style === 'scanner') Object.assign(set, { scanner_grade: item.scanner_grade ?? 'important', paper_size: item.paper_size ?? 'A4' });
  const retention = retentionFor({ ...item, ...set }, settings);
  if (retention && retention !== item.retention_until) set.retention_until = retention;
  return set;
}

async function acceptOne(context: Context, viewer: DriveViewer, id: string, settings: CommonSettings): Promise<ItemRecord | Refusal> {
  const found = await decidable(viewer, id);
  if (typeof found === 'string') return found;
  const item = found.reached.entry;
  const set = acceptedFields(item, found.received, settings);
  const after: ItemRecord = { ...item, ...set };
  delete after.received;
  const versioned = isBookkeepingChange(item, after);
  let accepted: ItemRecord;
  try {
    accepted = await correctDetails(item, {
      set, clear: ['received'], userId: context.caller.userId, date: nowIso(), reason: versioned ? arrivalReason(found.received) : null, versioned,
      expectedVersion: item.row_version, acceptance: true,
    });
  } catch (error) {
    if (error instanceof ItemChangedError) return 'edited';
    throw error;
  }
  // A legal style now: hashed (and checked, for a scan) and locked until its retention ends, as its upload would have been.
  if (versioned) {
    await checkBookkeepingBytes(accepted, context.log);
    if (accepted.retention_until) await extendLocks((await allVersions(accepted.kyk_id, accepted.id)).map((version) => version.s3_key), accepted.retention_until);
  }
  await noteRecent(accepted, context.caller.userId, 'change', context.log);
  await writeAudit(auditActor(context), {
    action: 'drive.arrival_accept', targetType: 'file', targetId: id,
    before: { name: item.name, document_style: item.document_style ?? 'general', received: found.received },
    after: { name: accepted.name, document_style: accepted.document_style ?? 'general' },
  });
  return accepted;
}

async function rejectOne(context: Context, viewer: DriveViewer, id: string): Promise<ItemRecord | Refusal> {
  const found = await decidable(viewer, id);
  if (typeof found === 'string') return found;
  const item = found.reached.entry;
  try {
    // Through the trash, so the name, counters and attention go as any deletion's; then for good at once.
    const trashed = await trashItem(item, { userId: context.caller.userId, date: nowIso(), expectedVersion: item.row_version, settings: recordedSettings(found.reached.path) });
    await deleteForever(trashed, trashed.row_version, Date.now() + 5_000, context.log, { by: context.caller.userId });
  } catch (error) {
    if (error instanceof ItemChangedError || error instanceof UploadInProgressError) return 'edited';
    throw error;
  }
  await writeAudit(auditActor(context), {
    action: 'drive.arrival_reject', targetType: 'file', targetId: id,
    before: { name: item.name, size: item.size, received: found.received }, after: null,
  });
  return item;
}

async function decideEach(ids: readonly string[], decide: (id: string) => Promise<ItemRecord | Refusal>): Promise<ArrivalOutcome> {
  const outcome: ArrivalOutcome = { done: [], refused: [] };
  // One at a time: a call holds at most one mail's or batch's files, and each is its own transaction.
  for (const id of new Set(ids)) {
    const result = await decide(id);
    if (typeof result === 'string') outcome.refused.push({ id, reason: result });
    else outcome.done.push(toDriveItem(result));
  }
  return outcome;
}

export const acceptArrivals: Operation<'com_drive/arrival_accept_btn'> = async (context) => {
  const viewer = viewerOf(context.caller);
  const { settings } = await getCommonSettings(context.caller.kykId);
  return decideEach(context.input.ids, (id) => acceptOne(context, viewer, id, settings));
};

export const rejectArrivals: Operation<'com_drive/arrival_reject_btn'> = async (context) => {
  const viewer = viewerOf(context.caller);
  return decideEach(context.input.ids, (id) => rejectOne(context, viewer, id));
};
