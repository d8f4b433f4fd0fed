import { DomainError } from '#lib/errors.ts';
import type { Operation } from '#lib/api-handler.ts';
import { reachableItem } from '#domain/drive/reach.ts';
import { viewerOf } from '#domain/drive/folder-access.ts';
import { toDriveItem } from '#data/drive-items.ts';
import { recordAccess } from '#domain/drive/access-log.ts';

export const getItemInfo: Operation<'com_drive/file_info'> = async ({ caller, input, log }) => {
  const item = await reachableItem(viewerOf(caller), input.id);
  if (!item) throw new DomainError('address', {}, {}, 'notice.itemNotFound');
  // The upload's wait for its bytes is not an opening of the details.
  if (item.status === 'ready' && input.polling !== true) await recordAccess({ caller, log }, 'info', item);
  return { item: { ...toDriveItem(item), level: item.level } };
};
