import type { TFunction } from 'i18next';
import type { DriveItem } from '../../api/get-file-info.ts';
import { flashBulkOutcome } from '../../utils/bulk-flash.tsx';
import { bulkOutcome } from '../../utils/bulk-outcome.ts';

type BulkAnswer = { done: string[]; failed: { id: string; code: number; message: string }[] };

/**
 * The flash of a move or trash of the drive page (utils/bulk-flash.tsx). A call refused as a whole
 * never gets here: it answers with an error of its own.
 */
export function reportBulk(
  items: DriveItem[],
  result: BulkAnswer,
  t: TFunction,
  texts: { one: (name: string) => string; many: (count: number) => string; failed: (count: number) => string },
) {
  const outcome = bulkOutcome(items, result);
  const done = outcome.done.length === 1 ? texts.one(outcome.done[0]!.name) : outcome.done.length > 1 ? texts.many(outcome.done.length) : undefined;
  flashBulkOutcome(outcome, { done, failed: texts.failed(outcome.failed.length) }, { idPrefix: 'bulk', testId: 'bulk-failures', closeLabel: t('common.close') });
}
