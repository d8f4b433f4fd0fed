import type { TFunction } from 'i18next';
import type { BulkResponse } from '@shared/schemas/drive.ts';
import type { DriveItem } from '../../api/get-file-info.ts';
import { BulkFailures, flashBulkOutcome } from '../../utils/bulk-flash.tsx';
import { bulkOutcome } from '../../utils/bulk-outcome.ts';
import { flashUndoable, type RowVersions } from './undo.tsx';


/**
 * The flash of a move or trash of the drive page (utils/bulk-flash.tsx). A call refused as a whole
 * never gets here: it answers with an error of its own. With `undo`, a success offers Undo for 10 s
 * (undo.tsx): the reverse call for the entries done.
 */
export function reportBulk(
  items: DriveItem[],
  result: BulkResponse,
  t: TFunction,
  texts: { one: (name: string) => string; many: (count: number) => string; failed: (count: number) => string },
  undo?: (done: DriveItem[], versions: RowVersions) => Promise<void>,
) {
  const outcome = bulkOutcome(items, result);
  const done = outcome.done.length === 1 ? texts.one(outcome.done[0]!.name) : outcome.done.length > 1 ? texts.many(outcome.done.length) : undefined;
  if (undo && done) {
    const reverse = () => undo(outcome.done, result.row_versions);
    const doneText = <span data-testid="undoable-done">{done}</span>;
    if (outcome.failed.length === 0) flashUndoable(doneText, reverse, t);
    // Partly refused: one warning naming the refused entries, whose Undo reverses what went through.
    else flashUndoable(texts.failed(outcome.failed.length), reverse, t, { content: <BulkFailures outcome={outcome} done={doneText} testId="bulk-failures" /> });
    return;
  }
  flashBulkOutcome(outcome, { done, failed: texts.failed(outcome.failed.length) }, { idPrefix: 'bulk', testId: 'bulk-failures', closeLabel: t('common.close') });
}
