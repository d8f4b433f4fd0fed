import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import CollectionPreferences from '@cloudscape-design/components/collection-preferences';
import Pagination, { type PaginationProps } from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import TextFilter, { type TextFilterProps } from '@cloudscape-design/components/text-filter';
import { ApiError } from '@/lib/api-client.ts';
import { isPageSize, pageSizes, pagesCount, type PageSize } from '@/lib/paging.ts';

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

/**
 * Filter and pagination of a table paged in the browser by Cloudscape's collection hooks: pass
 * `filterProps` / `paginationProps` of `useCollection` as they come.
 */
export function CollectionFilter({ filterProps, filteredItemsCount, placeholder }: { filterProps: TextFilterProps; filteredItemsCount: number | undefined; placeholder: string }) {
  const { t } = useTranslation();
  return (
    <TextFilter
      {...filterProps}
      filteringPlaceholder={placeholder}
      filteringAriaLabel={placeholder}
      filteringClearAriaLabel={t('collection.clearFilter')}
      countText={filterProps.filteringText ? t('collection.matches', { count: filteredItemsCount ?? 0 }) : undefined}
    />
  );
}

export function CollectionPagination(paginationProps: PaginationProps) {
  const { t } = useTranslation();
  return <Pagination {...paginationProps} ariaLabels={paginationAriaLabels(t)} />;
}

export function ListPreferences({ pageSize, onChange }: { pageSize: PageSize; onChange: (size: PageSize) => void }) {
  const { t } = useTranslation();
  return (
    <CollectionPreferences
      title={t('collection.preferences')}
      confirmLabel={t('collection.confirm')}
      cancelLabel={t('common.cancel')}
      preferences={{ pageSize }}
      pageSizePreference={{
        title: t('collection.pageSize'),
        options: pageSizes.map((size) => ({ value: size, label: t('collection.pageSizeOption', { size }) })),
      }}
      onConfirm={({ detail }) => {
        if (isPageSize(detail.pageSize)) onChange(detail.pageSize);
      }}
    />
  );
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

/** The text for a read that failed: the server's message, else the network notice. */
export const loadErrorText = (error: unknown, t: TFunction): string => (error instanceof ApiError && error.kind === 'api' ? error.message : t('notice.networkError'));

/**
 * In a table's empty slot when its list could not be loaded: says so (never "nothing here yet"),
 * with the reason and Retry. Test ids `list-error` and `list-error-retry`.
 */
export function ListErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }} data-testid="list-error">
      <SpaceBetween size="m">
        <div>
          <StatusIndicator type="error">
            <Box variant="strong" color="inherit">
              {t('collection.loadFailed')}
            </Box>
          </StatusIndicator>
          <Box variant="p" color="inherit">
            {loadErrorText(error, t)}
          </Box>
        </div>
        <Button onClick={onRetry} nativeButtonAttributes={{ 'data-testid': 'list-error-retry' }}>
          {t('collection.retry')}
        </Button>
      </SpaceBetween>
    </Box>
  );
}
