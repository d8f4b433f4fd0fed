import { DomainError } from '#lib/errors.ts';
import type { Operation } from '#lib/api-handler.ts';
import { noteRecent } from '#domain/drive/recent.ts';
import { reachableItem } from '#domain/drive/reach.ts';
import { viewerOf } from '#domain/drive/folder-access.ts';
import { presignDownload } from '#lib/object-storage.ts';
import { recordAccess } from '#domain/drive/access-log.ts';
import { refuseIfThreat } from '#domain/drive/malware.ts';

/** A short-lived presigned GET whose Content-Disposition carries the UTF-8 file name. */
export const downloadFile: Operation<'com_drive/download'> = async ({ caller, input, log }) => {
  const item = await reachableItem(viewerOf(caller), input.id);
  if (item?.type !== 'file' || item.status !== 'ready' || !item.s3_key || item.size === null) {
    throw new DomainError('address', {}, {}, 'notice.downloadFileMissing');
  }
  refuseIfThreat(item);
  const { url, expiresAt } = await presignDownload(item.s3_key, item.name, item.content_type ?? 'application/octet-stream');
  await noteRecent(item, caller.userId, 'download', log);
  await recordAccess({ caller, log }, 'download', item);
  return { url, file_name: item.name, size: item.size, expires_at: expiresAt };
};
