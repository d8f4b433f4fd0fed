import type { TFunction } from 'i18next';
import type { TableProps } from '@cloudscape-design/components/table';
import { formatDateTime, type DisplayLanguage } from '@/lib/format.ts';
import type { FavoriteEntry } from '../../api/list-favorites.ts';
import { placedColumns } from '../place-cells.tsx';

export const FAVORITES_HREF = '/favorites';
export const PAGE_SIZE_KEY = 'favorites.page_size';
export const PREFERENCES_KEY = 'favorites';

/** Column definitions of the favourites table (no sorting: the list reads newest favourite first). */
export function favoriteColumns(t: TFunction, language: DisplayLanguage, navigate: (href: string) => void): TableProps.ColumnDefinition<FavoriteEntry>[] {
  const shared = placedColumns<FavoriteEntry>(t, language, navigate, 'favorite-row');
  return [
    shared.name,
    shared.place,
    shared.size,
    shared.update_date,
    { id: 'favorite_date', header: t('places.columns.favoriteDate'), cell: (entry) => formatDateTime(entry.favorite_date, language) },
    shared.kind,
    shared.update_user_id,
  ];
}

/** Columns shown until the user chooses (they fit 1280 px with the side navigation open). */
export const DEFAULT_COLUMNS = ['name', 'place', 'size', 'update_date', 'favorite_date'];
