import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TFunction } from 'i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { CollectionPagination } from '@/components/collection.tsx';
import { FileRequestStateIndicator } from '@/components/file-request-state.tsx';
import { ListErrorState } from '@/components/list-error.tsx';
import { useCursorPaging } from '@/lib/cursor-paging.ts';
import { formatDateTime, type DisplayLanguage } from '@/lib/format.ts';
import { useFileRequests, type ContractFileRequest } from '../../api/list-file-requests.ts';
import { useIntakeAddresses, type IntakeAddress } from '../../api/list-intake-addresses.ts';

const INTAKE_LOG_HREF = '/intake-log';
const REQUESTS_PAGE_SIZE = 50;
const folderHref = (id: string): string => (id === 'root' ? '/storage' : `/storage?folder=${encodeURIComponent(id)}`);

/** A link's click, in the app: the router's navigation instead of a page load. */
type Follow = (href: string) => (event: CustomEvent) => void;


function addressColumns(t: TFunction, follow: Follow): TableProps.ColumnDefinition<IntakeAddress>[] {
  return [
    {
      id: 'address',
      header: t('intake.receiving.columnAddress'),
      isRowHeader: true,
      cell: (address) => (
        <span data-testid="settings-intake-address" data-address-id={address.address_id}>
          <CopyToClipboard variant="inline" textToCopy={address.address} copyButtonAriaLabel={t('intake.receiving.copy')} copySuccessText={t('intake.receiving.copied')} copyErrorText={t('intake.receiving.copyFailed')} />
        </span>
      ),
    },
    {
      id: 'folder',
      header: t('intake.receiving.columnFolder'),
      cell: (address) =>
        address.folder_name === null ? (
          <StatusIndicator type="warning">{t('intake.receiving.folderGone')}</StatusIndicator>
        ) : (
          <Link href={folderHref(address.folder_id)} onFollow={follow(folderHref(address.folder_id))}>
            {address.folder_name}
          </Link>
        ),
    },
    { id: 'style', header: t('intake.receiving.columnStyle'), cell: (address) => (address.document_style ? t(`versions.documentStyles.${address.document_style}`) : t('intake.receiving.generalStyle')) },
    { id: 'senders', header: t('intake.receiving.columnSenders'), cell: (address) => (address.allowed_senders.length === 0 ? t('intake.receiving.anySender') : address.allowed_senders.join(', ')) },
    { id: 'keep', header: t('intake.receiving.columnKeepMail'), cell: (address) => (address.keep_mail === 1 ? t('intake.receiving.keepMail') : t('intake.receiving.noKeepMail')) },
  ];
}

function requestColumns(t: TFunction, language: DisplayLanguage, follow: Follow): TableProps.ColumnDefinition<ContractFileRequest>[] {
  return [
    {
      id: 'folder',
      header: t('intake.receiving.columnFolder'),
      isRowHeader: true,
      cell: (request) => (
        <span data-testid="settings-file-request" data-request-id={request.request_id}>
          <Link href={folderHref(request.folder_id)} onFollow={follow(folderHref(request.folder_id))}>
            {request.folder_name}
          </Link>
        </span>
      ),
    },
    { id: 'title', header: t('intake.receiving.columnTitle'), cell: (request) => request.title },
    { id: 'creator', header: t('intake.receiving.columnCreator'), cell: (request) => `${request.creator_nm} (${request.creator_id})` },
    {
      id: 'state',
      header: t('intake.receiving.columnState'),
      cell: (request) => (
        <span className="share-link-state" data-testid="settings-file-request-state" data-state={request.state}>
          <FileRequestStateIndicator state={request.state} />
        </span>
      ),
    },
    { id: 'received', header: t('intake.receiving.columnReceived'), cell: (request) => t('intake.receiving.receivedOf', { count: request.files_received, max: request.max_files }) },
    { id: 'expires', header: t('intake.receiving.columnExpires'), minWidth: 140, cell: (request) => <span className="date-time-cell">{formatDateTime(request.expires_at, language)}</span> },
  ];
}

/**
 * "Receiving documents" (書類の受け取り) of the common settings, read-only and outside the form: the
 * contract's intake addresses (each one is made and changed from its folder's menu in the drive),
 * the way to the intake log, whether this environment receives mail at all, and every file-request
 * link of the contract.
 */
export function ReceivingContainer() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  const navigate = useNavigate();
  const follow = useCallback<Follow>(
    (href) => (event) => {
      event.preventDefault();
      navigate(href);
    },
    [navigate],
  );
  const addresses = useIntakeAddresses();
  const paging = useCursorPaging(String(REQUESTS_PAGE_SIZE));
  const requests = useFileRequests({ page_size: REQUESTS_PAGE_SIZE, ...(paging.cursor ? { cursor: paging.cursor } : {}) });
  const addressCols = useMemo(() => addressColumns(t, follow), [t, follow]);
  const requestCols = useMemo(() => requestColumns(t, language, follow), [t, language, follow]);

  return (
    <Container
      data-testid="settings-receiving"
      header={
        <Header variant="h2" description={t('intake.receiving.description')}>
          {t('intake.receiving.title')}
        </Header>
      }
    >
      <SpaceBetween size="l">
        {addresses.data?.domain === null && (
          <Alert type="info" data-testid="settings-intake-not-configured">
            {t('intake.receiving.notConfigured')}
          </Alert>
        )}
        <Table<IntakeAddress>
          data-testid="settings-intake-addresses"
          variant="embedded"
          wrapLines
          items={addresses.data?.addresses ?? []}
          trackBy="address_id"
          columnDefinitions={addressCols}
          loading={!addresses.data && addresses.error === undefined}
          loadingText={t('intake.receiving.addressesLoading')}
          ariaLabels={{ tableLabel: t('intake.receiving.addressesLabel') }}
          header={
            <Header
              variant="h3"
              description={t('intake.receiving.addressesDescription')}
              actions={
                <Link href={INTAKE_LOG_HREF} onFollow={follow(INTAKE_LOG_HREF)} data-testid="settings-intake-log-link">
                  {t('intake.receiving.openLog')}
                </Link>
              }
            >
              {t('intake.receiving.addresses')}
            </Header>
          }
          empty={
            addresses.error !== undefined && !addresses.data ? (
              <ListErrorState error={addresses.error} onRetry={() => void addresses.mutate()} />
            ) : (
              <Box textAlign="center" color="inherit" padding={{ vertical: 's' }}>
                {t('intake.receiving.addressesEmpty')}
              </Box>
            )
          }
        />
        <Table<ContractFileRequest>
          data-testid="settings-file-requests"
          variant="embedded"
          wrapLines
          items={requests.current?.requests ?? []}
          trackBy="request_id"
          columnDefinitions={requestCols}
          loading={!requests.current && requests.error === undefined}
          loadingText={t('intake.receiving.requestsLoading')}
          ariaLabels={{ tableLabel: t('intake.receiving.requestsLabel') }}
          header={
            <Header variant="h3" description={t('intake.receiving.requestsDescription')}>
              {t('intake.receiving.requests')}
            </Header>
          }
          pagination={<CollectionPagination {...paging.paginationProps(requests.current?.next_cursor)} />}
          empty={
            requests.error !== undefined && !requests.current ? (
              <ListErrorState error={requests.error} onRetry={() => void requests.mutate()} />
            ) : (
              <Box textAlign="center" color="inherit" padding={{ vertical: 's' }}>
                {t('intake.receiving.requestsEmpty')}
              </Box>
            )
          }
        />
      </SpaceBetween>
    </Container>
  );
}
