import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Pagination, { type PaginationProps } from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import { pagesCount, type PageSize } from '@/lib/paging.ts';
import { TablePreferences } from './table-preferences.tsx';

/**
 * Parts every server-paged administration table shares (Cloudscape "table view"): pagination from
 * the answer's total_size, the page-size preference (50/100/1000, SPEC.md §9) and the empty states.
 */
export function ListPagination({
  page,
  pageSize,
  total,
  openEnd,
  disabled,
  onChange,
}: {
  page: number;
  pageSize: number;
  total: number | undefined;
  /** The total is a lower bound: more pages may follow the last one counted. */
  openEnd?: boolean;
  disabled?: boolean;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Pagination
      currentPageIndex={page}
      pagesCount={pagesCount(total ?? 0, pageSize)}
      openEnd={openEnd}
      disabled={disabled}
      onChange={({ detail }) => onChange(detail.currentPageIndex)}
      ariaLabels={paginationAriaLabels(t)}
    />
  );
}

const paginationAriaLabels = (t: TFunction): PaginationProps.Labels => ({
  nextPageLabel: t('collection.nextPage'),
  previousPageLabel: t('collection.previousPage'),
  pageLabel: (number) => t('collection.page', { page: number }),
  paginationLabel: t('collection.pagination'),
});

export function CollectionPagination(paginationProps: PaginationProps) {
  const { t } = useTranslation();
  return <Pagination {...paginationProps} ariaLabels={paginationAriaLabels(t)} />;
}

/** The page-size preference of a list (the dialog loads when first used: table-preferences.tsx). */
export function ListPreferences({ pageSize, onChange }: { pageSize: PageSize; onChange: (size: PageSize) => void }) {
  return <TablePreferences pageSize={pageSize} onPageSize={onChange} />;
}

/** Empty table: nothing yet (with the create action), or nothing matching the filter (with Clear filter). */
export function ListEmptyState({
  filtered,
  title,
  description,
  action,
  onClearFilter,
  testId,
}: {
  filtered: boolean;
  title: string;
  description?: string;
  action?: ReactNode;
  onClearFilter: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }} data-testid={testId}>
      <SpaceBetween size="m">
        <div>
          <Box variant="strong" color="inherit">
            {filtered ? t('collection.noMatches') : title}
          </Box>
          <Box variant="p" color="inherit">
            {filtered ? t('collection.noMatchesDescription') : description}
          </Box>
        </div>
        {filtered ? <Button onClick={onClearFilter}>{t('collection.clearFilter')}</Button> : action}
      </SpaceBetween>
    </Box>
  );
}

/** The header counter: "(12)" or, with a selection, "(2/12)". */
export function listCounter(total: number | undefined, selected: number, exact = true): string | undefined {
  if (total === undefined) return undefined;
  const shown = exact ? `${total}` : `${total}+`;
  return selected > 0 ? `(${selected}/${shown})` : `(${shown})`;
}

/** The table's accessible labels for a multi-selection table: its label and "select <name>" per row. */
export function collectionAriaLabels<T>(t: TFunction, tableLabel: string, nameOf: (item: T) => string): TableProps.AriaLabels<T> {
  return {
    tableLabel,
    selectionGroupLabel: t('collection.selectionGroup'),
    allItemsSelectionLabel: () => t('collection.selectAll'),
    itemSelectionLabel: (_, item) => t('collection.selectItem', { name: nameOf(item) }),
  };
}

/** The header's reload button (spinning while a reload of a shown list runs). */
export function RefreshButton({ testId, loading, onRefresh }: { testId: string; loading: boolean; onRefresh: () => void }) {
  const { t } = useTranslation();
  return <Button iconName="refresh" ariaLabel={t('collection.refresh')} loading={loading} onClick={onRefresh} nativeButtonAttributes={{ 'data-testid': testId }} />;
}
