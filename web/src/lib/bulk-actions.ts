import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { ApiError, isAbortError } from './api-client.ts';
import { newNotificationId, notify } from './notifications.ts';

/** The text to show for a refused call: the server's message, else the network notice. */
export const apiFailureMessage = (error: unknown, t: TFunction): string => (error instanceof ApiError ? error.message : t('notice.networkError'));

export interface SequentialOutcome<T, R> {
  /** The items whose call succeeded, in order, with what each call returned. */
  done: { item: T; result: R }[];
  /** The items whose call was refused (aborted calls are neither done nor failed). */
  failures: { item: T; message: string }[];
}

/** Runs one call per item, one after another, collecting successes and refusals. */
export async function runSequentially<T, R>(items: readonly T[], call: (item: T) => Promise<R>, messageOf: (error: unknown) => string): Promise<SequentialOutcome<T, R>> {
  const outcome: SequentialOutcome<T, R> = { done: [], failures: [] };
  for (const item of items) {
    try {
      outcome.done.push({ item, result: await call(item) });
    } catch (error) {
      if (isAbortError(error)) continue;
      outcome.failures.push({ item, message: messageOf(error) });
    }
  }
  return outcome;
}

/** Reports a bulk action: one success flashbar (when anything succeeded), then one error flashbar per refusal. */
export function notifyBulkOutcome<T>(
  outcome: SequentialOutcome<T, unknown>,
  options: {
    successId: string;
    successHeader: (done: T[]) => ReactNode;
    successContent?: ReactNode;
    successDismissMs: number;
    failureId: string;
    failureHeader: (item: T) => ReactNode;
    dismissLabel: string;
  },
): void {
  const done = outcome.done.map(({ item }) => item);
  if (done.length > 0) {
    notify(
      {
        id: newNotificationId(options.successId),
        type: 'success',
        header: options.successHeader(done),
        ...(options.successContent !== undefined ? { content: options.successContent } : {}),
        dismissLabel: options.dismissLabel,
      },
      options.successDismissMs,
    );
  }
  for (const { item, message } of outcome.failures) {
    notify({
      id: newNotificationId(options.failureId),
      type: 'error',
      header: options.failureHeader(item),
      content: message,
      dismissLabel: options.dismissLabel,
    });
  }
}
