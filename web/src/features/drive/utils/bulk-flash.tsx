import type { ReactNode } from 'react';
import { newNotificationId, notify, SUCCESS_DISMISS_MS } from '@/lib/notifications.ts';
import type { BulkOutcome } from './bulk-outcome.ts';

/**
 * One flash for a bulk action: all done is a success that dismisses itself; anything refused stays
 * until dismissed and names each refused entry with the server's reason (a warning when some were
 * done, an error when none was).
 */
export function flashBulkOutcome<T extends { id: string; name: string }>(
  outcome: BulkOutcome<T>,
  texts: { done: ReactNode | undefined; failed: ReactNode },
  options: { idPrefix: string; testId: string; closeLabel: string },
): void {
  if (outcome.failed.length === 0) {
    if (texts.done) notify({ id: newNotificationId(`${options.idPrefix}-done`), type: 'success', header: texts.done, dismissLabel: options.closeLabel }, SUCCESS_DISMISS_MS);
    return;
  }
  notify({
    id: newNotificationId(`${options.idPrefix}-failed`),
    type: outcome.done.length > 0 ? 'warning' : 'error',
    header: texts.failed,
    content: <BulkFailures outcome={outcome} done={texts.done} testId={options.testId} />,
    dismissLabel: options.closeLabel,
  });
}

/** The refused entries of a bulk action, each with the server's reason, under what was done. */
export function BulkFailures<T extends { id: string; name: string }>({ outcome, done, testId }: { outcome: BulkOutcome<T>; done: ReactNode | undefined; testId: string }) {
  return (
    <div data-testid={testId}>
      {done && <div>{done}</div>}
      <ul>
        {outcome.failed.map(({ entry, message }) => (
          <li key={entry.id} data-item-name={entry.name}>
            <strong>{entry.name}</strong>: {message}
          </li>
        ))}
      </ul>
    </div>
  );
}
