import type { Operation } from '#lib/api-handler.ts';
import { emptyTrash } from '#domain/drive/purge.ts';
import { queueEmptyTrash } from '#data/drive-trash.ts';
import { withAccessLog } from '#domain/drive/access-log.ts';
import { INLINE_PURGE_MS } from './delete-forever.ts';

/**
 * Empties the contract's trash (administrators). Queued first, so a crash or a large trash only
 * hands the rest to the scheduled purge; `finished` says whether the trash is empty already.
 */
export const emptyDriveTrash: Operation<'com_drive/trash_empty_btn'> = async ({ caller, log }) => {
  await queueEmptyTrash(caller.kykId);
  return withAccessLog({ caller, log }, 'delete', async (accessed) => ({ finished: await emptyTrash(caller.kykId, Date.now() + INLINE_PURGE_MS, log, (item) => accessed.add(item)) }));
};
