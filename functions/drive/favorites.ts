import { nowIso } from '#lib/data/table.ts';
import { DomainError } from '#lib/errors.ts';
import type { Operation } from '#lib/api-handler.ts';
import { reachableItem, reachableWithPaths } from '#domain/drive/reach.ts';
import { viewerOf } from '#domain/drive/folder-access.ts';
import { toDriveItem } from '#data/drive-items.ts';
import { addFavourite, countFavourites, FAVOURITES_MAX, isFavourite, listFavourites, removeFavourite } from '#data/favourites.ts';

/** Adds a reachable file or folder to the caller's favourites (again: it stays one, at the top). */
export const addFavoriteItem: Operation<'com_drive/favorite_add_btn'> = async ({ caller, input }) => {
  if (!(await reachableItem(viewerOf(caller), input.id))) throw new DomainError('address', {}, {}, 'notice.itemNotFound');
  const already = await isFavourite(caller.kykId, caller.userId, input.id);
  if (!already && (await countFavourites(caller.kykId, caller.userId)) >= FAVOURITES_MAX) {
    throw new DomainError('updateFailure', { max: FAVOURITES_MAX }, {}, 'notice.tooManyFavourites');
  }
  await addFavourite(caller.kykId, caller.userId, input.id, nowIso());
  return { favorite: true };
};

/** Removes an entry from the caller's favourites (also one that is gone or in the trash). */
export const removeFavoriteItem: Operation<'com_drive/favorite_del_btn'> = async ({ caller, input }) => {
  await removeFavourite(caller.kykId, caller.userId, input.id);
  return { favorite: false };
};

/**
 * One page of the caller's favourites, newest first, each with its place. An entry in the trash or
 * under a trashed folder is left out while it is there; one deleted for good is left out for good.
 */
export const listFavoriteItems: Operation<'com_drive/favorite_list'> = async ({ caller, input }) => {
  const page = await listFavourites(caller.kykId, caller.userId, { pageSize: input.page_size, cursor: input.cursor });
  if (!page) throw new DomainError('input', {}, { cursor: 'validation.invalidValue' });
  const reachable = await reachableWithPaths(viewerOf(caller), page.entries.map((entry) => entry.item_id));
  return {
    items: page.entries.flatMap((entry) => {
      const found = reachable.get(entry.item_id);
      return found ? [{ ...toDriveItem(found.item), path: found.path, favorite_date: entry.added }] : [];
    }),
    next_cursor: page.nextCursor,
  };
};
