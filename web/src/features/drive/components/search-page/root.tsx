import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import DatePicker from '@cloudscape-design/components/date-picker';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Multiselect from '@cloudscape-design/components/multiselect';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { codes } from '@shared/codes.ts';
import { ApiError, isAbortError, reportApiError } from '@/lib/api-client.ts';
import { collectionAriaLabels } from '@/components/collection.tsx';
import { usePageLayout } from '@/components/page-layout.tsx';
import { displayProps, TablePreferences, useTableDisplay } from '@/components/table-preferences.tsx';
import { readPageSize, writePageSize, type PageSize } from '@/lib/paging.ts';
import { searchItems, type SearchHit } from '../../api/search-items.ts';
import { useTags } from '../../api/search-tags.ts';
import { PlacedEmptyState } from '../place-cells.tsx';
import { usePropertyItems } from '@/lib/property-items-api.ts';
import { DOCUMENT_STYLES, emptyForm, formFromParams, paramsFromForm, propertyConditionsOf, requestFromForm, SEARCH_HREF, SORT_ITEMS, type ConditionsForm } from './conditions-config.tsx';
import { PropertyConditions } from './property-conditions.tsx';
import { DEFAULT_COLUMNS, PAGE_SIZE_KEY, PREFERENCES_KEY, searchColumns } from './table-config.tsx';

interface Results {
  items: SearchHit[];
  cursor: string | null;
  capped: boolean;
}

/**
 * The drive search (/search-result; docs/drive.md "Search"): the conditions (name, tags, document
 * style, transaction date and amount ranges, trading partner, invoice number, property items, this folder and below
 * or the whole drive, sort) above Cloudscape's table view of what matches, each with its place and a link that
 * opens it in its folder. The conditions live in the URL: the drive page's search field sends the name
 * and its folder. "Load more" reads on from the cursor when more may match (also when a call stopped
 * at its read limit before the page was full).
 */
export default function SearchPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const applied = useMemo(() => formFromParams(params), [params]);
  const [form, setForm] = useState<ConditionsForm>(applied);
  const [pageSize, setPageSize] = useState<PageSize>(() => readPageSize(PAGE_SIZE_KEY));
  const [results, setResults] = useState<Results | undefined>();
  const [loading, setLoading] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const controller = useRef<AbortController | undefined>(undefined);
  const { data: tagData, isLoading: tagsLoading } = useTags({});
  const { data: propertyData } = usePropertyItems();

  const columns = useMemo(() => searchColumns(t, language, navigate), [t, language, navigate]);
  const { display, save: saveDisplay } = useTableDisplay(PREFERENCES_KEY, columns, DEFAULT_COLUMNS);
  usePageLayout([{ text: t('pages.storage'), href: '/storage' }, { text: t('search.title'), href: SEARCH_HREF }], 'table');

  const run = async (cursor?: string) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setLoading(true);
    try {
      const answer = await searchItems({ ...requestFromForm(applied, pageSize), ...(cursor ? { cursor } : {}) }, { signal: abort.signal, silent: true });
      setFieldErrors({});
      setResults((previous) => ({ items: [...(cursor && previous ? previous.items : []), ...answer.items], cursor: answer.next_cursor, capped: answer.capped === 1 }));
    } catch (error) {
      if (isAbortError(error)) return;
      // Conditions the server refused: the catalogue's message under each field, nothing searched.
      if (error instanceof ApiError && error.code === codes.input.code && Object.keys(error.fields).length > 0) {
        setFieldErrors(error.fields);
        setResults(undefined);
        return;
      }
      reportApiError(error);
    } finally {
      if (controller.current === abort) setLoading(false);
    }
  };

  // A new URL (a search from here or from the drive page): the form shows it, the results start over...
  const [shown, setShown] = useState(applied);
  if (shown !== applied) {
    setShown(applied);
    setForm(applied);
    setResults(undefined);
  }
  // ...and the first page is read.
  useEffect(() => {
    const start = setTimeout(() => void run(), 0);
    return () => {
      clearTimeout(start);
      controller.current?.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the URL and the page size decide a new search
  }, [applied, pageSize]);

  const change = (patch: Partial<ConditionsForm>) => setForm((current) => ({ ...current, ...patch }));
  const submit = () => setParams(paramsFromForm(form));
  const tags = tagData?.tags ?? [];
  const tagOptions = tags.map((tag) => ({ value: tag.id, label: tag.name, description: t(`tags.scope.${tag.scope}`) }));
  const styleOptions = DOCUMENT_STYLES.map((style) => ({ value: style, label: t(`versions.documentStyles.${style}`) }));
  const sortOptions = SORT_ITEMS.map((item) => ({ value: item, label: t(`search.conditions.sortItems.${item}`) }));
  const items = results?.items ?? [];
  // The server names a refused property condition by its position in the request: shown under its item.
  const propertyErrors = Object.fromEntries(
    propertyConditionsOf(applied).flatMap(({ no }, index) => (fieldErrors[`properties.${index}`] ? [[no, fieldErrors[`properties.${index}`]!]] : [])),
  );

  return (
    <SpaceBetween size="l">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Form
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button formAction="none" onClick={() => setForm(emptyForm(form.folder, form.folder_name))} data-testid="search-clear">
                {t('search.conditions.clear')}
              </Button>
              <Button variant="primary" formAction="submit" data-testid="search-submit">
                {t('search.conditions.search')}
              </Button>
            </SpaceBetween>
          }
        >
          <Container header={<Header variant="h2" description={t('search.description')}>{t('search.conditions.header')}</Header>}>
            <SpaceBetween size="m">
              <ColumnLayout columns={3}>
                <FormField label={t('search.conditions.name')} errorText={fieldErrors.name}>
                  <Input value={form.name} onChange={({ detail }) => change({ name: detail.value })} placeholder={t('search.conditions.namePlaceholder')} type="search" data-testid="search-name" />
                </FormField>
                <FormField label={t('search.conditions.tags')} errorText={fieldErrors.tag_ids}>
                  <Multiselect
                    selectedOptions={tagOptions.filter((option) => form.tag_ids.includes(option.value))}
                    options={tagOptions}
                    statusType={tagsLoading ? 'loading' : 'finished'}
                    placeholder={t('search.conditions.tagsPlaceholder')}
                    onChange={({ detail }) => change({ tag_ids: detail.selectedOptions.map((option) => option.value!) })}
                    data-testid="search-tags"
                  />
                </FormField>
                <FormField label={t('search.conditions.documentStyles')} errorText={fieldErrors.document_styles}>
                  <Multiselect
                    selectedOptions={styleOptions.filter((option) => (form.document_styles as string[]).includes(option.value))}
                    options={styleOptions}
                    placeholder={t('search.conditions.documentStylesPlaceholder')}
                    onChange={({ detail }) => change({ document_styles: detail.selectedOptions.map((option) => option.value as ConditionsForm['document_styles'][number]) })}
                    data-testid="search-styles"
                  />
                </FormField>
                <FormField label={t('search.conditions.dateFrom')} errorText={fieldErrors.date_from}>
                  <DatePicker value={form.date_from} onChange={({ detail }) => change({ date_from: detail.value })} placeholder={t('search.conditions.datePlaceholder')} startOfWeek={1} data-testid="search-date-from" />
                </FormField>
                <FormField label={t('search.conditions.dateTo')} errorText={fieldErrors.date_to}>
                  <DatePicker value={form.date_to} onChange={({ detail }) => change({ date_to: detail.value })} placeholder={t('search.conditions.datePlaceholder')} startOfWeek={1} data-testid="search-date-to" />
                </FormField>
                <FormField label={t('search.conditions.partner')} errorText={fieldErrors.partner}>
                  <Input value={form.partner} onChange={({ detail }) => change({ partner: detail.value })} data-testid="search-partner" />
                </FormField>
                <FormField label={t('search.conditions.invoiceNumber')} constraintText={t('bookkeeping.fields.invoiceNumberHint')} errorText={fieldErrors.invoice_number}>
                  <Input value={form.invoice_number} onChange={({ detail }) => change({ invoice_number: detail.value })} placeholder="T7000012050002" data-testid="search-invoice-number" />
                </FormField>
                <FormField label={t('search.conditions.amountMin')} errorText={fieldErrors.amount_min}>
                  <Input value={form.amount_min} inputMode="numeric" onChange={({ detail }) => change({ amount_min: detail.value })} data-testid="search-amount-min" />
                </FormField>
                <FormField label={t('search.conditions.amountMax')} errorText={fieldErrors.amount_max}>
                  <Input value={form.amount_max} inputMode="numeric" onChange={({ detail }) => change({ amount_max: detail.value })} data-testid="search-amount-max" />
                </FormField>
                <FormField label={t('search.conditions.sort')} errorText={fieldErrors.sort_item}>
                  <SpaceBetween direction="horizontal" size="xs">
                    <Select
                      selectedOption={sortOptions.find((option) => option.value === form.sort_item) ?? null}
                      options={sortOptions}
                      onChange={({ detail }) => change({ sort_item: detail.selectedOption.value as ConditionsForm['sort_item'] })}
                      data-testid="search-sort"
                    />
                    <SegmentedControl
                      selectedId={form.sort_flg === 2 ? 'desc' : 'asc'}
                      options={[{ id: 'asc', text: t('search.conditions.ascending') }, { id: 'desc', text: t('search.conditions.descending') }]}
                      onChange={({ detail }) => change({ sort_flg: detail.selectedId === 'desc' ? 2 : 1 })}
                    />
                  </SpaceBetween>
                </FormField>
              </ColumnLayout>
              <PropertyConditions items={propertyData?.items} conditions={form.properties} errors={propertyErrors} onChange={(properties) => change({ properties })} />
              {form.folder ? (
                <FormField label={t('search.conditions.scope')} errorText={fieldErrors.folder_id}>
                  <RadioGroup
                    value={form.in_folder ? 'folder' : 'drive'}
                    items={[
                      { value: 'folder', label: t('search.conditions.scopeFolder', { name: form.folder_name || '…' }) },
                      { value: 'drive', label: t('search.conditions.scopeDrive') },
                    ]}
                    onChange={({ detail }) => change({ in_folder: detail.value === 'folder' })}
                    data-testid="search-scope"
                  />
                </FormField>
              ) : null}
            </SpaceBetween>
          </Container>
        </Form>
      </form>
      <Table<SearchHit>
        data-testid="search-table"
        variant="container"
        items={items}
        trackBy="id"
        columnDefinitions={columns}
        {...displayProps(display)}
        loading={loading && !results}
        loadingText={t('search.loading')}
        ariaLabels={collectionAriaLabels<SearchHit>(t, t('search.tableLabel'), (hit) => hit.name)}
        header={
          <Header variant="h2" counter={results ? `(${items.length}${results.cursor ? '+' : ''})` : undefined} data-testid="search-results-header">
            {t('search.title')}
          </Header>
        }
        empty={
          results && !loading ? (
            <PlacedEmptyState testId="search-empty" title={t('search.empty.title')} description={t('search.empty.description')} goToDrive={t('places.favorites.empty.goToDrive')} navigate={navigate} />
          ) : (
            <Box textAlign="center" color="inherit">{t('search.start')}</Box>
          )
        }
        footer={
          results?.cursor ? (
            <SpaceBetween size="s">
              {results.capped ? <Alert type="info" data-testid="search-read-limit">{t('search.readLimit')}</Alert> : null}
              <Box textAlign="center">
                <Button loading={loading} onClick={() => void run(results.cursor!)} data-testid="search-load-more">
                  {t('search.loadMore')}
                </Button>
              </Box>
            </SpaceBetween>
          ) : undefined
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
    </SpaceBetween>
  );
}
