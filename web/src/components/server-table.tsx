import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { sameRequest, useClampToLastPage, usePageSelection, type PagedListState } from '@/lib/paging.ts';
import { collectionAriaLabels, ListEmptyState, ListPagination, listCounter, RefreshButton } from './collection.tsx';
import { ListErrorState } from './list-error.tsx';
import { displayProps, TablePreferences, useTableDisplay } from './table-preferences.tsx';

/**
 * The one server-paged table of the administration lists (users, user groups, legal entities,
 * import history): Cloudscape's "table view" with the page from `usePagedListState` and
 * `usePagedApi`, a header with the counter and a Refresh button, the page-size, column, wrap-lines
 * and sticky-column preferences (remembered per list), empty and no-match states, and an error
 * state when the list could not be loaded.
 */

/** What `usePagedApi` answers, for a paged route (`return_list` + `total_size`). */
export interface PagedQuery<T, Req> {
  data: { return_list: readonly T[]; total_size: number; total_exact?: 0 | 1 } | undefined;
  current: { return_list: readonly T[]; total_size: number; total_exact?: 0 | 1 } | undefined;
  answeredRequest: Req | undefined;
  error: unknown;
  isValidating: boolean;
  mutate: () => Promise<unknown>;
}

type PageRequest = { current_page?: number; page_size?: number; sort_item?: unknown; sort_flg?: unknown };

/** The part of a request that decides the total (not the page, size or sort). */
const scopeOf = (request: PageRequest | undefined) =>
  request && { ...request, current_page: undefined, page_size: undefined, sort_item: undefined, sort_flg: undefined };

/**
 * Rows of the page asked for (none while it loads), the total (kept from the last answer while
 * another page of the same filter loads), the selection (of the page shown), and a page past the
 * end (rows deleted elsewhere) moved to the last page.
 */
export function useServerRows<T, Req extends PageRequest>(
  query: PagedQuery<T, Req>,
  request: Req,
  list: Pick<PagedListState<string>, 'scope' | 'page' | 'pageSize' | 'setPage'>,
  idOf: (item: T) => string,
) {
  const { current, data, answeredRequest } = query;
  const answer = current ?? (sameRequest(scopeOf(answeredRequest), scopeOf(request)) ? data : undefined);
  const total = answer?.total_size;
  // A filter the server counts only so far (functions/lib/data/query.ts): the total is a lower bound.
  const exact = answer?.total_exact !== 0;
  const items = useMemo(() => current?.return_list ?? [], [current]);
  useClampToLastPage(current, list);
  const selection = usePageSelection(list, items, idOf);
  return { items, total, exact, loaded: current !== undefined, selection };
}

export type ServerRows<T> = ReturnType<typeof useServerRows<T, PageRequest>>;

export interface ServerTableProps<T, S extends string> {
  /** The table's data-testid. */
  testId: string;
  /** Column, wrap and sticky preferences are kept in localStorage under `<preferencesKey>.display`. */
  preferencesKey: string;
  list: PagedListState<S>;
  query: Pick<PagedQuery<T, unknown>, 'error' | 'isValidating' | 'mutate'>;
  rows: ServerRows<T>;
  trackBy: string;
  columns: TableProps.ColumnDefinition<T>[];
  /** Ids of the columns shown until the user chooses (fit 1280 px with the side navigation open). */
  defaultColumns: string[];
  /** The sort item of a column's sortingField (undefined: that column does not sort). */
  sortItemOf: (field: string | undefined) => S | undefined;
  title: string;
  description?: string;
  /** Header actions after Refresh (which the table adds, with `refreshTestId`). */
  actions?: ReactNode;
  refreshTestId: string;
  filter?: ReactNode;
  empty: { testId: string; filtered: boolean; title: string; description?: string; action?: ReactNode; onClearFilter: () => void };
  loadingText: string;
  tableLabel: string;
  nameOf: (item: T) => string;
}

export function ServerTable<T, S extends string>(props: ServerTableProps<T, S>) {
  const { t } = useTranslation();
  const { list, query, rows, columns } = props;
  const { display, save } = useTableDisplay(props.preferencesKey, columns, props.defaultColumns);
  const failed = !rows.loaded && query.error !== undefined;
  const sortingColumn = columns.find((column) => column.sortingField !== undefined && props.sortItemOf(column.sortingField) === list.sort.item);

  return (
    <Table<T>
      data-testid={props.testId}
      variant="full-page"
      stickyHeader
      items={rows.items as T[]}
      trackBy={props.trackBy as TableProps<T>['trackBy']}
      columnDefinitions={columns}
      {...displayProps(display)}
      loading={!rows.loaded && !failed}
      loadingText={props.loadingText}
      selectionType="multi"
      selectedItems={rows.selection.selected}
      onSelectionChange={({ detail }) => rows.selection.select(detail.selectedItems)}
      sortingColumn={sortingColumn}
      sortingDescending={list.sort.flg === 2}
      onSortingChange={({ detail }) => {
        const item = props.sortItemOf(detail.sortingColumn.sortingField);
        if (item) list.setSort({ item, flg: detail.isDescending ? 2 : 1 });
      }}
      ariaLabels={collectionAriaLabels(t, props.tableLabel, props.nameOf)}
      totalItemsCount={rows.total}
      header={
        <Header
          variant="awsui-h1-sticky"
          counter={listCounter(rows.total, rows.selection.selected.length, rows.exact)}
          description={props.description}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <RefreshButton testId={props.refreshTestId} loading={query.isValidating && rows.loaded} onRefresh={() => void query.mutate()} />
              {props.actions}
            </SpaceBetween>
          }
        >
          {props.title}
        </Header>
      }
      filter={props.filter}
      empty={
        failed ? (
          <ListErrorState error={query.error} onRetry={() => void query.mutate()} />
        ) : (
          <ListEmptyState
            testId={props.empty.testId}
            filtered={props.empty.filtered}
            title={props.empty.title}
            description={props.empty.description}
            action={props.empty.action}
            onClearFilter={props.empty.onClearFilter}
          />
        )
      }
      pagination={<ListPagination page={list.page} pageSize={list.pageSize} total={rows.total} openEnd={!rows.exact} onChange={list.setPage} />}
      preferences={<TablePreferences columns={columns} display={display} pageSize={list.pageSize} onPageSize={list.setPageSize} onDisplay={save} />}
    />
  );
}
