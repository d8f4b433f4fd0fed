import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { CollectionPagination, collectionAriaLabels, ListPreferences, RefreshButton } from '@/components/collection.tsx';
import { ListErrorState } from '@/components/list-error.tsx';
import { usePageLayout } from '@/components/page-layout.tsx';
import { useCursorPaging } from '@/lib/cursor-paging.ts';
import { readPageSize, writePageSize, type PageSize } from '@/lib/paging.ts';
import { useIntakeLog, type IntakeLogEntry } from '../../api/list-intake-log.ts';
import { useMailAddresses } from '../../api/list-mail-addresses.ts';
import { INTAKE_LOG_HREF, intakeLogColumns, PAGE_SIZE_KEY } from './table-config.tsx';

const ALL = '';

/**
 * The intake log (/intake-log, administrators; docs/drive.md "Receiving documents by mail"): every
 * mail received at the contract's intake addresses, newest first, a page at a time — who sent it,
 * SES's verdicts, the files it made or why it was refused — filtered by address. Read only.
 */
export default function IntakeLogPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  usePageLayout([{ text: t('intake.log.title'), href: INTAKE_LOG_HREF }], 'table');

  const [pageSize, setPageSize] = useState<PageSize>(() => readPageSize(PAGE_SIZE_KEY));
  const [addressId, setAddressId] = useState(ALL);
  const paging = useCursorPaging(`${pageSize}|${addressId}`);
  const { current, error, isValidating, mutate } = useIntakeLog({
    page_size: pageSize,
    ...(addressId !== ALL ? { address_id: addressId } : {}),
    ...(paging.cursor ? { cursor: paging.cursor } : {}),
  });
  const addresses = useMailAddresses();
  const addressNames = useMemo(() => new Map((addresses.data?.addresses ?? []).map((address) => [address.address_id, address.address])), [addresses.data]);
  const items = useMemo(() => current?.entries ?? [], [current]);
  const columns = useMemo(() => intakeLogColumns(t, language, addressNames), [t, language, addressNames]);

  const allOption: SelectProps.Option = { value: ALL, label: t('intake.log.allAddresses') };
  const options: SelectProps.Option[] = [
    allOption,
    ...(addresses.data?.addresses ?? []).map((address) => ({ value: address.address_id, label: address.address, description: address.folder_name ?? undefined })),
  ];
  const selected = options.find((option) => option.value === addressId) ?? allOption;

  return (
    <Table<IntakeLogEntry>
      data-testid="intake-log-table"
      variant="full-page"
      stickyHeader
      wrapLines
      items={items}
      trackBy="entry_id"
      columnDefinitions={columns}
      loading={!current && error === undefined}
      loadingText={t('intake.log.loading')}
      ariaLabels={collectionAriaLabels<IntakeLogEntry>(t, t('intake.log.tableLabel'), (entry) => entry.subject || entry.from)}
      header={
        <Header
          variant="awsui-h1-sticky"
          description={t('intake.log.description')}
          actions={<RefreshButton testId="intake-log-refresh" loading={isValidating && current !== undefined} onRefresh={() => void mutate()} />}
        >
          {t('intake.log.title')}
        </Header>
      }
      filter={
        <SpaceBetween direction="horizontal" size="s">
          <FormField label={t('intake.log.address')}>
            <Select
              selectedOption={selected}
              options={options}
              onChange={({ detail }) => setAddressId(detail.selectedOption.value ?? ALL)}
              statusType={addresses.isLoading ? 'loading' : 'finished'}
              loadingText={t('common.loading')}
              data-testid="intake-log-address"
            />
          </FormField>
        </SpaceBetween>
      }
      empty={
        error !== undefined && !current ? (
          <ListErrorState error={error} onRetry={() => void mutate()} />
        ) : (
          <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }} data-testid="intake-log-empty">
            {addressId === ALL ? t('intake.log.empty') : t('intake.log.emptyFiltered')}
          </Box>
        )
      }
      pagination={<CollectionPagination {...paging.paginationProps(current?.next_cursor)} />}
      preferences={
        <ListPreferences
          pageSize={pageSize}
          onChange={(size) => {
            setPageSize(size);
            writePageSize(PAGE_SIZE_KEY, size);
          }}
        />
      }
    />
  );
}
