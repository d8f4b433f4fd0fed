import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button, { type ButtonProps } from '@cloudscape-design/components/button';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';
import Modal from '@/components/app-modal.tsx';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import Tabs from '@cloudscape-design/components/tabs';
import { CollectionPagination } from '@/components/collection.tsx';
import { useCursorPaging } from '@/lib/cursor-paging.ts';
import { ListErrorState } from '@/components/list-error.tsx';
import { reportRefusal } from '@/lib/api-client.ts';
import { formatBytes, formatDateTime } from '@/lib/format.ts';
import { newNotificationId, notify, SUCCESS_DISMISS_MS } from '@/lib/notifications.ts';
import { useFileHistory, type FileVersion } from '../api/file-history.ts';
import type { DriveItem } from '../api/get-file-info.ts';
import { restoreVersion } from '../api/restore-version.ts';
import { refreshDocumentHistory } from '../api/document-history.ts';
import { isBookkeepingDocument, shortHash } from '../utils/bookkeeping.ts';
import { ReasonField, reasonMissing, ScannerCheckStatus } from './bookkeeping-parts.tsx';
import { DocumentHistoryTable } from './document-history-table.tsx';

const HISTORY_PAGE_SIZE = 50;

/** Who made a version: the name as the user list has it, with the user ID (a deleted user: the ID alone). */
function VersionMaker({ version }: { version: FileVersion }) {
  return (
    <span data-testid="version-maker" title={version.regist_user_id}>
      {version.regist_user_nm ? `${version.regist_user_nm} (${version.regist_user_id})` : version.regist_user_id}
    </span>
  );
}

/**
 * A file's versions (SPEC.md §2 "version history"), newest first: download any of them, or restore
 * an earlier one as the newest after a confirmation (a copy becomes a new version, the current one
 * is kept). The list refreshes after a restore; the table pages by the server's cursor. Each
 * version says what made it (new bytes or corrected details), the correction's reason, its SHA-256
 * and (scanner storage) its scanner check; a bookkeeping document's restore asks for a reason, and
 * its correction and deletion history is the second tab.
 */
export function VersionHistoryModal({
  file,
  mayRestore,
  onDismiss,
  onRestored,
  onDownload,
}: {
  file: DriveItem;
  /** Whether the caller may change this file (the drive level's item rule). */
  mayRestore: boolean;
  onDismiss: () => void;
  onRestored: (item: DriveItem) => void;
  onDownload: (version: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  const paging = useCursorPaging(file.id);
  const cursor = paging.cursor;
  const { current, error, isLoading, mutate } = useFileHistory({ id: file.id, page_size: HISTORY_PAGE_SIZE, ...(cursor ? { cursor } : {}) });
  const versions = current?.versions ?? [];
  const [confirming, setConfirming] = useState<FileVersion>();
  const [busy, setBusy] = useState(false);
  const [restoreError, setRestoreError] = useState<string>();
  const [tab, setTab] = useState('versions');
  const [reason, setReason] = useState('');
  const [reasonSubmitted, setReasonSubmitted] = useState(false);
  const document = current?.item ?? file;
  const bookkeeping = isBookkeepingDocument(document);
  const scanner = document.document_style === 'scanner' || versions.some((version) => version.scanner_check !== undefined);
  const showHashes = bookkeeping || versions.some((version) => version.sha256 !== undefined);
  const reasonError = bookkeeping && reasonSubmitted && reasonMissing(reason) ? t('validation.bookkeepingReasonRequired') : undefined;
  const confirmButton = useRef<ButtonProps.Ref>(null);
  // The confirmation takes the focus, so the keyboard answers it at once.
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);
  const hasMore = !!current?.next_cursor;

  const restore = async (version: FileVersion) => {
    if (!current) return;
    setReasonSubmitted(true);
    if (bookkeeping && reasonMissing(reason)) return;
    setBusy(true);
    setRestoreError(undefined);
    try {
      // The history's own read of the file is the freshest row_version the dialog knows.
      const { item } = await restoreVersion({ id: file.id, version: version.version, row_version: current.item.row_version, ...(bookkeeping ? { reason } : {}) }, { silent: true });
      setConfirming(undefined);
      setReason('');
      setReasonSubmitted(false);
      void refreshDocumentHistory(file.id);
      notify(
        {
          id: newNotificationId('version-restored'),
          type: 'success',
          header: t('versions.history.restored', { version: version.version, name: item.name, newVersion: item.version }),
          dismissLabel: t('common.close'),
        },
        SUCCESS_DISMISS_MS,
      );
      paging.reset();
      await mutate();
      onRestored(item);
    } catch (failure) {
      reportRefusal(failure, (refusal) => {
        setRestoreError(refusal.message);
        void mutate();
      });
    } finally {
      setBusy(false);
    }
  };

  const versionsContent = (
    <SpaceBetween size="m">
      {restoreError && (
        <Alert type="error" dismissible onDismiss={() => setRestoreError(undefined)} data-testid="version-restore-error">
          {restoreError}
        </Alert>
      )}
      {confirming && (
        <Alert
          type="warning"
          header={t('versions.history.confirmTitle', { version: confirming.version })}
          data-testid="version-restore-confirm"
          action={
            <SpaceBetween direction="horizontal" size="xs">
              <Button
                onClick={() => {
                  setConfirming(undefined);
                  setReasonSubmitted(false);
                }}
                disabled={busy} nativeButtonAttributes={{ 'data-testid': 'version-restore-cancel' }}>
                {t('common.cancel')}
              </Button>
              <Button ref={confirmButton} variant="primary" loading={busy} onClick={() => void restore(confirming)} nativeButtonAttributes={{ 'data-testid': 'version-restore-submit' }}>
                {t('versions.history.confirmSubmit')}
              </Button>
            </SpaceBetween>
          }
        >
          <SpaceBetween size="s">
            <span>{t('versions.history.confirmText', { version: confirming.version })}</span>
            {bookkeeping && (
              <ReasonField
                kind="correction"
                value={reason}
                onChange={setReason}
                errorText={reasonError}
                description={t('bookkeeping.restore.reasonNote')}
                testId="version-restore-reason"
              />
            )}
          </SpaceBetween>
        </Alert>
      )}
      <Table<FileVersion>
        data-testid="version-table"
        variant="embedded"
        wrapLines={bookkeeping}
        items={versions}
        trackBy="version"
        loading={isLoading && !current}
        loadingText={t('versions.history.loading')}
        ariaLabels={{ tableLabel: t('versions.history.tableLabel') }}
        columnDefinitions={[
          {
            id: 'version',
            header: t('versions.history.columns.version'),
            cell: (version) => (
              <SpaceBetween direction="horizontal" size="xs">
                <span data-testid="version-number">{t('versions.history.versionLabel', { version: version.version })}</span>
                {version.current && <Badge color="green">{t('versions.history.current')}</Badge>}
                {version.scan_status === 'THREATS_FOUND' && (
                  <StatusIndicator type="error" data-testid={`version-threat-${version.version}`}>
                    {t('drive.scan.THREATS_FOUND')}
                  </StatusIndicator>
                )}
                {version.restored_from !== undefined && (
                  <Box variant="small" color="text-body-secondary">
                    {t('versions.history.restoredFrom', { version: version.restored_from })}
                  </Box>
                )}
              </SpaceBetween>
            ),
          },
          {
            id: 'kind',
            header: t('bookkeeping.versions.columns.kind'),
            cell: (version) => <span data-testid={`version-kind-${version.version}`}>{t(`bookkeeping.versions.kinds.${version.kind}`)}</span>,
          },
          ...(bookkeeping || versions.some((version) => version.reason)
            ? [
                {
                  id: 'reason',
                  header: t('bookkeeping.versions.columns.reason'),
                  cell: (version: FileVersion) => <span data-testid={`version-reason-${version.version}`}>{version.reason ?? '-'}</span>,
                  minWidth: 180,
                },
              ]
            : []),
          { id: 'size', header: t('versions.history.columns.size'), cell: (version) => formatBytes(version.size) },
          // A bookkeeping document's wider table reads the date and the person in one column.
          ...(bookkeeping
            ? [
                {
                  id: 'date',
                  header: t('versions.history.columns.date'),
                  cell: (version: FileVersion) => (
                    <>
                      <Box variant="span" display="block">{formatDateTime(version.regist_date, language)}</Box>
                      <Box variant="small" color="text-body-secondary"><VersionMaker version={version} /></Box>
                    </>
                  ),
                },
              ]
            : [
                { id: 'by', header: t('versions.history.columns.by'), cell: (version: FileVersion) => <VersionMaker version={version} /> },
                { id: 'date', header: t('versions.history.columns.date'), cell: (version: FileVersion) => formatDateTime(version.regist_date, language) },
              ]),
          ...(showHashes
            ? [
                {
                  id: 'sha256',
                  header: t('bookkeeping.versions.columns.sha256'),
                  cell: (version: FileVersion) =>
                    version.sha256 ? (
                      <span title={version.sha256} data-testid={`version-sha-${version.version}`} data-sha256={version.sha256}>
                        <CopyToClipboard
                          variant="inline"
                          textToCopy={version.sha256}
                          textToDisplay={<code>{shortHash(version.sha256)}</code>}
                          copyButtonAriaLabel={t('bookkeeping.versions.copySha')}
                          copySuccessText={t('bookkeeping.versions.shaCopied')}
                          copyErrorText={t('bookkeeping.versions.shaCopyFailed')}
                        />
                      </span>
                    ) : (
                      '-'
                    ),
                },
              ]
            : []),
          ...(scanner
            ? [
                {
                  id: 'scanner',
                  header: t('bookkeeping.versions.columns.scannerCheck'),
                  cell: (version: FileVersion) => (
                    <ScannerCheckStatus check={version.scanner_check} file={version.fields ?? document} testId={`version-scanner-${version.version}`} />
                  ),
                },
              ]
            : []),
          {
            id: 'actions',
            header: t('versions.history.columns.actions'),
            cell: (version) => (
              <SpaceBetween direction="horizontal" size="xs">
                <Button
                  variant="inline-link"
                  iconName="download"
                  disabled={version.scan_status === 'THREATS_FOUND'}
                  disabledReason={t('drive.scan.blocked')}
                  ariaLabel={t('versions.history.downloadLabel', { version: version.version })}
                  onClick={() => onDownload(version.version)}
                  nativeButtonAttributes={{ 'data-testid': `version-download-${version.version}` }}
                >
                  {t('versions.history.download')}
                </Button>
                {mayRestore && (
                  <Button
                    variant="inline-link"
                    iconName="undo"
                    disabled={version.current || busy || version.scan_status === 'THREATS_FOUND'}
                    disabledReason={version.scan_status === 'THREATS_FOUND' ? t('drive.scan.blocked') : t('versions.history.restoreDisabledCurrent')}
                    ariaLabel={t('versions.history.restoreLabel', { version: version.version })}
                    onClick={() => {
                      setRestoreError(undefined);
                      setConfirming(version);
                    }}
                    nativeButtonAttributes={{ 'data-testid': `version-restore-${version.version}` }}
                  >
                    {t('versions.history.restore')}
                  </Button>
                )}
              </SpaceBetween>
            ),
          },
        ]}
        empty={
          error !== undefined && !current ? (
            <ListErrorState error={error} onRetry={() => void mutate()} />
          ) : (
            <Box textAlign="center" color="inherit" padding={{ vertical: 's' }} data-testid="version-empty">
              <Box variant="strong" color="inherit">
                {t('versions.history.emptyTitle')}
              </Box>
              <Box variant="p" color="inherit">
                {t('versions.history.emptyDescription')}
              </Box>
            </Box>
          )
        }
        pagination={
          paging.index > 0 || hasMore ? (
            <CollectionPagination {...paging.paginationProps(current?.next_cursor)} />
          ) : undefined
        }
      />
    </SpaceBetween>
  );

  return (
    <Modal
      visible
      size={bookkeeping ? 'max' : 'large'}
      data-testid="version-history-modal"
      onDismiss={onDismiss}
      header={t('versions.history.title', { name: file.name })}
      footer={
        <Box float="right">
          <Button onClick={onDismiss} nativeButtonAttributes={{ 'data-testid': 'version-history-close' }}>
            {t('versions.history.close')}
          </Button>
        </Box>
      }
    >
      {bookkeeping ? (
        <Tabs
          activeTabId={tab}
          onChange={({ detail }) => setTab(detail.activeTabId)}
          data-testid="version-history-tabs"
          tabs={[
            { id: 'versions', label: t('bookkeeping.versions.tabs.versions'), content: versionsContent },
            {
              id: 'corrections',
              label: t('bookkeeping.versions.tabs.corrections'),
              content: tab === 'corrections' ? <DocumentHistoryTable id={file.id} /> : null,
            },
          ]}
        />
      ) : (
        versionsContent
      )}
    </Modal>
  );
}
