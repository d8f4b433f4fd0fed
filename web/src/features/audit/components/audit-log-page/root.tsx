import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auditDiff } from '@shared/audit-diff.ts';
import { AUDIT_EXPORT_MAX, AUDIT_RANGE_MAX_DAYS, type AuditKind } from '@shared/schemas/audit.ts';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import type { DateRangePickerProps } from '@cloudscape-design/components/date-range-picker';
import { PeriodPicker } from '@/components/period-picker.tsx';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import PropertyFilter, { type PropertyFilterProps } from '@cloudscape-design/components/property-filter';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { CollectionPagination, collectionAriaLabels, ListPreferences, RefreshButton } from '@/components/collection.tsx';
import { ListErrorState } from '@/components/list-error.tsx';
import { usePageLayout } from '@/components/page-layout.tsx';
import { isAbortError, reportApiError, saveBlob } from '@/lib/api-client.ts';
import { useCursorPaging } from '@/lib/cursor-paging.ts';
import { formatDateTime } from '@/lib/format.ts';
import { newNotificationId, notify, SUCCESS_DISMISS_MS } from '@/lib/notifications.ts';
import { readPageSize, writePageSize, type PageSize } from '@/lib/paging.ts';
import { listAuditLog, useAuditLogPage, type AuditLogRecord, type AuditLogRequest } from '../../api/list-audit-log.ts';
import { auditCsv } from '../../utils/audit-csv.ts';
import { actionText, targetTypeText } from '../../utils/audit-words.ts';
import { AuditDiffModal } from './diff-modal.tsx';

const AUDIT_LOG_HREF = '/audit-log';
const PAGE_SIZE_KEY = 'audit-log.page_size';
const DAY_MS = 86_400_000;
const UNIT_MS: Record<DateRangePickerProps.TimeUnit, number> = { second: 1000, minute: 60_000, hour: 3_600_000, day: DAY_MS, week: 7 * DAY_MS, month: 30 * DAY_MS, year: 365 * DAY_MS };
const DEFAULT_RANGE: DateRangePickerProps.RelativeOption = { key: 'last-7-days', amount: 7, unit: 'day', type: 'relative' };
const EMPTY_QUERY: PropertyFilterProps.Query = { tokens: [], operation: 'and' };

/** The range as the server reads it: since (inclusive), until (exclusive; none: now). Absolute ranges are whole local days. */
function rangeOf(value: DateRangePickerProps.Value): { since: string; until?: string } {
  if (value.type === 'relative') return { since: new Date(Date.now() - value.amount * UNIT_MS[value.unit]).toISOString() };
  const start = new Date(`${value.startDate.slice(0, 10)}T00:00:00`);
  const end = new Date(`${value.endDate.slice(0, 10)}T00:00:00`);
  return { since: start.toISOString(), until: new Date(end.getTime() + DAY_MS).toISOString() };
}

/** The server's filters from the property filter's tokens (the last of each property wins). */
function filtersOf(query: PropertyFilterProps.Query): Pick<AuditLogRequest, 'user_id' | 'action' | 'target_type' | 'target_id'> {
  const filters: Pick<AuditLogRequest, 'user_id' | 'action' | 'target_type' | 'target_id'> = {};
  for (const token of query.tokens) {
    const value = typeof token.value === 'string' ? token.value.trim() : '';
    if (!value) continue;
    if (token.propertyKey === 'user') filters.user_id = value;
    if (token.propertyKey === 'action') filters.action = value.toLowerCase();
    const item = token.propertyKey === 'item' ? /^([^:\s]+):(\S+)$/.exec(value) : null;
    if (item) Object.assign(filters, { target_type: item[1], target_id: item[2] });
  }
  return filters;
}

/**
 * The audit log (/audit-log, administrators): the contract's records newest first, paged by cursor
 * on the server, in a time range (at most 92 days) with user, action (prefix) and item filters and a
 * kind (changes or sign-ins). Each record's before and after open as a table of changed fields;
 * "Export CSV" writes every record the filters match (up to 10,000) in the browser.
 */
export default function AuditLogPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  usePageLayout([{ text: t('pages.auditLog'), href: AUDIT_LOG_HREF }], 'table');
  const time = (iso: string) => formatDateTime(iso, language, { seconds: true });

  const [pageSize, setPageSize] = useState<PageSize>(() => readPageSize(PAGE_SIZE_KEY));
  const [rangeValue, setRangeValue] = useState<DateRangePickerProps.Value>(DEFAULT_RANGE);
  // A relative range is fixed when chosen, so the pages of one listing read the same range.
  const [range, setRange] = useState(() => rangeOf(DEFAULT_RANGE));
  const [kind, setKind] = useState<AuditKind>('all');
  const [query, setQuery] = useState<PropertyFilterProps.Query>(EMPTY_QUERY);
  const [shown, setShown] = useState<AuditLogRecord>();
  const [exporting, setExporting] = useState(false);

  const filters: AuditLogRequest = { ...range, kind, ...filtersOf(query) };
  const paging = useCursorPaging(JSON.stringify([filters, pageSize]));
  const { current, error, isValidating, mutate } = useAuditLogPage({ ...filters, page_size: pageSize, ...(paging.cursor ? { cursor: paging.cursor } : {}) });
  const records = useMemo(() => current?.records ?? [], [current]);
  const filtered = query.tokens.length > 0 || kind !== 'all';

  const exportCsv = async () => {
    setExporting(true);
    try {
      const all: AuditLogRecord[] = [];
      let cursor: string | undefined;
      do {
        const page = await listAuditLog({ ...filters, page_size: 1000, ...(cursor ? { cursor } : {}) });
        all.push(...page.records);
        cursor = page.next_cursor ?? undefined;
      } while (cursor && all.length < AUDIT_EXPORT_MAX);
      const rows = all.slice(0, AUDIT_EXPORT_MAX);
      const header = (['csvAt', 'csvUserId', 'csvUserName', 'csvAction', 'csvTargetType', 'csvTargetId', 'csvTargetName', 'csvAddress', 'csvChanges', 'csvBefore', 'csvAfter'] as const).map((key) => t(`auditLogPage.${key}`));
      const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
      saveBlob(new Blob([auditCsv(header, rows, time)], { type: 'text/csv;charset=utf-8' }), `${t('auditLogPage.exportName')}_${stamp}.csv`);
      notify({
        id: newNotificationId('audit-export'), type: cursor ? 'warning' : 'success', dismissLabel: t('common.close'),
        header: cursor ? t('auditLogPage.exportTruncated', { count: rows.length }) : t('auditLogPage.exported', { count: rows.length }),
      }, SUCCESS_DISMISS_MS);
    } catch (failure) {
      if (!isAbortError(failure)) reportApiError(failure);
    } finally {
      setExporting(false);
    }
  };

  const relativeOptions: DateRangePickerProps.RelativeOption[] = [
    { key: 'last-24-hours', amount: 24, unit: 'hour', type: 'relative' },
    DEFAULT_RANGE,
    { key: 'last-30-days', amount: 30, unit: 'day', type: 'relative' },
    { key: 'last-90-days', amount: 90, unit: 'day', type: 'relative' },
  ];
  const relativeLabel = (option: DateRangePickerProps.RelativeValue) => ({
    'last-24-hours': t('auditLogPage.last24Hours'), 'last-7-days': t('auditLogPage.last7Days'),
    'last-30-days': t('auditLogPage.last30Days'), 'last-90-days': t('auditLogPage.last90Days'),
  } as Record<string, string>)[option.key ?? ''] ?? `${option.amount} ${option.unit}`;

  const filteringProperties: PropertyFilterProps.FilteringProperty[] = [
    { key: 'user', propertyLabel: t('auditLogPage.filterUser'), groupValuesLabel: t('auditLogPage.filterUser'), operators: ['='] },
    { key: 'action', propertyLabel: t('auditLogPage.filterAction'), groupValuesLabel: t('auditLogPage.filterAction'), operators: ['^'] },
    { key: 'item', propertyLabel: t('auditLogPage.filterItem'), groupValuesLabel: t('auditLogPage.filterItem'), operators: ['='] },
  ];
  const seen = (pick: (record: AuditLogRecord) => string, key: string) => [...new Set(records.map(pick))].map((value) => ({ propertyKey: key, value }));
  const filteringOptions = [...seen((r) => r.user_id, 'user'), ...seen((r) => r.action, 'action'), ...seen((r) => `${r.target_type}:${r.target_id}`, 'item')];

  return (
    <>
      <Table<AuditLogRecord>
        data-testid="audit-log-table"
        variant="full-page"
        stickyHeader
        wrapLines
        items={records}
        trackBy="id"
        loading={!current && error === undefined}
        loadingText={t('auditLogPage.loading')}
        ariaLabels={collectionAriaLabels<AuditLogRecord>(t, t('auditLogPage.tableLabel'), (record) => `${actionText(t, record.action)} ${time(record.at)}`)}
        columnDefinitions={[
          { id: 'at', header: t('auditLogPage.columnAt'), cell: (record) => time(record.at) },
          { id: 'user', header: t('auditLogPage.columnUser'), cell: (record) => `${record.user_nm} (${record.user_id})` },
          {
            id: 'action', header: t('auditLogPage.columnAction'), isRowHeader: true,
            // In words; the recorded key (what the action filter takes) beneath.
            cell: (record) => (
              <span data-testid="audit-log-row" data-action={record.action} data-target={`${record.target_type}:${record.target_id}`}>
                <span data-testid="audit-log-action">{actionText(t, record.action)}</span>
                <Box variant="small" color="text-body-secondary"><span title={t('auditLogPage.actionKey', { key: record.action })}>{record.action}</span></Box>
              </span>
            ),
          },
          {
            id: 'item', header: t('auditLogPage.columnItem'),
            // The name recorded with the event (the name at the time) beside its type and id.
            cell: (record) => (
              <span data-testid="audit-log-item">
                {record.target_nm && <Box variant="span" fontWeight="bold">{record.target_nm}</Box>}
                <Box variant="small" color="text-body-secondary">{`${targetTypeText(t, record.target_type)}: ${record.target_id}`}</Box>
              </span>
            ),
          },
          { id: 'address', header: t('auditLogPage.columnAddress'), cell: (record) => record.source_ip },
          {
            id: 'changes', header: t('auditLogPage.columnChanges'),
            cell: (record) => {
              const count = auditDiff(record.before, record.after).length;
              const changes = count ? t('auditLogPage.changesCount', { count }) : t('auditLogPage.noChanges');
              return (
                <Link onFollow={() => setShown(record)} ariaLabel={t('auditLogPage.viewChanges', { changes, action: actionText(t, record.action), at: time(record.at) })} data-testid="audit-log-changes">
                  {changes}
                </Link>
              );
            },
          },
        ]}
        header={
          <Header
            variant="awsui-h1-sticky"
            description={t('auditLogPage.description')}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <RefreshButton testId="audit-log-refresh" loading={isValidating && current !== undefined} onRefresh={() => void mutate()} />
                <Button iconName="download" loading={exporting} onClick={() => void exportCsv()} nativeButtonAttributes={{ 'data-testid': 'audit-log-export' }}>
                  {t('auditLogPage.export')}
                </Button>
              </SpaceBetween>
            }
          >
            {t('auditLogPage.title')}
          </Header>
        }
        filter={
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: '12px', alignItems: 'flex-start' }}>
            <div style={{ flex: '1 1 380px', minWidth: 0 }} data-testid="audit-log-filter">
              <PropertyFilter
                query={query}
                onChange={({ detail }) => setQuery(detail)}
                filteringProperties={filteringProperties}
                filteringOptions={filteringOptions}
                filteringPlaceholder={t('auditLogPage.filterPlaceholder')}
                filteringAriaLabel={t('auditLogPage.filterPlaceholder')}
                disableFreeTextFiltering
                hideOperations
                expandToViewport
              />
            </div>
            <div data-testid="audit-log-range">
              <PeriodPicker
                value={rangeValue}
                onChange={({ detail }) => {
                  const value = detail.value ?? DEFAULT_RANGE;
                  setRangeValue(value);
                  setRange(rangeOf(value));
                }}
                relativeOptions={relativeOptions}
                isValidRange={(value) => {
                  if (!value || value.type !== 'absolute') return { valid: true };
                  if (!value.startDate || !value.endDate) return { valid: false, errorMessage: t('auditLogPage.rangeInvalid') };
                  if (value.endDate < value.startDate) return { valid: false, errorMessage: t('auditLogPage.rangeReversed') };
                  const days = (Date.parse(value.endDate.slice(0, 10)) - Date.parse(value.startDate.slice(0, 10))) / DAY_MS + 1;
                  return days > AUDIT_RANGE_MAX_DAYS ? { valid: false, errorMessage: t('auditLogPage.rangeTooLong') } : { valid: true };
                }}
                showClearButton={false}
                placeholder={t('auditLogPage.rangePlaceholder')}
                i18nStrings={{ formatRelativeRange: relativeLabel, ariaLabel: t('auditLogPage.rangeLabel') }}
              />
            </div>
            <div data-testid="audit-log-kind">
              <SegmentedControl
                label={t('auditLogPage.kindLabel')}
                selectedId={kind}
                onChange={({ detail }) => setKind(detail.selectedId as AuditKind)}
                options={[
                  { id: 'all', text: t('auditLogPage.kindAll') },
                  { id: 'changes', text: t('auditLogPage.kindChanges') },
                  { id: 'signin', text: t('auditLogPage.kindSignin') },
                ]}
              />
            </div>
          </div>
        }
        empty={
          error !== undefined && !current ? (
            <ListErrorState error={error} onRetry={() => void mutate()} />
          ) : (
            <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }} data-testid="audit-log-empty">
              <SpaceBetween size="xs">
                <Box variant="strong" color="inherit">{filtered ? t('auditLogPage.noMatchTitle') : t('auditLogPage.emptyTitle')}</Box>
                <Box variant="p" color="inherit">{filtered ? t('auditLogPage.noMatchDescription') : t('auditLogPage.emptyDescription')}</Box>
                {filtered && (
                  <Button onClick={() => { setQuery(EMPTY_QUERY); setKind('all'); }}>{t('auditLogPage.filterClear')}</Button>
                )}
              </SpaceBetween>
            </Box>
          )
        }
        pagination={<CollectionPagination {...paging.paginationProps(current?.next_cursor)} />}
        preferences={<ListPreferences pageSize={pageSize} onChange={(size) => { setPageSize(size); writePageSize(PAGE_SIZE_KEY, size); }} />}
      />
      {shown && <AuditDiffModal record={shown} time={time} onDismiss={() => setShown(undefined)} />}
    </>
  );
}
