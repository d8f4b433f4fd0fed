import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Multiselect from '@cloudscape-design/components/multiselect';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { correctionKinds, type CorrectionKind } from '@shared/schemas/bookkeeping.ts';
import { ListErrorState } from '@/components/list-error.tsx';
import { isAbortError } from '@/lib/api-client.ts';
import { formatCalendarDate, formatDateTime, type DisplayLanguage } from '@/lib/format.ts';
import { listCorrectionHistory, useCorrectionHistoryPage, type CorrectionHistoryRecord, type CorrectionHistoryRequest } from '../../api/correction-history.ts';
import { japanToday, monthOf } from '../../utils/bookkeeping.ts';
import { historyColumns } from '../document-history-table.tsx';
import { DayRangePicker, type DayRange } from './day-range.tsx';

const PAGE_SIZE = 50;

interface Filters {
  range: DayRange;
  userId: string;
  kinds: CorrectionKind[];
}

interface Results {
  records: CorrectionHistoryRecord[];
  cursor: string | null;
}

/**
 * The contract's correction and deletion history (通達 10-2: date, person, reason, content before):
 * a period of Japan days (this month to start with), a user and kinds; newest first, "Load more"
 * reads on from the cursor; Print prints the table alone (styles.css @media print).
 */
export function HistoryTab() {
  const { t, i18n } = useTranslation();
  const language: DisplayLanguage = i18n.language === 'ja' ? 'ja' : 'en';
  const [form, setForm] = useState<Filters>(() => ({ range: monthOf(japanToday()), userId: '', kinds: [] }));
  const [applied, setApplied] = useState<Filters>(form);
  const [more, setMore] = useState<Results & { scope: string }>();
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<unknown>();

  const request: CorrectionHistoryRequest = {
    date_from: applied.range.from,
    date_to: applied.range.to,
    page_size: PAGE_SIZE,
    ...(applied.userId.trim() ? { user_id: applied.userId.trim() } : {}),
    ...(applied.kinds.length > 0 ? { kinds: applied.kinds } : {}),
  };
  const scope = JSON.stringify(request);
  const { current, error, isLoading, mutate } = useCorrectionHistoryPage(request);
  // Pages read on with "Load more" belong to the search they continue.
  const extra = more?.scope === scope ? more : undefined;
  const results: Results | undefined = current ? { records: [...current.records, ...(extra?.records ?? [])], cursor: extra ? extra.cursor : current.next_cursor } : undefined;

  const loadMore = async (cursor: string) => {
    setLoadingMore(true);
    setMoreError(undefined);
    try {
      const answer = await listCorrectionHistory({ ...request, cursor }, { silent: true });
      setMore({ scope, records: [...(extra?.records ?? []), ...answer.records], cursor: answer.next_cursor });
    } catch (failure) {
      if (!isAbortError(failure)) setMoreError(failure);
    } finally {
      setLoadingMore(false);
    }
  };

  const columns = useMemo(
    () => historyColumns<CorrectionHistoryRecord>(t, language, (record) => <span data-testid="correction-document" data-item-id={record.item_id}>{record.after?.name ?? record.before?.name ?? record.item_name}</span>),
    [t, language],
  );
  const kindOptions = correctionKinds.map((kind) => ({ value: kind, label: t(`bookkeeping.corrections.kinds.${kind}`) }));
  const records = results?.records ?? [];

  return (
    <SpaceBetween size="m">
      <div className="no-print">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setApplied({ ...form });
          }}
        >
          <div className="ebk-filters">
            <FormField label={t('bookkeeping.page.history.range')}>
              <DayRangePicker value={form.range} onChange={(range) => setForm((current) => ({ ...current, range }))} testId="history-range" />
            </FormField>
            <FormField label={t('bookkeeping.page.history.user')}>
              <Input
                value={form.userId}
                placeholder={t('bookkeeping.page.history.userPlaceholder')}
                onChange={({ detail }) => setForm((current) => ({ ...current, userId: detail.value }))}
                data-testid="history-user"
              />
            </FormField>
            <FormField label={t('bookkeeping.page.history.kinds')}>
              <div className="ebk-kinds">
                <Multiselect
                  selectedOptions={kindOptions.filter((option) => form.kinds.includes(option.value))}
                  options={kindOptions}
                  placeholder={t('bookkeeping.page.history.kindsPlaceholder')}
                  onChange={({ detail }) => setForm((current) => ({ ...current, kinds: detail.selectedOptions.map((option) => option.value as CorrectionKind) }))}
                  tokenLimit={2}
                  data-testid="history-kinds"
                />
              </div>
            </FormField>
            <div className="ebk-filter-submit">
              <Button formAction="submit" iconName="search" nativeButtonAttributes={{ 'data-testid': 'history-search' }}>
                {t('bookkeeping.page.history.search')}
              </Button>
            </div>
          </div>
        </form>
      </div>
      <div className="print-only" data-testid="history-print-header">
        <Box variant="p">
          {t('bookkeeping.page.history.printPeriod', { from: formatCalendarDate(applied.range.from, language), to: formatCalendarDate(applied.range.to, language) })}
          {' · '}
          {t('bookkeeping.page.history.printedAt', { date: formatDateTime(new Date(), language) })}
        </Box>
      </div>
      <Table<CorrectionHistoryRecord>
        data-testid="correction-history-table"
        variant="container"
        wrapLines
        items={records}
        trackBy="correction_id"
        loading={isLoading && !results}
        loadingText={t('bookkeeping.corrections.loading')}
        columnDefinitions={columns}
        ariaLabels={{ tableLabel: t('bookkeeping.corrections.tableLabel') }}
        header={
          <Header
            counter={results ? `(${records.length}${results.cursor ? '+' : ''})` : undefined}
            description={t('bookkeeping.page.history.description')}
            actions={
              <div className="no-print">
                <Button iconName="file" onClick={() => window.print()} nativeButtonAttributes={{ 'data-testid': 'history-print' }}>
                  {t('bookkeeping.page.history.print')}
                </Button>
              </div>
            }
          >
            {t('bookkeeping.page.history.header')}
          </Header>
        }
        empty={
          error !== undefined && !results ? (
            <ListErrorState error={error} onRetry={() => void mutate()} />
          ) : (
            <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }} data-testid="history-empty">
              <Box variant="strong" color="inherit">
                {t('bookkeeping.corrections.empty')}
              </Box>
              <Box variant="p" color="inherit">
                {t('bookkeeping.corrections.emptyDescription')}
              </Box>
            </Box>
          )
        }
        footer={
          results?.cursor ? (
            <div className="no-print">
              {moreError !== undefined && <ListErrorState error={moreError} onRetry={() => void loadMore(results.cursor!)} />}
              <Box textAlign="center">
                <Button loading={loadingMore} onClick={() => void loadMore(results.cursor!)} nativeButtonAttributes={{ 'data-testid': 'history-load-more' }}>
                  {t('bookkeeping.page.history.loadMore')}
                </Button>
              </Box>
            </div>
          ) : undefined
        }
      />
    </SpaceBetween>
  );
}
