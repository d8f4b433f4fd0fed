import { DomainError } from '#lib/errors.ts';
import type { Operation } from '#lib/api-handler.ts';
import { getItem, toDriveItem } from '#data/drive-items.ts';

export const getItemInfo: Operation<'com_drive/file_info'> = async ({ caller, input }) => {
  const item = await getItem(caller.kykId, input.id);
  if (!item) throw new DomainError('address', {}, {}, 'notice.itemNotFound');
  return { item: toDriveItem(item) };
};
