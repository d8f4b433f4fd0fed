import { randomUUID } from 'node:crypto';
import { getContract } from '#data/contracts.ts';
import { epochSeconds, nowIso } from '#lib/data/table.ts';
import { DomainError } from '#lib/errors.ts';
import type { Operation } from '#lib/api-handler.ts';
import { getItem, insertItem, nameKey, NameTakenError, ParentMissingError, renewPendingUpload, ROOT_ID, setPendingUploadId, toDriveItem, type ItemRecord } from '#data/drive-items.ts';
import { MULTIPART_PART_BYTES, MULTIPART_THRESHOLD_BYTES } from '#shared/schemas/drive.ts';
import { objectKey, presignMultipartUpload, presignUpload } from '#lib/object-storage.ts';

/** A pending upload whose bytes never arrive disappears after a day. */
const PENDING_SECONDS = 24 * 3600;

/**
 * Registers a file and answers a presigned PUT (or, above the multipart threshold, presigned parts):
 * the browser uploads straight to S3 and the storage-events handler marks the entry ready. Registering the same name again while its upload
 * is still pending re-arms that upload (a retry); a name taken by a ready file answers -990000090007.
 */
export const registerFile: Operation<'com_drive/file_reg_btn'> = async ({ caller, input }) => {
  const [parent, contract] = await Promise.all([
    input.folder_id === ROOT_ID ? undefined : getItem(caller.kykId, input.folder_id),
    getContract(caller.kykId),
  ]);
  if (input.folder_id !== ROOT_ID && parent?.type !== 'folder') throw new DomainError('address', {}, {}, 'notice.itemNotFound');
  if (contract?.quota_bytes !== undefined && contract.usage_bytes + input.size > contract.quota_bytes) {
    throw new DomainError('serverCapacityExceeded');
  }

  const name = input.name;
  const contentType = input.content_type ?? 'application/octet-stream';
  const now = nowIso();
  const ttl = epochSeconds() + PENDING_SECONDS;
  const record: ItemRecord = {
    kyk_id: caller.kykId,
    id: randomUUID(),
    parent_id: input.folder_id,
    ancestors: parent ? [...parent.ancestors, parent.id] : [ROOT_ID],
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
    ttl,
  };
  record.s3_key = objectKey(caller.kykId, record.id, 1);

  let item = record;
  try {
    await insertItem(record);
  } catch (error) {
    if (error instanceof ParentMissingError) throw new DomainError('address', {}, {}, 'notice.itemNotFound');
    if (!(error instanceof NameTakenError)) throw error;
    const retried = error.existingId
      ? await renewPendingUpload(caller.kykId, error.existingId, {
          declared_size: input.size, content_type: contentType, ttl, update_date: now, update_user_id: caller.userId,
        })
      : undefined;
    if (!retried) throw new DomainError('folderNameDuplicate', {}, { name: 'code.folderNameDuplicate' });
    item = retried;
  }

  if (input.size > MULTIPART_THRESHOLD_BYTES) {
    const multipart = await presignMultipartUpload(item.s3_key!, input.size, contentType, MULTIPART_PART_BYTES);
    await setPendingUploadId(caller.kykId, item.id, multipart.uploadId);
    return {
      item: toDriveItem(item),
      upload: { method: 'MULTIPART' as const, upload_id: multipart.uploadId, part_size: MULTIPART_PART_BYTES, parts: multipart.parts, expires_at: multipart.expiresAt },
    };
  }
  const upload = await presignUpload(item.s3_key!, input.size, contentType);
  return {
    item: toDriveItem(item),
    upload: { method: 'PUT' as const, url: upload.url, headers: upload.headers, expires_at: upload.expiresAt },
  };
};
