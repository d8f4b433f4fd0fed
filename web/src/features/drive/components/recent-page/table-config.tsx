import type { TFunction } from 'i18next';
import type { TableProps } from '@cloudscape-design/components/table';
import { formatDateTime, type DisplayLanguage } from '@/lib/format.ts';
import type { RecentEntry } from '../../api/list-recent.ts';
import { placedColumns } from '../place-cells.tsx';

export const RECENT_HREF = '/recent';
export const PREFERENCES_KEY = 'recent';

/** Column definitions of the recent files table (newest use first, as the server answers). */
export function recentColumns(t: TFunction, language: DisplayLanguage, navigate: (href: string) => void): TableProps.ColumnDefinition<RecentEntry>[] {
  const shared = placedColumns<RecentEntry>(t, language, navigate, 'recent-row');
  return [
    shared.name,
    shared.place,
    { id: 'used_date', header: t('places.columns.usedDate'), cell: (entry) => formatDateTime(entry.used_date, language) },
    { id: 'action', header: t('places.columns.action'), cell: (entry) => t(`places.recent.actions.${entry.action}`) },
    shared.size,
    shared.update_date,
    shared.kind,
    shared.update_user_id,
  ];
}

/** Columns shown until the user chooses (they fit 1280 px with the side navigation open). */
export const DEFAULT_COLUMNS = ['name', 'place', 'used_date', 'action', 'size'];
