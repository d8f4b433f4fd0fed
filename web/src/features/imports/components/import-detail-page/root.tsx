import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import { ListPagination, ListPreferences, listCounter, RefreshButton } from '@/components/collection.tsx';
import { importResultHref, IMPORT_HISTORY_HREF } from '@/components/import-export.tsx';
import { usePageLayout } from '@/components/page-layout.tsx';
import { downloadPresigned } from '@/components/presigned-download.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { useClampToLastPage, usePagedListState } from '@/lib/paging.ts';
import { getImportFileUrl } from '../../api/download-import-file.ts';
import { useImportDetail, type ImportDetailRequest, type ImportResultRow } from '../../api/get-import-detail.ts';
import { knownAction } from '../../utils/history.ts';
import { ImportStatusBadge, RowResultBadge } from '../status.tsx';

const PAGE_SIZE_KEY = 'import_detail.page_size';

/** Which rows the table shows: all, the problems, or the users created without a password (user imports). */
type RowFilter = 'all' | 'problems' | 'noPassword';

/** /import-history/:id: one import job's summary, its source file and the result of every row. */
export default function ImportDetailPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  const requestId = useParams().id ?? '';
  const [filter, setFilter] = useState<RowFilter>('all');
  const list = usePagedListState<'row_no'>(PAGE_SIZE_KEY, { item: 'row_no', flg: 1 }, `${requestId}|${filter}`);
  const request: ImportDetailRequest = {
    request_id: requestId,
    only_problems: filter === 'problems' ? 1 : 0,
    only_no_password: filter === 'noPassword' ? 1 : 0,
    sort_item: 'row_no',
    sort_flg: list.sort.flg,
    page_size: list.pageSize,
    current_page: list.page,
  };
  const { data, current, answeredRequest: answered, mutate, isValidating } = useImportDetail(request);
  const history = data && answered?.request_id === requestId ? data.history : undefined;
  const sameScope = answered?.request_id === requestId && answered.only_problems === request.only_problems && answered.only_no_password === request.only_no_password;
  const total = current?.total_size ?? (sameScope ? data?.total_size : undefined);
  const rows = useMemo(() => current?.return_list ?? [], [current]);

  useClampToLastPage(current, list);

  usePageLayout(
    [
      { text: t('imports.history.title'), href: IMPORT_HISTORY_HREF },
      { text: history?.name ?? t('imports.detail.title'), href: importResultHref(requestId) },
    ],
    'default',
  );

  const columns: TableProps.ColumnDefinition<ImportResultRow>[] = [
    {
      id: 'row_no',
      header: t('imports.detail.columns.row'),
      sortingField: 'row_no',
      isRowHeader: true,
      cell: (row) => (
        <span data-testid="import-result-row" data-row-no={row.row_no} data-result={row.result} data-key={row.key}>
          {row.row_no}
        </span>
      ),
    },
    { id: 'key', header: t('imports.detail.columns.key'), cell: (row) => row.key || t('common.notAvailable') },
    { id: 'result', header: t('imports.detail.columns.result'), cell: (row) => <RowResultBadge result={row.result} /> },
    {
      id: 'action',
      header: t('imports.detail.columns.action'),
      cell: (row) => {
        const action = knownAction(row.action);
        return <span className="import-result-word">{action ? t(`imports.detail.actions.${action}`) : (row.action ?? t('common.notAvailable'))}</span>;
      },
    },
    ...(history?.kind === 'user'
      ? [{
        id: 'password',
        header: t('imports.detail.columns.password'),
        cell: (row: ImportResultRow) => (row.password ? (
          <span className="import-result-word" data-testid="import-result-password" data-password={row.password}>
            <StatusIndicator type={row.password === 'invited' ? 'success' : 'warning'}>{t(`imports.detail.passwords.${row.password}`)}</StatusIndicator>
          </span>
        ) : t('common.notAvailable')),
      }]
      : []),
    {
      id: 'messages',
      header: t('imports.detail.columns.messages'),
      cell: (row) =>
        row.messages.length === 0 ? (
          t('common.notAvailable')
        ) : (
          <SpaceBetween size="xxxs">
            {row.messages.map((message, index) => (
              <Box key={index} variant="span" data-testid="import-result-message">
                {message}
              </Box>
            ))}
          </SpaceBetween>
        ),
    },
  ];

  const dateTime = (value: string | null | undefined) => (value ? formatDateTime(value, language, { seconds: true }) : t('common.notAvailable'));

  return (
    <SpaceBetween size="l">
      <Header
        variant="h1"
        description={history ? t(`imports.kinds.${history.kind}`) : undefined}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <RefreshButton testId="import-detail-refresh-button" loading={isValidating && !!current} onRefresh={() => void mutate()} />
            <Button
              iconName="download"
              disabled={!history}
              onClick={() => void downloadPresigned((signal) => getImportFileUrl(requestId, { signal }), 'imports.download.source')}
              nativeButtonAttributes={{ 'data-testid': 'import-file-download' }}
            >
              {t('imports.detail.downloadFile')}
            </Button>
          </SpaceBetween>
        }
      >
        {history?.name ?? t('imports.detail.title')}
      </Header>
      {history?.status === 'running' && (
        <Alert type="info" data-testid="import-detail-running">
          {t('imports.detail.running')}
        </Alert>
      )}
      {history && history.no_password_count > 0 && filter !== 'noPassword' && (
        <Alert
          type="warning"
          data-testid="import-no-password-alert"
          header={t('imports.detail.noPasswordTitle', { count: history.no_password_count })}
          action={<Button onClick={() => setFilter('noPassword')} nativeButtonAttributes={{ 'data-testid': 'import-show-no-password' }}>{t('imports.detail.showNoPassword')}</Button>}
        >
          {t('imports.detail.noPasswordDescription')}
        </Alert>
      )}
      <Container header={<Header variant="h2">{t('imports.detail.summary')}</Header>}>
        {history ? (
          <div data-testid="import-detail" data-request-id={history.request_id} data-status={history.status} data-kind={history.kind}>
            <KeyValuePairs
              columns={4}
              items={[
                { label: t('imports.detail.file'), value: history.name },
                { label: t('imports.history.columns.kind'), value: t(`imports.kinds.${history.kind}`) },
                { label: t('imports.history.columns.status'), value: <ImportStatusBadge status={history.status} /> },
                { label: t('imports.history.columns.executor'), value: history.executor },
                { label: t('imports.history.columns.start'), value: dateTime(history.start_datetime) },
                { label: t('imports.history.columns.end'), value: dateTime(history.end_datetime) },
                { label: t('imports.history.columns.total'), value: <span data-testid="import-detail-total">{history.total_rows}</span> },
                ...(history.kind === 'user'
                  ? [
                    { label: t('imports.detail.invited'), value: <span data-testid="import-detail-invite" data-invite={history.invite}>{history.invite === 1 ? t('imports.detail.invitedYes') : t('imports.detail.invitedNo')}</span> },
                    { label: t('imports.detail.noPasswordCount'), value: <span data-testid="import-detail-no-password" data-count={history.no_password_count}>{history.no_password_count}</span> },
                  ]
                  : []),
                {
                  label: `${t('imports.history.columns.ok')} / ${t('imports.history.columns.warning')} / ${t('imports.history.columns.error')}`,
                  value: (
                    <span data-testid="import-detail-counts" data-ok={history.ok_rows} data-warning={history.warning_rows} data-error={history.error_rows}>
                      {history.ok_rows} / {history.warning_rows} / {history.error_rows}
                    </span>
                  ),
                },
              ]}
            />
          </div>
        ) : (
          <Box color="text-status-inactive" data-testid="import-detail-loading">
            {t('imports.detail.loading')}
          </Box>
        )}
      </Container>
      <Table<ImportResultRow>
        data-testid="import-result-table"
        variant="container"
        items={rows}
        trackBy="row_no"
        columnDefinitions={columns}
        loading={!current}
        loadingText={t('imports.detail.loading')}
        wrapLines
        sortingColumn={columns[0]}
        sortingDescending={list.sort.flg === 2}
        onSortingChange={({ detail }) => list.setSort({ item: 'row_no', flg: detail.isDescending ? 2 : 1 })}
        ariaLabels={{ tableLabel: t('imports.detail.rowsLabel') }}
        totalItemsCount={total}
        header={
          <Header variant="h2" counter={listCounter(total, 0)}>
            {t('imports.detail.rowsTitle')}
          </Header>
        }
        filter={
          <SegmentedControl
            data-testid="import-rows-filter"
            label={t('imports.detail.rowsFilter')}
            selectedId={filter}
            onChange={({ detail }) => setFilter(detail.selectedId as RowFilter)}
            options={[
              { id: 'all', text: t('imports.detail.filters.all') },
              { id: 'problems', text: t('imports.detail.filters.problems') },
              ...(history?.kind === 'user' ? [{ id: 'noPassword', text: t('imports.detail.filters.noPassword') }] : []),
            ]}
          />
        }
        empty={
          <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }} data-testid="import-result-empty">
            <Box variant="strong" color="inherit">
              {filter === 'problems' ? t('imports.detail.emptyProblems') : filter === 'noPassword' ? t('imports.detail.emptyNoPassword') : t('imports.detail.emptyTitle')}
            </Box>
          </Box>
        }
        pagination={<ListPagination page={list.page} pageSize={list.pageSize} total={total} onChange={list.setPage} />}
        preferences={<ListPreferences pageSize={list.pageSize} onChange={list.setPageSize} />}
      />
    </SpaceBetween>
  );
}
