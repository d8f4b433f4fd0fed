import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api-client.ts';
import { i18n } from '@/lib/i18n/index.ts';
import { newNotificationId, notify, SUCCESS_DISMISS_MS } from '@/lib/notifications.ts';
import { addFavorite } from '../api/add-favorite.ts';
import { refreshFavorites } from '../api/list-favorites.ts';
import { removeFavorite } from '../api/remove-favorite.ts';
import { bulkOutcome } from '../utils/bulk-outcome.ts';
import { eachItem } from '../utils/each-item.ts';

const describeFailure = (failure: unknown) =>
  failure instanceof ApiError ? { code: failure.code, message: failure.message } : { code: -1, message: i18n.t('notice.networkError') };

type Texts = { one: (name: string) => string; many: (count: number) => string; failed: (count: number) => string };

/**
 * Adds entries to (or removes them from) the caller's favourites, one call each, then reports in one
 * flash: a success that dismisses itself, or a warning / error naming each refused entry with the
 * server's reason (e.g. the 500 limit). Answers the ids done.
 */
export async function changeFavorites<T extends { id: string; name: string }>(entries: readonly T[], add: boolean, t: TFunction, texts?: Texts): Promise<string[]> {
  const answer = await eachItem(entries, (entry) => (add ? addFavorite({ id: entry.id }, { silent: true }) : removeFavorite({ id: entry.id }, { silent: true })), describeFailure);
  void refreshFavorites();
  const said: Texts = texts ?? {
    one: (name) => t(add ? 'places.drive.addedOne' : 'places.drive.removedOne', { name }),
    many: (count) => t(add ? 'places.drive.addedMany' : 'places.drive.removedMany', { count }),
    failed: (count) => t('places.drive.failed', { count }),
  };
  const outcome = bulkOutcome(entries, answer);
  const doneText = outcome.done.length === 1 ? said.one(outcome.done[0]!.name) : outcome.done.length > 1 ? said.many(outcome.done.length) : undefined;
  if (outcome.failed.length === 0) {
    if (doneText) notify({ id: newNotificationId('favorites-done'), type: 'success', header: doneText, dismissLabel: t('common.close') }, SUCCESS_DISMISS_MS);
    return answer.done;
  }
  notify({
    id: newNotificationId('favorites-failed'),
    type: outcome.done.length > 0 ? 'warning' : 'error',
    header: said.failed(outcome.failed.length),
    content: (
      <div data-testid="favorites-failures">
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
  return answer.done;
}
