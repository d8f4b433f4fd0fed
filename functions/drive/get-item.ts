import { DomainError } from '#lib/errors.ts';
import type { Operation } from '#lib/api-handler.ts';
import { reachableItem } from '#domain/drive/reach.ts';
import { toDriveItem } from '#data/drive-items.ts';

export const getItemInfo: Operation<'com_drive/file_info'> = async ({ caller, input }) => {
  const item = await reachableItem(caller.kykId, input.id);
  if (!item) throw new DomainError('address', {}, {}, 'notice.itemNotFound');
  return { item: toDriveItem(item) };
};
