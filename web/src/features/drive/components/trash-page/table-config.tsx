import type { TFunction } from 'i18next';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import { formatBytes, formatCalendarDate, formatDateTime, type DisplayLanguage } from '@/lib/format.ts';
import type { TrashEntry } from '../../api/list-trash.ts';
import { fileKind } from '../../utils/file-kind.ts';
import { locationText } from '../../utils/trash.ts';
import { FileTypeIcon } from '../file-type-icon.tsx';

export const TRASH_HREF = '/trash';
export const PAGE_SIZE_KEY = 'trash.page_size';
export const PREFERENCES_KEY = 'trash';

/** Column definitions of the trash table (no sorting: the trash reads newest deletion first). */
export function trashColumns(t: TFunction, language: DisplayLanguage): TableProps.ColumnDefinition<TrashEntry>[] {
  return [
    {
      id: 'name',
      header: t('trash.columns.name'),
      isRowHeader: true,
      // Widths below which a column scrolls instead of squeezing its header to a letter a line (phones).
      minWidth: 180,
      cell: (entry) => {
        const kind = fileKind(entry);
        return (
          <span
            className="drive-name"
            data-testid="trash-row"
            data-item-id={entry.id}
            data-item-name={entry.name}
            data-item-type={entry.type}
            data-original-place={entry.original_place}
          >
            <FileTypeIcon kind={kind} title={t(`drive.kinds.${kind}`)} />
            {/* A trashed folder cannot be opened (SPEC.md §2): the name is text, never a link. */}
            <span>{entry.name}</span>
          </span>
        );
      },
    },
    {
      id: 'original_location',
      header: t('trash.columns.location'),
      minWidth: 140,
      cell: (entry) => (
        <span className="trash-location" data-testid="trash-location">
          <span>{locationText(entry, t('location.root'))}</span>
          {entry.original_place === 'trashed' && (
            <StatusIndicator type="warning" data-testid="trash-place-trashed">
              {t('trash.place.trashed')}
            </StatusIndicator>
          )}
          {entry.original_place === 'missing' && (
            <StatusIndicator type="error" data-testid="trash-place-missing">
              {t('trash.place.missing')}
            </StatusIndicator>
          )}
        </span>
      ),
    },
    {
      // A document under retention cannot be deleted forever before this day (docs/drive.md "Trash").
      id: 'retained_until',
      header: t('trash.columns.retainedUntil'),
      minWidth: 110,
      cell: (entry) =>
        entry.retained_until ? (
          <span data-testid="trash-retained-until" data-retained-until={entry.retained_until}>{formatCalendarDate(entry.retained_until, language)}</span>
        ) : (
          ''
        ),
    },
    {
      id: 'trashed_date',
      header: t('trash.columns.deletedAt'),
      minWidth: 140,
      cell: (entry) => formatDateTime(entry.trashed_date, language),
    },
    {
      id: 'trashed_user_id',
      header: t('trash.columns.deletedBy'),
      cell: (entry) => entry.trashed_user_id,
    },
    {
      id: 'size',
      header: t('trash.columns.size'),
      cell: (entry) => (entry.type === 'folder' || entry.size === null ? t('common.notAvailable') : formatBytes(entry.size)),
    },
    {
      id: 'kind',
      header: t('trash.columns.kind'),
      cell: (entry) => t(`drive.kinds.${fileKind(entry)}`),
    },
    {
      id: 'regist_user_id',
      header: t('trash.columns.createdBy'),
      cell: (entry) => entry.regist_user_id,
    },
  ];
}

/** Columns shown until the user chooses (they fit 1280 px with the side navigation open). */
export const DEFAULT_COLUMNS = ['name', 'original_location', 'retained_until', 'trashed_date', 'trashed_user_id', 'size'];
