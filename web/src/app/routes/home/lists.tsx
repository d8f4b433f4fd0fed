import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import Table from '@cloudscape-design/components/table';
import { ListErrorState } from '@/components/list-error.tsx';
import { formatDateTime, type DisplayLanguage } from '@/lib/format.ts';
import { PlacedLocation, PlacedName, type PlacedEntry } from '@/features/drive/components/place-cells.tsx';
import { useFavoritesPage } from '@/features/drive/api/list-favorites.ts';
import { useRecentFiles } from '@/features/drive/api/list-recent.ts';

/** Rows each list shows on the home page; its own page has the rest. */
export const HOME_LIST_ROWS = 5;

interface Row extends PlacedEntry {
  date: string;
}

/** A short list of placed entries (name opening its place, the place, a date) in a container, with a link to the full page. */
function PlacedList({ title, rows, loading, error, onRetry, empty, dateHeader, viewAll, href, testId }: {
  title: string;
  rows: Row[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  empty: string;
  dateHeader: string;
  viewAll: string;
  href: string;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const language: DisplayLanguage = i18n.language === 'ja' ? 'ja' : 'en';
  const navigate = useNavigate();
  return (
    <Container
      data-testid={testId}
      fitHeight
      header={<Header variant="h2">{title}</Header>}
      footer={
        <Box textAlign="center">
          <Link href={href} onFollow={(event) => { event.preventDefault(); navigate(href); }}>
            {viewAll}
          </Link>
        </Box>
      }
    >
      <Table<Row>
        variant="embedded"
        // Cells wrap rather than cut off (a half-width or phone container); the date and time stay one token.
        wrapLines
        items={rows ?? []}
        trackBy="id"
        loading={loading}
        loadingText={t('common.loading')}
        ariaLabels={{ tableLabel: title }}
        columnDefinitions={[
          { id: 'name', header: t('home.columns.name'), isRowHeader: true, cell: (row) => <PlacedName entry={row} t={t} testId={`${testId}-row`} navigate={navigate} /> },
          { id: 'place', header: t('home.columns.place'), cell: (row) => <PlacedLocation entry={row} t={t} navigate={navigate} /> },
          // A date and time is one token: the Japanese "2026/05/31 09:30" must not lose its time to a wrap.
          { id: 'date', header: dateHeader, minWidth: 140, cell: (row) => <span className="date-time-cell">{formatDateTime(row.date, language)}</span> },
        ]}
        empty={
          error !== undefined && !rows ? (
            <ListErrorState error={error} onRetry={onRetry} />
          ) : (
            <Box color="text-body-secondary" data-testid={`${testId}-empty`}>
              {empty}
            </Box>
          )
        }
      />
    </Container>
  );
}

/** The user's latest recent files (recent_list: one read of at most 100, the first few shown). */
export function RecentList() {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useRecentFiles();
  return (
    <PlacedList
      title={t('home.recent.title')}
      rows={data?.items.slice(0, HOME_LIST_ROWS).map((item) => ({ ...item, date: item.used_date }))}
      loading={isLoading}
      error={error}
      onRetry={() => void mutate()}
      empty={t('home.recent.empty')}
      dateHeader={t('home.columns.used')}
      viewAll={t('home.recent.viewAll')}
      href="/recent"
      testId="home-recent"
    />
  );
}

/** The user's newest favourites (favorite_list, the smallest page). */
export function FavoritesList() {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useFavoritesPage({ page_size: 50 });
  return (
    <PlacedList
      title={t('home.favorites.title')}
      rows={data?.items.slice(0, HOME_LIST_ROWS).map((item) => ({ ...item, date: item.favorite_date }))}
      loading={isLoading}
      error={error}
      onRetry={() => void mutate()}
      empty={t('home.favorites.empty')}
      dateHeader={t('home.columns.added')}
      viewAll={t('home.favorites.viewAll')}
      href="/favorites"
      testId="home-favorites"
    />
  );
}
