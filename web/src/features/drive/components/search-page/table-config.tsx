import type { TFunction } from 'i18next';
import type { TableProps } from '@cloudscape-design/components/table';
import { formatCalendarDate, formatYen, type DisplayLanguage } from '@/lib/format.ts';
import type { SearchHit } from '../../api/search-items.ts';
import { placedColumns } from '../place-cells.tsx';

export const PAGE_SIZE_KEY = 'search.page_size';
export const PREFERENCES_KEY = 'search';

/** Columns of the results: where each entry is, and the e-bookkeeping fields (取引年月日, 取引金額, 取引先). */
export function searchColumns(t: TFunction, language: DisplayLanguage, navigate: (href: string) => void): TableProps.ColumnDefinition<SearchHit>[] {
  const shared = placedColumns<SearchHit>(t, language, navigate, 'search-row');
  const none = t('common.notAvailable');
  // Widths below which a column scrolls instead of squeezing its header to a letter a line (phones).
  return [
    { ...shared.name, minWidth: 180 },
    { ...shared.place, minWidth: 140 },
    { id: 'transaction_date', header: t('search.columns.transactionDate'), minWidth: 120, cell: (hit) => (hit.transaction_date ? formatCalendarDate(hit.transaction_date, language) : none) },
    { id: 'transaction_amount', header: t('search.columns.amount'), minWidth: 110, cell: (hit) => (hit.transaction_amount !== undefined ? formatYen(hit.transaction_amount, language) : none) },
    { id: 'partner', header: t('search.columns.partner'), minWidth: 120, cell: (hit) => hit.provider ?? hit.recipient ?? none },
    { id: 'document_style', header: t('search.columns.documentStyle'), minWidth: 120, cell: (hit) => (hit.document_style ? t(`versions.documentStyles.${hit.document_style}`) : none) },
    shared.size,
    shared.update_date,
    shared.kind,
    shared.update_user_id,
  ];
}

/** Columns shown until the user chooses. */
export const DEFAULT_COLUMNS = ['name', 'place', 'transaction_date', 'transaction_amount', 'partner', 'document_style', 'update_date'];
