import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import type { CorrectionKind, CorrectionRecordView } from '@shared/schemas/bookkeeping.ts';
import type { DocumentSnapshot } from '@shared/schemas/bookkeeping-fields.ts';
import { ListErrorState } from '@/components/list-error.tsx';
import { formatDateTime, type DisplayLanguage } from '@/lib/format.ts';
import { useDocumentHistory, type DocumentHistoryRecord } from '../api/document-history.ts';
import { snapshotChanges, snapshotFields, snapshotValue, type SnapshotField } from '../utils/bookkeeping.ts';
import { confidencePercent } from '../utils/read-fields.ts';

/** A record of the correction and deletion history, as both the document's tab and the administrators' page read it. */
export interface HistoryRecord {
  kind: CorrectionKind;
  date: string;
  user_id: string;
  user_nm: string;
  reason: string | null;
  before: DocumentSnapshot | null;
  after: DocumentSnapshot | null;
  /** A confirmation of read values: the line each value was read from, and how sure the reading was. */
  sources?: CorrectionRecordView['sources'];
}

type Source = NonNullable<CorrectionRecordView['sources']>[number];

/** Under a confirmed value: the line of the document it was read from. */
function SourceLine({ source }: { source: Source | undefined }) {
  const { t } = useTranslation();
  if (!source) return null;
  return (
    <Box variant="small" color="text-body-secondary" display="block" data-testid="correction-source">
      {t('bookkeeping.corrections.readFrom', { source: source.source, percent: confidencePercent(source.confidence) })}
    </Box>
  );
}

/**
 * What a record changed: each changed field as "label: before → after", and the version it made; a
 * confirmation of read values says under each value the line of the document it was read from.
 */
export function CorrectionChanges({ record }: { record: HistoryRecord }) {
  const { t, i18n } = useTranslation();
  const language: DisplayLanguage = i18n.language === 'ja' ? 'ja' : 'en';
  const changes = snapshotChanges(record.before, record.after);
  const versionMoved = record.before && record.after && record.before.version !== record.after.version;
  const sourceOf = (field: SnapshotField) => record.sources?.find((source) => source.field === field);
  if (record.kind === 'confirmation' && changes.length === 0 && record.after) {
    // A general file keeps no version before the confirmation: the values confirmed, each with its line.
    return (
      <ul className="correction-changes" data-testid="correction-content">
        {(record.sources ?? []).map((source) => (
          <li key={source.field} data-field={source.field}>
            <Box variant="span" fontWeight="bold">
              {t(`bookkeeping.corrections.snapshotFields.${source.field}`)}
            </Box>
            {': '}
            {snapshotValue(source.field, record.after![source.field], t, language)}
            <SourceLine source={source} />
          </li>
        ))}
      </ul>
    );
  }
  // A deletion, restore, purge or registration changes no field: the record shows the content it kept.
  const kept = record.kind === 'correction' || record.kind === 'confirmation' || record.kind === 'acceptance' ? undefined : (record.before ?? record.after);
  if (kept && changes.length === 0) {
    const shown = snapshotFields.filter((field) => field !== 'name' && field !== 'sha256' && kept[field] !== undefined);
    return (
      <ul className="correction-changes" data-testid="correction-content">
        {shown.map((field) => (
          <li key={field} data-field={field}>
            <Box variant="span" fontWeight="bold">
              {t(`bookkeeping.corrections.snapshotFields.${field}`)}
            </Box>
            {': '}
            {snapshotValue(field, kept[field], t, language)}
          </li>
        ))}
        <li>
          <Box variant="span" color="text-body-secondary">
            {t('versions.history.versionLabel', { version: kept.version })}
          </Box>
        </li>
      </ul>
    );
  }
  if (changes.length === 0 && !versionMoved) {
    return (
      <Box color="text-body-secondary" variant="small">
        {t('bookkeeping.corrections.noChanges')}
      </Box>
    );
  }
  return (
    <ul className="correction-changes" data-testid="correction-changes">
      {changes.map((change) => (
        <li key={change.field} data-field={change.field}>
          <Box variant="span" fontWeight="bold">
            {t(`bookkeeping.corrections.snapshotFields.${change.field}`)}
          </Box>
          {': '}
          <span className="correction-before">{snapshotValue(change.field, change.before, t, language)}</span>
          {' → '}
          <span>{snapshotValue(change.field, change.after, t, language)}</span>
          <SourceLine source={sourceOf(change.field)} />
        </li>
      ))}
      {versionMoved && (
        <li>
          <Box variant="span" color="text-body-secondary">
            {t('bookkeeping.corrections.versionChange', { before: record.before!.version, after: record.after!.version })}
          </Box>
        </li>
      )}
    </ul>
  );
}

/** The history's columns; `document` adds the document's name (the administrators' page lists many). */
export function historyColumns<R extends HistoryRecord>(
  t: TFunction,
  language: DisplayLanguage,
  document?: (record: R) => ReactNode,
): TableProps.ColumnDefinition<R>[] {
  return [
    { id: 'date', header: t('bookkeeping.corrections.columns.date'), cell: (record) => formatDateTime(record.date, language, { seconds: true }), minWidth: 150 },
    { id: 'user', header: t('bookkeeping.corrections.columns.user'), cell: (record) => (record.user_nm ? `${record.user_nm} (${record.user_id})` : record.user_id), minWidth: 120 },
    ...(document ? [{ id: 'document', header: t('bookkeeping.corrections.columns.document'), cell: document, minWidth: 140 }] : []),
    {
      id: 'kind',
      header: t('bookkeeping.corrections.columns.kind'),
      cell: (record) => <span data-testid="correction-kind" data-kind={record.kind}>{t(`bookkeeping.corrections.kinds.${record.kind}`)}</span>,
      minWidth: 110,
    },
    { id: 'reason', header: t('bookkeeping.corrections.columns.reason'), cell: (record) => <span data-testid="correction-reason">{record.reason ?? '-'}</span>, minWidth: 160 },
    { id: 'changes', header: t('bookkeeping.corrections.columns.changes'), cell: (record) => <CorrectionChanges record={record} />, minWidth: 220 },
  ];
}

/** One document's correction and deletion history (通達 10-2), newest first: the version history's second tab. */
export function DocumentHistoryTable({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const language: DisplayLanguage = i18n.language === 'ja' ? 'ja' : 'en';
  const { data, error, isLoading, mutate } = useDocumentHistory({ id });
  return (
    <Table<DocumentHistoryRecord>
      data-testid="document-history-table"
      variant="embedded"
      wrapLines
      items={data?.records ?? []}
      loading={isLoading && !data}
      loadingText={t('bookkeeping.corrections.loading')}
      ariaLabels={{ tableLabel: t('bookkeeping.corrections.tableLabel') }}
      columnDefinitions={historyColumns<DocumentHistoryRecord>(t, language)}
      empty={
        error !== undefined && !data ? (
          <ListErrorState error={error} onRetry={() => void mutate()} />
        ) : (
          <Box textAlign="center" color="inherit" padding={{ vertical: 's' }}>
            <Box variant="strong" color="inherit">
              {t('bookkeeping.corrections.empty')}
            </Box>
            <Box variant="p" color="inherit">
              {t('bookkeeping.corrections.emptyDescription')}
            </Box>
          </Box>
        )
      }
    />
  );
}
