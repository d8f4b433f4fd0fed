import type { TFunction } from 'i18next';
import type { TableProps } from '@cloudscape-design/components/table';
import { formatBytes, formatDateTime, type DisplayLanguage } from '@/lib/format.ts';
import type { RecentEntry } from '../../api/list-recent.ts';
import { fileKind } from '../../utils/file-kind.ts';
import { PlacedLocation, PlacedName } from '../place-cells.tsx';

export const RECENT_HREF = '/recent';
export const PREFERENCES_KEY = 'recent';

/** Column definitions of the recent files table (newest use first, as the server answers). */
export function recentColumns(t: TFunction, language: DisplayLanguage, navigate: (href: string) => void): TableProps.ColumnDefinition<RecentEntry>[] {
  return [
    {
      id: 'name',
      header: t('places.columns.name'),
      isRowHeader: true,
      cell: (entry) => <PlacedName entry={entry} t={t} testId="recent-row" navigate={navigate} />,
    },
    {
      id: 'place',
      header: t('places.columns.place'),
      cell: (entry) => <PlacedLocation entry={entry} t={t} navigate={navigate} />,
    },
    {
      id: 'used_date',
      header: t('places.columns.usedDate'),
      cell: (entry) => formatDateTime(entry.used_date, language),
    },
    {
      id: 'action',
      header: t('places.columns.action'),
      cell: (entry) => t(`places.recent.actions.${entry.action}`),
    },
    {
      id: 'size',
      header: t('places.columns.size'),
      cell: (entry) => (entry.size === null ? t('common.notAvailable') : formatBytes(entry.size)),
    },
    {
      id: 'update_date',
      header: t('places.columns.updated'),
      cell: (entry) => formatDateTime(entry.update_date, language),
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
export const DEFAULT_COLUMNS = ['name', 'place', 'used_date', 'action', 'size'];
