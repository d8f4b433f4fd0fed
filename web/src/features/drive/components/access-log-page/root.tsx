import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { accessActions, type AccessAction } from '@shared/schemas/drive-usage.ts';
import type { LoginRights } from '@shared/schemas/auth.ts';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import type { DateRangePickerProps } from '@cloudscape-design/components/date-range-picker';
import { PeriodPicker } from '@/components/period-picker.tsx';
import Header from '@cloudscape-design/components/header';
import PropertyFilter, { type PropertyFilterProps } from '@cloudscape-design/components/property-filter';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { CollectionPagination } from '@/components/collection.tsx';
import { useCursorPaging } from '@/lib/cursor-paging.ts';
import { collectionAriaLabels, listCounter, RefreshButton } from '@/components/collection.tsx';
import { ListErrorState } from '@/components/list-error.tsx';
import { usePageLayout } from '@/components/page-layout.tsx';
import { downloadPresigned } from '@/components/presigned-download.tsx';
import { displayProps, TablePreferences, useTableDisplay } from '@/components/table-preferences.tsx';
import { readPageSize, writePageSize, type PageSize } from '@/lib/paging.ts';
import { exportAccessLog, type AccessLogExportRequest } from '../../api/export-access-log.ts';
import { useAccessLogPage, type AccessLogEvent, type AccessLogRequest } from '../../api/list-access-log.ts';
import { ACCESS_LOG_HREF, accessLogColumns, DEFAULT_COLUMNS, PAGE_SIZE_KEY, PREFERENCES_KEY } from './table-config.tsx';

/** The date range as the server reads it: from (inclusive) and to (exclusive), fixed when chosen. */
interface Range {
  value: DateRangePickerProps.Value;
  from?: string;
  to?: string;
}

const DAY_MS = 86_400_000;
const UNIT_MS: Record<DateRangePickerProps.TimeUnit, number> = { second: 1000, minute: 60_000, hour: 3_600_000, day: DAY_MS, week: 7 * DAY_MS, month: 30 * DAY_MS, year: 365 * DAY_MS };

/** Absolute ranges are whole days in the browser's time zone, the end day included. */
function rangeOf(value: DateRangePickerProps.Value | null): Range | undefined {
  if (!value) return undefined;
  if (value.type === 'relative') return { value, from: new Date(Date.now() - value.amount * UNIT_MS[value.unit]).toISOString() };
  const start = new Date(`${value.startDate.slice(0, 10)}T00:00:00`);
  const end = new Date(`${value.endDate.slice(0, 10)}T00:00:00`);
  return { value, from: start.toISOString(), to: new Date(end.getTime() + DAY_MS).toISOString() };
}

const EMPTY_QUERY: PropertyFilterProps.Query = { tokens: [], operation: 'and' };

/** The server's filters from the property filter's tokens (one per property: the last one wins). */
function filtersOf(query: PropertyFilterProps.Query): Pick<AccessLogRequest, 'user_id' | 'action' | 'item_id'> {
  const filters: Pick<AccessLogRequest, 'user_id' | 'action' | 'item_id'> = {};
  for (const token of query.tokens) {
    const value = typeof token.value === 'string' ? token.value.trim() : '';
    if (!value) continue;
    if (token.propertyKey === 'user') filters.user_id = value;
    if (token.propertyKey === 'action' && (accessActions as readonly string[]).includes(value)) filters.action = value as AccessAction;
    if (token.propertyKey === 'item') filters.item_id = value;
  }
  return filters;
}

/**
 * The access log (/access-log): Cloudscape's table view of the drive's file events, newest first,
 * paged by cursor on the server. The property filter narrows by user (administrators), action and
 * file or folder, the date range picker by time; "Export CSV" downloads every event the filters
 * match. Administrators see the contract's events, everyone else their own.
 */
export default function AccessLogPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  const rights = useOutletContext<LoginRights>();
  const admin = rights.admin === 1;

  const [pageSize, setPageSize] = useState<PageSize>(() => readPageSize(PAGE_SIZE_KEY));
  const [query, setQuery] = useState<PropertyFilterProps.Query>(EMPTY_QUERY);
  const [range, setRange] = useState<Range | undefined>();
  // Names of the users and entries seen, so a token shows a name rather than an id.
  const [names, setNames] = useState<{ users: Map<string, string>; items: Map<string, string> }>({ users: new Map(), items: new Map() });

  const filters: AccessLogExportRequest = {
    ...filtersOf(query),
    ...(range?.from ? { date_from: range.from } : {}),
    ...(range?.to ? { date_to: range.to } : {}),
  };
  const scope = JSON.stringify([filters, pageSize]);
  const paging = useCursorPaging(scope);
  const cursor = paging.cursor;
  const request: AccessLogRequest = { ...filters, page_size: pageSize, ...(cursor ? { cursor } : {}) };
  const { current, data, error, isValidating, mutate } = useAccessLogPage(request);
  const events = useMemo(() => current?.events ?? [], [current]);

  // Remember the names of what the page shows (set during render from a new answer: no effect loop).
  const [namedFrom, setNamedFrom] = useState<unknown>();
  if (current && namedFrom !== current) {
    setNamedFrom(current);
    const users = new Map(names.users);
    const items = new Map(names.items);
    for (const event of current.events) {
      users.set(event.user_id, event.user_nm);
      items.set(event.item_id, event.item_name);
    }
    setNames({ users, items });
  }

  const columns = useMemo(() => accessLogColumns(t, language), [t, language]);
  const { display, save: saveDisplay } = useTableDisplay(PREFERENCES_KEY, columns, DEFAULT_COLUMNS);
  usePageLayout([{ text: t('pages.accessLog'), href: ACCESS_LOG_HREF }], 'table');

  const hasMore = !!current?.next_cursor;

  const listScope = current?.scope ?? data?.scope ?? (admin ? 'contract' : 'own');
  const shown = paging.index * pageSize + events.length;
  const filtered = query.tokens.length > 0 || range !== undefined;
  const clearFilters = () => {
    setQuery(EMPTY_QUERY);
    setRange(undefined);
  };

  const actionLabel = (value: string) => ((accessActions as readonly string[]).includes(value) ? t(`accessLog.${value as AccessAction}`) : value);
  const filteringProperties: PropertyFilterProps.FilteringProperty[] = [
    ...(admin
      ? [{ key: 'user', propertyLabel: t('usage.accessLog.filter.user'), groupValuesLabel: t('usage.accessLog.filter.user'), operators: [{ operator: '=' as const, format: (value: string) => names.users.get(value) ?? value }] }]
      : []),
    { key: 'action', propertyLabel: t('usage.accessLog.filter.action'), groupValuesLabel: t('usage.accessLog.filter.action'), operators: [{ operator: '=' as const, format: actionLabel }] },
    { key: 'item', propertyLabel: t('usage.accessLog.filter.item'), groupValuesLabel: t('usage.accessLog.filter.item'), operators: [{ operator: '=' as const, format: (value: string) => names.items.get(value) ?? value }] },
  ];
  const filteringOptions: PropertyFilterProps.FilteringOption[] = [
    ...(admin ? [...names.users].map(([value, name]) => ({ propertyKey: 'user', value, label: `${name} (${value})` })) : []),
    ...accessActions.map((action) => ({ propertyKey: 'action', value: action, label: t(`accessLog.${action}`) })),
    ...[...names.items].map(([value, name]) => ({ propertyKey: 'item', value, label: name })),
  ];

  const relativeOptions: DateRangePickerProps.RelativeOption[] = [
    { key: 'last-24-hours', amount: 24, unit: 'hour', type: 'relative' },
    { key: 'last-7-days', amount: 7, unit: 'day', type: 'relative' },
    { key: 'last-30-days', amount: 30, unit: 'day', type: 'relative' },
  ];
  const relativeLabel = (option: DateRangePickerProps.RelativeValue) =>
    option.key === 'last-24-hours' ? t('usage.accessLog.dateRange.last24Hours')
      : option.key === 'last-7-days' ? t('usage.accessLog.dateRange.last7Days')
        : option.key === 'last-30-days' ? t('usage.accessLog.dateRange.last30Days')
          : `${option.amount} ${option.unit}`;

  const filter = (
    // The property filter takes the room the date range leaves (Cloudscape's filter slot is a plain block).
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: '12px', alignItems: 'flex-start' }}>
      <div style={{ flex: '1 1 420px', minWidth: 0 }} data-testid="access-log-filter">
        <PropertyFilter
          query={query}
          onChange={({ detail }) => setQuery(detail)}
          filteringProperties={filteringProperties}
          filteringOptions={filteringOptions}
          filteringPlaceholder={t('usage.accessLog.filter.placeholder')}
          filteringAriaLabel={t('usage.accessLog.filter.placeholder')}
          disableFreeTextFiltering
          hideOperations
          expandToViewport
          countText={current && filtered ? t('collection.matches', { count: shown }) : undefined}
        />
      </div>
      <div data-testid="access-log-date-range">
        <PeriodPicker
          value={range?.value ?? null}
          onChange={({ detail }) => setRange(rangeOf(detail.value))}
          relativeOptions={relativeOptions}
          isValidRange={(value) => {
            if (!value) return { valid: true };
            if (value.type === 'absolute') {
              if (!value.startDate || !value.endDate) return { valid: false, errorMessage: t('usage.accessLog.dateRange.invalid') };
              if (value.endDate < value.startDate) return { valid: false, errorMessage: t('usage.accessLog.dateRange.reversed') };
            }
            return { valid: true };
          }}
          placeholder={t('usage.accessLog.filter.datePlaceholder')}
          i18nStrings={{ formatRelativeRange: relativeLabel }}
        />
      </div>
    </div>
  );

  const actions = (
    <SpaceBetween direction="horizontal" size="xs">
      <RefreshButton testId="access-log-refresh-button" loading={isValidating && current !== undefined} onRefresh={() => void mutate()} />
      <Button
        iconName="download"
        onClick={() => void downloadPresigned((signal) => exportAccessLog(filters, { signal }), 'usage.accessLog.exportLabel')}
        nativeButtonAttributes={{ 'data-testid': 'access-log-export-button' }}
      >
        {t('usage.accessLog.export')}
      </Button>
    </SpaceBetween>
  );

  return (
    <Table<AccessLogEvent>
      data-testid="access-log-table"
      variant="full-page"
      stickyHeader
      items={events}
      trackBy="id"
      columnDefinitions={columns}
      {...displayProps(display)}
      loading={!current && error === undefined}
      loadingText={t('usage.accessLog.loading')}
      ariaLabels={collectionAriaLabels<AccessLogEvent>(t, t('usage.accessLog.tableLabel'), (event) => event.item_name)}
      header={
        <Header
          variant="awsui-h1-sticky"
          counter={current ? listCounter(shown, 0, !hasMore) : undefined}
          description={<span data-testid="access-log-scope" data-scope={listScope}>{t(`usage.accessLog.description.${listScope}`)}</span>}
          actions={actions}
        >
          {t('usage.accessLog.title')}
        </Header>
      }
      filter={filter}
      empty={
        error !== undefined && !current ? (
          <ListErrorState error={error} onRetry={() => void mutate()} />
        ) : (
          <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }} data-testid={filtered ? 'access-log-no-match' : 'access-log-empty'}>
            <SpaceBetween size="xs">
              <Box variant="strong" color="inherit">
                {filtered ? t('usage.accessLog.noMatch.title') : t('usage.accessLog.empty.title')}
              </Box>
              <Box variant="p" color="inherit">
                {filtered ? t('usage.accessLog.noMatch.description') : t('usage.accessLog.empty.description')}
              </Box>
              {filtered && (
                <Button onClick={clearFilters} nativeButtonAttributes={{ 'data-testid': 'access-log-clear-filters' }}>
                  {t('usage.accessLog.filter.clear')}
                </Button>
              )}
            </SpaceBetween>
          </Box>
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
