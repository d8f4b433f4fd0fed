import type { TFunction } from 'i18next';
import type { TableProps } from '@cloudscape-design/components/table';
import { formatBytes, formatDateTime, type DisplayLanguage } from '@/lib/format.ts';
import type { FavoriteEntry } from '../../api/list-favorites.ts';
import { fileKind } from '../../utils/file-kind.ts';
import { PlacedLocation, PlacedName } from '../place-cells.tsx';

export const FAVORITES_HREF = '/favorites';
export const PAGE_SIZE_KEY = 'favorites.page_size';
export const PREFERENCES_KEY = 'favorites';

/** Column definitions of the favourites table (no sorting: the list reads newest favourite first). */
export function favoriteColumns(t: TFunction, language: DisplayLanguage, navigate: (href: string) => void): TableProps.ColumnDefinition<FavoriteEntry>[] {
  return [
    {
      id: 'name',
      header: t('places.columns.name'),
      isRowHeader: true,
      cell: (entry) => <PlacedName entry={entry} t={t} testId="favorite-row" navigate={navigate} />,
    },
    {
      id: 'place',
      header: t('places.columns.place'),
      cell: (entry) => <PlacedLocation entry={entry} t={t} navigate={navigate} />,
    },
    {
      id: 'size',
      header: t('places.columns.size'),
      cell: (entry) => (entry.type === 'folder' || entry.size === null ? t('common.notAvailable') : formatBytes(entry.size)),
    },
    {
      id: 'update_date',
      header: t('places.columns.updated'),
      cell: (entry) => formatDateTime(entry.update_date, language),
    },
    {
      id: 'favorite_date',
      header: t('places.columns.favoriteDate'),
      cell: (entry) => formatDateTime(entry.favorite_date, language),
    },
    {
      id: 'kind',
      header: t('places.columns.kind'),
      cell: (entry) => t(`drive.kinds.${fileKind(entry)}`),
    },
    {
      id: 'update_user_id',
      header: t('places.columns.updatedBy'),
      cell: (entry) => entry.update_user_id,
    },
  ];
}

/** Columns shown until the user chooses (they fit 1280 px with the side navigation open). */
export const DEFAULT_COLUMNS = ['name', 'place', 'size', 'update_date', 'favorite_date'];
