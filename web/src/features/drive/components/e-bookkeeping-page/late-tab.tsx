import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import Table from '@cloudscape-design/components/table';
import { CollectionPagination } from '@/components/collection.tsx';
import { ListErrorState } from '@/components/list-error.tsx';
import { useCursorPaging } from '@/lib/cursor-paging.ts';
import { formatCalendarDate, formatDateTime, type DisplayLanguage } from '@/lib/format.ts';
import { useLateScansPage, type LateScan } from '../../api/list-late-scans.ts';

const PAGE_SIZE = 50;

/** Scanner-storage files registered after their input deadline, newest registration first (the server's cursor pages them). */
export function LateTab() {
  const { t, i18n } = useTranslation();
  const language: DisplayLanguage = i18n.language === 'ja' ? 'ja' : 'en';
  const paging = useCursorPaging('late');
  const { current, error, isLoading, mutate } = useLateScansPage({ page_size: PAGE_SIZE, ...(paging.cursor ? { cursor: paging.cursor } : {}) });
  const items = current?.items ?? [];
  const day = (value: string | undefined) => (value ? formatCalendarDate(value, language) : '-');
  return (
    <Table<LateScan>
      data-testid="late-scans-table"
      variant="container"
      wrapLines
      items={items}
      trackBy="id"
      loading={isLoading && !current}
      loadingText={t('bookkeeping.page.late.loading')}
      ariaLabels={{ tableLabel: t('bookkeeping.page.late.tableLabel') }}
      header={
        <Header counter={current ? `(${paging.index * PAGE_SIZE + items.length}${current.next_cursor ? '+' : ''})` : undefined} description={t('bookkeeping.page.late.description')}>
          {t('bookkeeping.page.late.header')}
        </Header>
      }
      columnDefinitions={[
        { id: 'name', header: t('bookkeeping.page.late.columns.name'), cell: (item) => <span data-testid="late-name">{item.name}</span>, minWidth: 200 },
        { id: 'received', header: t('bookkeeping.page.late.columns.received'), cell: (item) => day(item.received_date) },
        { id: 'deadline', header: t('bookkeeping.page.late.columns.deadline'), cell: (item) => day(item.input_deadline) },
        { id: 'registered', header: t('bookkeeping.page.late.columns.registered'), cell: (item) => formatDateTime(item.regist_date, language) },
        { id: 'by', header: t('bookkeeping.page.late.columns.by'), cell: (item) => item.regist_user_id },
      ]}
      empty={
        error !== undefined && !current ? (
          <ListErrorState error={error} onRetry={() => void mutate()} />
        ) : (
          <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }} data-testid="late-empty">
            <Box variant="strong" color="inherit">
              {t('bookkeeping.page.late.empty')}
            </Box>
            <Box variant="p" color="inherit">
              {t('bookkeeping.page.late.emptyDescription')}
            </Box>
          </Box>
        )
      }
      pagination={paging.index > 0 || current?.next_cursor ? <CollectionPagination {...paging.paginationProps(current?.next_cursor)} /> : undefined}
    />
  );
}
