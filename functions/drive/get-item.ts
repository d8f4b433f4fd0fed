import { DomainError } from '#lib/errors.ts';
import type { Operation } from '#lib/api-handler.ts';
import { reachableItem } from '#domain/drive/reach.ts';
import { toDriveItem } from '#data/drive-items.ts';
import { recordAccess } from '#domain/drive/access-log.ts';

export const getItemInfo: Operation<'com_drive/file_info'> = async ({ caller, input, log }) => {
  const item = await reachableItem(caller.kykId, input.id);
  if (!item) throw new DomainError('address', {}, {}, 'notice.itemNotFound');
  // A pending file is read by its upload's polling, not opened by anyone.
  if (item.status === 'ready') await recordAccess({ caller, log }, 'info', item);
  return { item: toDriveItem(item) };
};
