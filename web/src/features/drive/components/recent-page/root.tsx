import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Header from '@cloudscape-design/components/header';
import Table from '@cloudscape-design/components/table';
import { CollectionPagination, listCounter, RefreshButton } from '@/components/collection.tsx';
import { ListErrorState } from '@/components/list-error.tsx';
import { usePageLayout } from '@/components/page-layout.tsx';
import { displayProps, TablePreferences, useTableDisplay } from '@/components/table-preferences.tsx';
import { readPageSize, writePageSize, type PageSize } from '@/lib/paging.ts';
import { PlacedEmptyState } from '../place-cells.tsx';
import { useRecentFiles, type RecentEntry } from '../../api/list-recent.ts';
import { DEFAULT_COLUMNS, PREFERENCES_KEY, RECENT_HREF, recentColumns } from './table-config.tsx';

/** The whole list is at most 100 files (one read): paged in the browser by the page-size preference (SPEC.md §9). */
const PAGE_SIZE_KEY = 'recent.page_size';

/**
 * The user's recent files (/recent): Cloudscape's table view of the files the user uploaded,
 * downloaded or renamed, newest first, each with its place. A name opens the file's folder with the
 * file selected, as on the favourites page.
 */
export default function RecentPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  const navigate = useNavigate();
  const { data, error, isValidating, mutate } = useRecentFiles();
  const [pageSize, setPageSize] = useState<PageSize>(() => readPageSize(PAGE_SIZE_KEY));
  const columns = useMemo(() => recentColumns(t, language, navigate), [t, language, navigate]);
  const { display, save: saveDisplay } = useTableDisplay(PREFERENCES_KEY, columns, DEFAULT_COLUMNS);
  const { items, paginationProps, collectionProps } = useCollection(data?.items ?? [], { pagination: { pageSize } });

  usePageLayout(
    [
      { text: t('pages.storage'), href: '/storage' },
      { text: t('pages.recent'), href: RECENT_HREF },
    ],
    'table',
  );

  return (
    <Table<RecentEntry>
      {...collectionProps}
      data-testid="recent-table"
      variant="full-page"
      stickyHeader
      items={items}
      trackBy="id"
      columnDefinitions={columns}
      {...displayProps(display)}
      loading={!data && error === undefined}
      loadingText={t('places.recent.loading')}
      ariaLabels={{ tableLabel: t('places.recent.tableLabel') }}
      renderAriaLive={({ firstIndex, lastIndex }) => `${firstIndex}–${lastIndex}`}
      header={
        <Header
          variant="awsui-h1-sticky"
          counter={data ? listCounter(data.items.length, 0) : undefined}
          description={t('places.recent.description')}
          actions={<RefreshButton testId="recent-refresh-button" loading={isValidating && data !== undefined} onRefresh={() => void mutate()} />}
        >
          {t('places.recent.title')}
        </Header>
      }
      empty={
        error !== undefined && !data ? (
          <ListErrorState error={error} onRetry={() => void mutate()} />
        ) : (
          <PlacedEmptyState
            testId="recent-empty"
            title={t('places.recent.empty.title')}
            description={t('places.recent.empty.description')}
            goToDrive={t('places.recent.empty.goToDrive')}
            navigate={navigate}
          />
        )
      }
      pagination={<CollectionPagination {...paginationProps} />}
      preferences={
        <TablePreferences
          columns={columns}
          display={display}
          pageSize={pageSize}
          onPageSize={(size) => {
            setPageSize(size);
            writePageSize(PAGE_SIZE_KEY, size);
          }}
          onDisplay={saveDisplay}
        />
      }
    />
  );
}
