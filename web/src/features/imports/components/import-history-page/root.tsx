import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { collectionAriaLabels, ListEmptyState, ListPagination, ListPreferences, listCounter, RefreshButton } from '@/components/collection.tsx';
import { DeleteModal } from '@/components/delete-modal.tsx';
import { usePageLayout } from '@/components/page-layout.tsx';
import { ApiError, isAbortError } from '@/lib/api-client.ts';
import { newNotificationId, notify } from '@/lib/notifications.ts';
import { sameRequest, useClampToLastPage, usePagedListState, usePageSelection } from '@/lib/paging.ts';
import { deleteImportHistory } from '../../api/delete-import-history.ts';
import { refreshImportHistory, useImportHistory, type ImportHistory, type ImportHistoryRequest } from '../../api/list-import-history.ts';
import { anyRunning, kindRequest, type ImportKindFilter } from '../../utils/history.ts';
import { detailHref, historyColumns, LIST_HREF, PAGE_SIZE_KEY } from './table-config.tsx';

const kindFilters: ImportKindFilter[] = ['all', 'user', 'corp'];

/** /import-history: CSV import jobs, newest first, refreshed every 3 s while one runs. */
export default function ImportHistoryPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  const navigate = useNavigate();

  const [kind, setKind] = useState<ImportKindFilter>('all');
  const list = usePagedListState<'start_datetime'>(PAGE_SIZE_KEY, { item: 'start_datetime', flg: 2 }, kind);
  const request: ImportHistoryRequest = {
    ...kindRequest(kind),
    sort_item: 'start_datetime',
    sort_flg: list.sort.flg,
    page_size: list.pageSize,
    current_page: list.page,
  };
  const { data, mutate, isValidating } = useImportHistory(request);
  const current = data && sameRequest(data.request, request) ? data.response : undefined;
  const sameScope = data && data.request.kind === request.kind;
  const total = current?.total_size ?? (sameScope ? data?.response.total_size : undefined);
  const rows = useMemo(() => current?.return_list ?? [], [current]);

  useClampToLastPage(current, list);

  const selection = usePageSelection(list, rows, (row) => row.request_id);
  const selectedRows = selection.selected;
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | undefined>();

  const open = useCallback((id: string) => navigate(detailHref(id)), [navigate]);
  const columns = useMemo(() => historyColumns(t, language, open), [t, language, open]);

  usePageLayout(
    [
      { text: t('nav.home'), href: '/' },
      { text: t('imports.history.title'), href: LIST_HREF },
    ],
    'table',
  );

  const deleteSelected = async () => {
    setDeleting(true);
    setDeleteError(undefined);
    try {
      await deleteImportHistory({ delete_list: selectedRows.map((row) => row.request_id) }, { silent: true });
      setDeleteOpen(false);
      selection.clear();
      notify(
        {
          id: newNotificationId('import-deleted'),
          type: 'success',
          header: t('imports.history.deleted', { count: selectedRows.length }),
          dismissLabel: t('common.close'),
        },
        5000,
      );
    } catch (error) {
      if (!isAbortError(error)) setDeleteError(error instanceof ApiError ? error.message : t('notice.networkError'));
    } finally {
      setDeleting(false);
      await refreshImportHistory();
    }
  };

  const running = anyRunning(rows);

  return (
    <>
      <Table<ImportHistory>
        data-testid="import-history-table"
        variant="full-page"
        stickyHeader
        items={rows}
        trackBy="request_id"
        columnDefinitions={columns}
        loading={!current}
        loadingText={t('imports.history.loading')}
        selectionType="multi"
        selectedItems={selectedRows}
        onSelectionChange={({ detail }) => selection.select(detail.selectedItems)}
        sortingColumn={columns.find((column) => column.sortingField === 'start_datetime')}
        sortingDescending={list.sort.flg === 2}
        onSortingChange={({ detail }) => list.setSort({ item: 'start_datetime', flg: detail.isDescending ? 2 : 1 })}
        ariaLabels={collectionAriaLabels(t, t('imports.history.tableLabel'), (row: ImportHistory) => row.name)}
        totalItemsCount={total}
        header={
          <Header
            variant="awsui-h1-sticky"
            counter={listCounter(total, selectedRows.length)}
            description={t('imports.history.description')}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <RefreshButton testId="import-history-refresh-button" loading={isValidating && !!current} onRefresh={() => void mutate()} />
                <Button
                  disabled={selectedRows.length === 0}
                  onClick={() => {
                    setDeleteError(undefined);
                    setDeleteOpen(true);
                  }}
                  nativeButtonAttributes={{ 'data-testid': 'import-history-delete-button' }}
                >
                  {t('imports.history.delete')}
                </Button>
              </SpaceBetween>
            }
          >
            {t('imports.history.title')}
          </Header>
        }
        filter={
          <SpaceBetween size="s">
            <SegmentedControl
              data-testid="import-history-kind"
              label={t('imports.history.kindFilter')}
              selectedId={`import-history-kind-${kind}`}
              options={kindFilters.map((value) => ({
                id: `import-history-kind-${value}`,
                text: value === 'all' ? t('imports.history.all') : t(`imports.kinds.${value}`),
              }))}
              onChange={({ detail }) => {
                const value = kindFilters.find((option) => `import-history-kind-${option}` === detail.selectedId);
                if (value) setKind(value);
              }}
            />
            {running && (
              <Alert type="info" data-testid="import-history-auto-refresh">
                {t('imports.history.autoRefresh')}
              </Alert>
            )}
          </SpaceBetween>
        }
        empty={
          <ListEmptyState
            testId="import-history-empty"
            filtered={kind !== 'all'}
            title={t('imports.history.emptyTitle')}
            description={t('imports.history.emptyDescription')}
            onClearFilter={() => setKind('all')}
          />
        }
        pagination={<ListPagination page={list.page} pageSize={list.pageSize} total={total} onChange={list.setPage} />}
        preferences={<ListPreferences pageSize={list.pageSize} onChange={list.setPageSize} />}
      />
      {deleteOpen && (
        <DeleteModal
          header={t('imports.history.deleteHeader')}
          consequences={t('imports.history.deleteConsequences')}
          error={deleteError}
          busy={deleting}
          onDelete={() => void deleteSelected()}
          onDismiss={() => setDeleteOpen(false)}
        >
          {selectedRows.length === 1
            ? t('imports.history.deleteConfirmOne', { name: selectedRows[0]!.name })
            : t('imports.history.deleteConfirmMany', { count: selectedRows.length })}
        </DeleteModal>
      )}
    </>
  );
}
