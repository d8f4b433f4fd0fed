import type { Operation } from '#lib/api-handler.ts';
import { currentReading } from '#data/read-fields.ts';
import { currentPreview } from '#data/drive-items.ts';
import { itemNotFound, reachableItem } from '#domain/drive/reach.ts';
import { viewerOf } from '#domain/drive/folder-access.ts';

/**
 * The fields read from a file's current bytes (docs/e-bookkeeping.md "Fields read from the
 * document"), for the details dialogs to offer: only to those the reach rule lets see the file, as
 * its details are. A reading of earlier bytes is not offered; while the current bytes' reading has
 * not arrived (the file is ready before its fields), `pending` says to ask again.
 */
export const getReadFieldsOf: Operation<'com_drive/read_fields'> = async ({ caller, input }) => {
  const item = await reachableItem(viewerOf(caller), input.id);
  if (item?.type !== 'file') throw itemNotFound();
  const reading = await currentReading(item);
  if (reading) return { reading, pending: false };
  // PDFs and images are read, as the preview judged the bytes; until the preview is made, they may be one.
  const preview = currentPreview(item);
  const readable = !preview || (preview.status === 'ready' && (preview.kind === 'pdf' || preview.kind === 'image'));
  return { reading: null, pending: item.status !== 'ready' || readable };
};
