import { DomainError } from '#lib/errors.ts';
import type { Operation } from '#lib/api-handler.ts';
import { nameHoldersIn, writableFolder } from '#domain/drive/reach.ts';
import { viewerOf } from '#domain/drive/folder-access.ts';
import { batchGet } from '#lib/data/batch.ts';
import { isAbandoned, isTrashed, nameClaimKey, nameKey, toDriveItem } from '#data/drive-items.ts';
import { refusedChoices } from './name-conflicts.ts';

/**
 * Which of the names the user is about to upload are held by files in the folder, before sending
 * anything: one batch read of the name claims, one of the entries they name (never a scan), so
 * the SPA can ask per file what to do. Each answer says which choices that file refuses.
 */
export const checkDuplicates: Operation<'com_drive/file_duplicate_check'> = async ({ caller, input }) => {
  const folder = await writableFolder(viewerOf(caller), input.folder_id);
  if (!folder) throw new DomainError('address', {}, {}, 'notice.itemNotFound');
  const asked = new Map(input.names.map((name) => [nameKey(name), name]));
  const claims = await batchGet<{ sk: string; item_id: string }>(
    [...asked.keys()].map((key) => nameClaimKey(caller.kykId, input.folder_id, 'file', key)),
    { consistent: true },
  );
  const items = await nameHoldersIn(viewerOf(caller), folder, claims.map((claim) => claim.item_id));
  const existing = items
    .filter((item) => item.type === 'file' && item.parent_id === input.folder_id && !isTrashed(item) && !isAbandoned(item))
    .map((item) => ({ name: asked.get(item.name_key) ?? item.name, item: toDriveItem(item), refused_choices: refusedChoices(item) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { existing };
};
