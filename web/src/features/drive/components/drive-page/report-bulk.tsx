import type { TFunction } from 'i18next';
import { newNotificationId, notify, SUCCESS_DISMISS_MS } from '@/lib/notifications.ts';
import type { DriveItem } from '../../api/get-file-info.ts';
import { bulkOutcome } from '../../utils/bulk-outcome.ts';

type BulkAnswer = { done: string[]; failed: { id: string; code: number; message: string }[] };

/**
 * One flash for a bulk action: all done is a success that dismisses itself; anything refused stays
 * until dismissed and names each refused entry with the server's reason (a warning when some were
 * done). A call refused as a whole never gets here: it answers with an error of its own.
 */
export function reportBulk(
  items: DriveItem[],
  result: BulkAnswer,
  t: TFunction,
  texts: { one: (name: string) => string; many: (count: number) => string; failed: (count: number) => string },
) {
  const outcome = bulkOutcome(items, result);
  const doneText = outcome.done.length === 1 ? texts.one(outcome.done[0]!.name) : outcome.done.length > 1 ? texts.many(outcome.done.length) : undefined;
  if (outcome.failed.length === 0) {
    if (doneText) notify({ id: newNotificationId('bulk-done'), type: 'success', header: doneText, dismissLabel: t('common.close') }, SUCCESS_DISMISS_MS);
    return;
  }
  notify({
    id: newNotificationId('bulk-failed'),
    type: outcome.done.length > 0 ? 'warning' : 'error',
    header: texts.failed(outcome.failed.length),
    content: (
      <div data-testid="bulk-failures">
        {doneText && <div>{doneText}</div>}
        <ul>
          {outcome.failed.map(({ entry, message }) => (
            <li key={entry.id} data-item-name={entry.name}>
              <strong>{entry.name}</strong>: {message}
            </li>
          ))}
        </ul>
      </div>
    ),
    dismissLabel: t('common.close'),
  });
}
