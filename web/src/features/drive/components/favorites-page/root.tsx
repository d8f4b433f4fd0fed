import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { CollectionPagination } from '@/components/collection.tsx';
import { useCursorPaging } from '@/lib/cursor-paging.ts';
import { collectionAriaLabels, listCounter, RefreshButton } from '@/components/collection.tsx';
import { ListErrorState } from '@/components/list-error.tsx';
import { usePageLayout } from '@/components/page-layout.tsx';
import { displayProps, TablePreferences, useTableDisplay } from '@/components/table-preferences.tsx';
import { readPageSize, usePageSelection, writePageSize, type PageSize } from '@/lib/paging.ts';
import { PlacedEmptyState } from '../place-cells.tsx';
import { useFavoritesPage, type FavoriteEntry, type ListFavoritesRequest } from '../../api/list-favorites.ts';
import { changeFavorites } from '../favorite-actions.tsx';
import { DEFAULT_COLUMNS, FAVORITES_HREF, favoriteColumns, PAGE_SIZE_KEY, PREFERENCES_KEY } from './table-config.tsx';

/**
 * The user's favourites (/favorites): Cloudscape's table view of the starred files and folders,
 * newest first, each with its place. A name opens the entry's place in the drive (a folder itself,
 * a file's folder with the file selected); "Remove from favourites" takes the selected ones off.
 */
export default function FavoritesPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  const navigate = useNavigate();

  const [pageSize, setPageSize] = useState<PageSize>(() => readPageSize(PAGE_SIZE_KEY));
  const scope = String(pageSize);
  const paging = useCursorPaging(scope);
  const cursor = paging.cursor;
  const request: ListFavoritesRequest = { page_size: pageSize, ...(cursor ? { cursor } : {}) };
  const { current, error, isValidating, mutate } = useFavoritesPage(request);
  const items = useMemo(() => current?.items ?? [], [current]);
  const selection = usePageSelection({ scope, page: paging.index }, items, (entry) => entry.id);
  const selected = selection.selected;
  const [removing, setRemoving] = useState(false);

  const columns = useMemo(() => favoriteColumns(t, language, navigate), [t, language, navigate]);
  const { display, save: saveDisplay } = useTableDisplay(PREFERENCES_KEY, columns, DEFAULT_COLUMNS);

  usePageLayout(
    [
      { text: t('pages.storage'), href: '/storage' },
      { text: t('pages.favorites'), href: FAVORITES_HREF },
    ],
    'table',
  );

  const hasMore = !!current?.next_cursor;
  const shown = paging.index * pageSize + items.length;
  const counter = current ? listCounter(shown, selected.length, !hasMore) : undefined;

  const removeSelected = async () => {
    const entries = selected;
    setRemoving(true);
    try {
      const done = await changeFavorites(entries, false, t, {
        one: 'places.favorites.removedOne',
        many: 'places.favorites.removedMany',
        failed: 'places.favorites.removeFailed',
      });
      if (done.length > 0) selection.clear();
      // A later page emptied by the removal: back to the first rather than an empty page.
      if (paging.index > 0 && done.length >= items.length) paging.reset();
    } finally {
      setRemoving(false);
    }
  };

  return (
    <Table<FavoriteEntry>
      data-testid="favorites-table"
      variant="full-page"
      stickyHeader
      items={items}
      trackBy="id"
      columnDefinitions={columns}
      {...displayProps(display)}
      loading={!current && error === undefined}
      loadingText={t('places.favorites.loading')}
      selectionType="multi"
      selectedItems={selected}
      onSelectionChange={({ detail }) => selection.select(detail.selectedItems)}
      ariaLabels={collectionAriaLabels<FavoriteEntry>(t, t('places.favorites.tableLabel'), (entry) => entry.name)}
      renderAriaLive={({ firstIndex, lastIndex }) => `${firstIndex}–${lastIndex}`}
      header={
        <Header
          variant="awsui-h1-sticky"
          counter={counter}
          description={t('places.favorites.description')}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <RefreshButton testId="favorites-refresh-button" loading={isValidating && current !== undefined} onRefresh={() => void mutate()} />
              <Button
                disabled={selected.length === 0}
                disabledReason={t('places.favorites.removeDisabled')}
                loading={removing}
                onClick={() => void removeSelected()}
                nativeButtonAttributes={{ 'data-testid': 'favorites-remove-button' }}
              >
                {t('places.favorites.remove')}
              </Button>
            </SpaceBetween>
          }
        >
          {t('places.favorites.title')}
        </Header>
      }
      empty={
        error !== undefined && !current ? (
          <ListErrorState error={error} onRetry={() => void mutate()} />
        ) : (
          <PlacedEmptyState
            testId="favorites-empty"
            title={t('places.favorites.empty.title')}
            description={t('places.favorites.empty.description')}
            goToDrive={t('places.favorites.empty.goToDrive')}
            navigate={navigate}
          />
        )
      }
      pagination={
        <CollectionPagination {...paging.paginationProps(current?.next_cursor)} />
      }
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
