import { randomUUID } from 'node:crypto';
import type { ArrivalInfo } from '#shared/schemas/arrival-info.ts';
import { config } from '#lib/config.ts';
import { epochSeconds, nowIso } from '#lib/data/table.ts';
import { TransactionFailed } from '#lib/data/transact.ts';
import { DomainError } from '#lib/errors.ts';
import { objectKey } from '#lib/object-storage.ts';
import { getContract } from '#data/contracts.ts';
import { nameKey, type ItemRecord } from '#data/drive-items.ts';
import { NameClaimChangedError, QuotaExceededError, registerUpload, TooManyPendingError, type UploadLimits } from '#data/pending-uploads.ts';
import { viewerFor, type DriveViewer } from './folder-access.ts';
import { freeNumber, numberedName, NUMBERED_NAME_ATTEMPTS } from './numbered-names.ts';
import { writableFolder, type WritableFolder } from './reach.ts';

/**
 * Files that arrive without a sign-in (docs/drive.md "Receiving documents"): a file-request link's
 * uploads and an intake address's attachments. Each is registered as an upload of the link's or
 * address's creator, as they reach the folder now, so a creator who was suspended or lost the right
 * to add there receives nothing more. It is "received": a general file (deletable, whatever style
 * its source names) until a member who may update the folder accepts it (arrival-decisions.ts).
 * The bytes then go the way of every upload: the storage event confirms them, the malware scan,
 * the scanner checks and the field extraction follow.
 */

/** Why an arrival could not be registered. */
export type ArrivalRefusal = 'folder_gone' | 'quota' | 'busy';

export class ArrivalRefused extends Error {
  constructor(readonly reason: ArrivalRefusal) {
    super(`arrival refused: ${reason}`);
  }
}

export interface ArrivalPlace {
  kykId: string;
  folderId: string;
  /** The link's or address's creator: the file is registered in their name. */
  creatorId: string;
}

export interface ArrivingFile {
  name: string;
  size: number;
  contentType: string;
}

export interface ReachedPlace {
  viewer: DriveViewer;
  folder: WritableFolder;
}

/** The folder as the creator reaches it now: undefined when it is gone, in the trash, closed to them or read-only for them. */
export async function arrivalFolder(place: ArrivalPlace): Promise<ReachedPlace | undefined> {
  const viewer = await viewerFor(place.kykId, place.creatorId);
  if (viewer.rights.drive < 2 && !viewer.rights.admin) return undefined;
  try {
    const folder = await writableFolder(viewer, place.folderId);
    return folder ? { viewer, folder } : undefined;
  } catch (error) {
    // Read-only for the creator now: as good as gone for what arrives.
    if (error instanceof DomainError) return undefined;
    throw error;
  }
}

/**
 * Registers one arriving file as a pending, received upload in the folder: its name, numbered
 * "name (n).ext" when the folder holds one (as Box and Google Drive name a second upload), the
 * quota and the pending caps as any registration (pending-uploads.ts). Answers the entry with its
 * object key, for a presigned PUT (a link) or the function's own write (mail). `reached`: the place
 * as the caller has just reached it with arrivalFolder (one mail's attachments, a link's checks), so
 * it is not read again per file; the registration's transaction still checks the folder is there.
 */
export async function registerArrival(place: ArrivalPlace, file: ArrivingFile, arrival: ArrivalInfo, reached?: ReachedPlace): Promise<ItemRecord & { s3_key: string }> {
  if (!(reached ?? (await arrivalFolder(place)))) throw new ArrivalRefused('folder_gone');
  const contract = await getContract(place.kykId);
  const limits: UploadLimits = { quota: contract?.quota_bytes, perUser: config.uploadPendingPerUser, perContract: config.uploadPendingPerContract };
  if (limits.quota !== undefined && (contract?.committed_bytes ?? contract?.usage_bytes ?? 0) + file.size > limits.quota) throw new ArrivalRefused('quota');

  const now = nowIso();
  const id = randomUUID();
  const base: ItemRecord & { expires_at: number; s3_key: string } = {
    kyk_id: place.kykId,
    id,
    parent_id: place.folderId,
    type: 'file',
    name: file.name,
    name_key: nameKey(file.name),
    size: null,
    declared_size: file.size,
    version: 0,
    status: 'pending',
    content_type: file.contentType,
    s3_key: objectKey(place.kykId, id, 1),
    row_version: 1,
    regist_date: now,
    regist_user_id: place.creatorId,
    update_date: now,
    update_user_id: place.creatorId,
    expires_at: epochSeconds() + config.uploadPendingHours * 3600,
    reserved: true,
    // General until accepted: what a stranger sends can always be deleted.
    document_style: 'general',
    received: arrival,
  };
  let record = base;
  for (let attempt = 0; ; attempt++) {
    try {
      await registerUpload({ record, limits });
      return record;
    } catch (error) {
      if (error instanceof TransactionFailed && error.failed('parentIsFolder')) throw new ArrivalRefused('folder_gone');
      if (error instanceof QuotaExceededError) throw new ArrivalRefused('quota');
      if (error instanceof TooManyPendingError) throw new ArrivalRefused('busy');
      if (!(error instanceof NameClaimChangedError) || attempt >= NUMBERED_NAME_ATTEMPTS) throw error;
    }
    // The name is taken (or the numbered one just found was): the smallest free "name (n).ext".
    const name = numberedName(file.name, await freeNumber(place.kykId, place.folderId, file.name));
    record = { ...base, name, name_key: nameKey(name) };
  }
}
