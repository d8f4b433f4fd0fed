import { randomUUID } from 'node:crypto';
import { config } from '#lib/config.ts';
import { getContract } from '#data/contracts.ts';
import { epochSeconds, nowIso } from '#lib/data/table.ts';
import { TransactionFailed } from '#lib/data/transact.ts';
import { DomainError } from '#lib/errors.ts';
import type { Operation } from '#lib/api-handler.ts';
import { claimedId, isAbandoned, isTrashed, nameClaimKey, nameKey, setPendingUploadId, toDriveItem, type ItemRecord } from '#data/drive-items.ts';
import { NameClaimChangedError, QuotaExceededError, registerUpload, renewUpload, TooManyPendingError, readUsage, type UploadLimits } from '#data/pending-uploads.ts';
import { MULTIPART_PART_BYTES, MULTIPART_THRESHOLD_BYTES } from '#shared/drive-limits.ts';
import { nameHoldersIn, recordedSettings, writableFolder, itemNotFound } from '#domain/drive/reach.ts';
import { viewerOf } from '#domain/drive/folder-access.ts';
import { objectKey, presignMultipartUpload, presignUpload } from '#lib/object-storage.ts';
import { resolveNameConflict } from './name-conflicts.ts';
import { getCommonSettings } from '#data/common-settings.ts';
import { inputTiming, refuseFutureReceipt, retentionFor } from '#domain/drive/bookkeeping.ts';
import { checkPropertyValues } from '#domain/property-values.ts';
import { listPropertyItems } from '#data/property-items.ts';

const duplicate = () => new DomainError('folderNameDuplicate', {}, { name: 'code.folderNameDuplicate' });

/**
 * Registers a file and answers a presigned PUT (or, above the multipart threshold, presigned parts):
 * the browser uploads straight to S3 and the storage-events handler marks the entry ready. The
 * registration reserves the declared bytes against the quota and counts against the pending caps in
 * its own transaction (docs/architecture.md, "Files"). Registering the same name again while one's
 * own upload of it is still pending re-arms that upload (a retry); a name held by an abandoned upload
 * is taken over; a name a ready file holds follows the caller's `on_conflict` choice
 * (name-conflicts.ts); a name taken by anything else, or without a choice, answers -990000090007.
 */
export const registerFile: Operation<'com_drive/file_reg_btn'> = async ({ caller, input }) => {
  const [parent, contract, { settings }, definitions] = await Promise.all([
    writableFolder(viewerOf(caller), input.folder_id), getContract(caller.kykId), getCommonSettings(caller.kykId),
    input.properties === undefined ? [] : listPropertyItems(caller.kykId),
  ]);
  if (!parent) throw itemNotFound();
  // Detailed registration: the property values checked against the items in use (docs/property-items.md).
  const properties = input.properties === undefined ? undefined : checkPropertyValues(definitions, input.properties);
  const limits: UploadLimits = { quota: contract?.quota_bytes, perUser: config.uploadPendingPerUser, perContract: config.uploadPendingPerContract };
  if (limits.quota !== undefined && (contract?.committed_bytes ?? contract?.usage_bytes ?? 0) + input.size > limits.quota) throw new DomainError('serverCapacityExceeded');

  const name = input.name;
  const contentType = input.content_type ?? 'application/octet-stream';
  const now = nowIso();
  const expiresAt = epochSeconds() + config.uploadPendingHours * 3600;
  const record: ItemRecord & { expires_at: number } = {
    kyk_id: caller.kykId,
    id: randomUUID(),
    parent_id: input.folder_id,
    type: 'file',
    name,
    name_key: nameKey(name),
    size: null,
    declared_size: input.size,
    version: 0,
    status: 'pending',
    content_type: contentType,
    s3_key: null,
    row_version: 1,
    regist_date: now,
    regist_user_id: caller.userId,
    update_date: now,
    update_user_id: caller.userId,
    expires_at: expiresAt,
    reserved: true,
    // SPEC.md §3 file fields: the document style decides which name-conflict choices are refused.
    document_style: input.document_style ?? 'general',
    ...(input.transaction_date !== undefined ? { transaction_date: input.transaction_date } : {}),
    ...(input.transaction_amount !== undefined ? { transaction_amount: input.transaction_amount } : {}),
    ...(input.recipient !== undefined ? { recipient: input.recipient } : {}),
    ...(input.provider !== undefined ? { provider: input.provider } : {}),
    ...(input.invoice_number !== undefined ? { invoice_number: input.invoice_number } : {}),
    // Scanner storage: the grade decides the colour rule, the paper the pixels needed, the receipt the input deadline.
    ...(input.document_style === 'scanner'
      ? { scanner_grade: input.scanner_grade ?? 'important', paper_size: input.paper_size ?? 'A4', ...(input.received_date !== undefined ? { received_date: input.received_date } : {}) }
      : {}),
  };
  if (properties && Object.keys(properties.properties).length) {
    record.properties = properties.properties;
    if (properties.links.length) record.property_links = properties.links;
  }
  if (record.document_style === 'scanner') refuseFutureReceipt(record.received_date);
  const retention = retentionFor(record, settings);
  if (retention) record.retention_until = retention;
  Object.assign(record, inputTiming(record, settings));
  record.s3_key = objectKey(caller.kykId, record.id, 1);

  let item: ItemRecord = record;
  let trashedId: string | undefined;
  try {
    try {
      await registerUpload({ record, limits });
    } catch (error) {
      if (!(error instanceof NameClaimChangedError)) throw error;
      // The name is claimed: by one's own upload still under way (a retry), by an abandoned one, or taken.
      const holderId = await claimedId(nameClaimKey(caller.kykId, input.folder_id, 'file', record.name_key));
      const [holder] = holderId ? await nameHoldersIn(viewerOf(caller), parent, [holderId]) : [];
      if (holder?.status === 'pending' && !isAbandoned(holder) && holder.regist_user_id === caller.userId) {
        item = await renewUpload(holder, { declared_size: input.size, content_type: contentType, expires_at: expiresAt, update_date: now }, limits);
      } else if (holderId && (!holder || isAbandoned(holder))) {
        await registerUpload({ record, limits, takeOver: { claimedId: holderId, ...(holder ? { abandoned: holder } : {}) } });
      } else if (holder?.status === 'ready' && !isTrashed(holder) && input.on_conflict) {
        // The file is in the folder written to: it has the folder's level.
        const outcome = await resolveNameConflict({ caller, choice: input.on_conflict, existing: { ...holder, level: parent.level }, settings: recordedSettings(parent.chain), record, limits, ...(input.reason ? { reason: input.reason } : {}) });
        if ('response' in outcome) return outcome.response;
        item = outcome.item;
        trashedId = outcome.trashedId;
      } else {
        throw duplicate();
      }
    }
  } catch (error) {
    if (error instanceof TransactionFailed && error.failed('parentIsFolder')) throw itemNotFound();
    if (error instanceof NameClaimChangedError) throw duplicate();
    if (error instanceof TooManyPendingError) throw new DomainError('updateFailure', {}, {}, 'notice.tooManyPendingUploads');
    if (error instanceof QuotaExceededError) {
      // The contract's condition holds both the quota and the contract's cap: say which.
      const usage = await readUsage(caller.kykId);
      if (usage && usage.pending_uploads >= limits.perContract) throw new DomainError('updateFailure', {}, {}, 'notice.tooManyPendingUploads');
      throw new DomainError('serverCapacityExceeded');
    }
    throw error;
  }

  if (input.size > MULTIPART_THRESHOLD_BYTES) {
    const multipart = await presignMultipartUpload(item.s3_key!, input.size, contentType, MULTIPART_PART_BYTES);
    await setPendingUploadId(caller.kykId, item.id, multipart.uploadId);
    return {
      item: toDriveItem(item),
      upload: { method: 'MULTIPART' as const, upload_id: multipart.uploadId, part_size: MULTIPART_PART_BYTES, parts: multipart.parts, expires_at: multipart.expiresAt },
      ...(trashedId ? { trashed_id: trashedId } : {}),
    };
  }
  const upload = await presignUpload(item.s3_key!, input.size, contentType);
  return {
    item: toDriveItem(item),
    upload: { method: 'PUT' as const, url: upload.url, headers: upload.headers, expires_at: upload.expiresAt },
    ...(trashedId ? { trashed_id: trashedId } : {}),
  };
};
