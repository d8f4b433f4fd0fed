import type { TFunction } from 'i18next';
import Link from '@cloudscape-design/components/link';
import type { TableProps } from '@cloudscape-design/components/table';
import { importResultHref } from '@/components/import-export.tsx';
import { formatDateTime, type DisplayLanguage } from '@/lib/format.ts';
import type { ImportHistory } from '../../api/list-import-history.ts';
import { ImportStatusBadge } from '../status.tsx';

export const PAGE_SIZE_KEY = 'import_history.page_size';
/** Shown until the user chooses columns: fits 1280 px with the side navigation open. */
export const DEFAULT_COLUMNS = ['name', 'kind', 'status', 'start_datetime', 'executor', 'total_rows', 'error_rows'];
export { IMPORT_HISTORY_HREF as LIST_HREF, importResultHref as detailHref } from '@/components/import-export.tsx';

/**
 * Columns of the import history: newest first (the server sorts by start time only). The short
 * columns keep a minimum width so their headers and the status do not break inside a word (ja).
 */
export function historyColumns(t: TFunction, language: DisplayLanguage, open: (id: string) => void): TableProps.ColumnDefinition<ImportHistory>[] {
  return [
    {
      id: 'name',
      header: t('imports.history.columns.name'),
      isRowHeader: true,
      cell: (row) => (
        <span data-testid="import-history-row" data-request-id={row.request_id} data-status={row.status} data-kind={row.kind}>
          <Link
            href={importResultHref(row.request_id)}
            onFollow={(event) => {
              event.preventDefault();
              open(row.request_id);
            }}
          >
            {row.name}
          </Link>
        </span>
      ),
    },
    { id: 'kind', header: t('imports.history.columns.kind'), minWidth: 100, cell: (row) => t(`imports.kinds.${row.kind}`) },
    { id: 'status', header: t('imports.history.columns.status'), minWidth: 150, cell: (row) => <ImportStatusBadge status={row.status} /> },
    {
      id: 'start_datetime',
      header: t('imports.history.columns.start'),
      sortingField: 'start_datetime',
      minWidth: 130,
      cell: (row) => formatDateTime(row.start_datetime, language, { seconds: true }),
    },
    {
      id: 'end_datetime',
      header: t('imports.history.columns.end'),
      cell: (row) => (row.end_datetime ? formatDateTime(row.end_datetime, language, { seconds: true }) : t('common.notAvailable')),
    },
    { id: 'executor', header: t('imports.history.columns.executor'), cell: (row) => row.executor },
    { id: 'total_rows', header: t('imports.history.columns.total'), minWidth: 72, cell: (row) => row.total_rows },
    { id: 'ok_rows', header: t('imports.history.columns.ok'), minWidth: 72, cell: (row) => row.ok_rows },
    { id: 'warning_rows', header: t('imports.history.columns.warning'), minWidth: 96, cell: (row) => row.warning_rows },
    { id: 'error_rows', header: t('imports.history.columns.error'), minWidth: 96, cell: (row) => row.error_rows },
  ];
}
