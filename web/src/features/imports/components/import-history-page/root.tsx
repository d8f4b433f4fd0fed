import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { DeleteModal } from '@/components/delete-modal.tsx';
import { usePageLayout } from '@/components/page-layout.tsx';
import { ServerTable, useServerRows } from '@/components/server-table.tsx';
import { ApiError, isAbortError } from '@/lib/api-client.ts';
import { newNotificationId, notify } from '@/lib/notifications.ts';
import { usePagedListState } from '@/lib/paging.ts';
import { deleteImportHistory } from '../../api/delete-import-history.ts';
import { refreshImportHistory, useImportHistory, type ImportHistory, type ImportHistoryRequest } from '../../api/list-import-history.ts';
import { anyRunning, kindRequest, type ImportKindFilter } from '../../utils/history.ts';
import { DEFAULT_COLUMNS, detailHref, historyColumns, LIST_HREF, PAGE_SIZE_KEY } from './table-config.tsx';

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
  const query = useImportHistory(request);
  const rows = useServerRows(query, request, list, (row) => row.request_id);
  const { selection } = rows;
  const selectedRows = selection.selected;
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | undefined>();

  const open = useCallback((id: string) => navigate(detailHref(id)), [navigate]);
  const columns = useMemo(() => historyColumns(t, language, open), [t, language, open]);

  usePageLayout(
    [
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

  const running = anyRunning(rows.items);

  return (
    <>
      <ServerTable<ImportHistory, 'start_datetime'>
        testId="import-history-table"
        preferencesKey="import_history"
        list={list}
        query={query}
        rows={rows}
        trackBy="request_id"
        columns={columns}
        defaultColumns={DEFAULT_COLUMNS}
        sortItemOf={(field) => (field === 'start_datetime' ? field : undefined)}
        title={t('imports.history.title')}
        description={t('imports.history.description')}
        refreshTestId="import-history-refresh-button"
        loadingText={t('imports.history.loading')}
        tableLabel={t('imports.history.tableLabel')}
        nameOf={(row) => row.name}
        actions={
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
        empty={{
          testId: 'import-history-empty',
          filtered: kind !== 'all',
          title: t('imports.history.emptyTitle'),
          description: t('imports.history.emptyDescription'),
          onClearFilter: () => setKind('all'),
        }}
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
