import type { TFunction } from 'i18next';
import { Tx, type TextKey } from '@/components/translated.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { i18n } from '@/lib/i18n/index.ts';
import { addFavorite } from '../api/add-favorite.ts';
import { refreshFavorites } from '../api/list-favorites.ts';
import { removeFavorite } from '../api/remove-favorite.ts';
import { bulkOutcome } from '../utils/bulk-outcome.ts';
import { flashBulkOutcome } from '../utils/bulk-flash.tsx';
import { eachItem } from '../utils/each-item.ts';

const describeFailure = (failure: unknown) =>
  failure instanceof ApiError ? { code: failure.code, message: failure.message } : { code: -1, message: i18n.t('notice.networkError') };

/** Keys of the flash: one entry by name, several by count, refused ones counted (`_one` / `_other`). */
export interface FavoriteTexts {
  one: TextKey;
  many: TextKey;
  failed: string;
}

/**
 * Adds entries to (or removes them from) the caller's favourites, one call each, then reports in one
 * flash: a success that dismisses itself, or a warning / error naming each refused entry with the
 * server's reason (e.g. the 500 limit). Answers the ids done.
 */
export async function changeFavorites<T extends { id: string; name: string }>(entries: readonly T[], add: boolean, t: TFunction, texts?: FavoriteTexts): Promise<string[]> {
  const answer = await eachItem(entries, (entry) => (add ? addFavorite({ id: entry.id }, { silent: true }) : removeFavorite({ id: entry.id }, { silent: true })), describeFailure);
  void refreshFavorites();
  const said: FavoriteTexts = texts ?? {
    one: add ? 'places.drive.addedOne' : 'places.drive.removedOne',
    many: add ? 'places.drive.addedMany' : 'places.drive.removedMany',
    failed: 'places.drive.failed',
  };
  const outcome = bulkOutcome(entries, answer);
  // Rendered when shown (Tx): the flash follows a language switch.
  const doneText =
    outcome.done.length === 1 ? (
      <Tx k={said.one} values={{ name: outcome.done[0]!.name }} />
    ) : outcome.done.length > 1 ? (
      <Tx k={said.many} values={{ count: outcome.done.length }} />
    ) : undefined;
  flashBulkOutcome(outcome, { done: doneText, failed: <Tx k={said.failed as TextKey} values={{ count: outcome.failed.length }} /> }, {
    idPrefix: 'favorites', testId: 'favorites-failures', closeLabel: t('common.close'),
  });
  return answer.done;
}
