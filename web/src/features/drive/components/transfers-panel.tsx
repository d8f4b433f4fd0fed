import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Icon from '@cloudscape-design/components/icon';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { formatBytes, percent } from '@/lib/format.ts';
import { scanWarnings } from '../utils/scan-warnings.tsx';
import { cancelTransfer, clearFinishedTransfers, retryTransfer, summarize, useTransfers, type Transfer } from '../utils/transfer-queue.ts';

// What resumes or discards an upload cut off by a reload loads with the uploads' own code, when used.
const uploads = () => import('../utils/transfers.tsx');

/**
 * An upload cut off by a reload: how far it got, and the file to pick again (the same one: name,
 * size and last change) to send the rest, or Discard to withdraw it.
 */
function PausedRow({ transfer }: { transfer: Transfer }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div data-testid="transfer-row" data-file-name={transfer.name} data-state={transfer.state}>
      <SpaceBetween size="xs">
        <ProgressBar
          label={transfer.name}
          description={t('transfers.to', { place: transfer.place })}
          value={percent(transfer.loaded, transfer.size)}
          additionalInfo={t('transfers.state.paused', { loaded: formatBytes(transfer.loaded), total: formatBytes(transfer.size) })}
        />
        <Box color="text-body-secondary" fontSize="body-s">{t('transfers.resume.hint')}</Box>
        <SpaceBetween direction="horizontal" size="xs">
          <Button iconName="upload" ariaLabel={t('transfers.resume.chooseNamed', { name: transfer.name })} onClick={() => input.current?.click()} nativeButtonAttributes={{ 'data-testid': 'transfer-resume' }}>
            {t('transfers.resume.choose')}
          </Button>
          <Button ariaLabel={t('transfers.resume.discardNamed', { name: transfer.name })} onClick={() => void uploads().then((module) => module.discardUpload(transfer))} nativeButtonAttributes={{ 'data-testid': 'transfer-discard' }}>
            {t('transfers.resume.discard')}
          </Button>
        </SpaceBetween>
        {transfer.error && (
          <div data-testid="transfer-resume-error">
            <StatusIndicator type="error">{transfer.error}</StatusIndicator>
          </div>
        )}
      </SpaceBetween>
      <input
        ref={input}
        type="file"
        hidden
        aria-label={t('transfers.resume.inputLabel')}
        data-testid="transfer-resume-input"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) void uploads().then((module) => module.resumeUpload(transfer, file));
        }}
      />
    </div>
  );
}

/** One transfer: name and destination, its bar, and what can be done with it now. */
function TransferRow({ transfer }: { transfer: Transfer }) {
  const { t, i18n } = useTranslation();
  if (transfer.state === 'paused') return <PausedRow transfer={transfer} />;
  const active = transfer.state === 'queued' || transfer.state === 'running';
  const status = transfer.state === 'failed' ? 'error' : transfer.state === 'done' ? 'success' : 'in-progress';
  const description =
    transfer.state === 'running'
      ? t('transfers.state.running', { loaded: formatBytes(transfer.loaded), total: formatBytes(transfer.size) })
      : transfer.state === 'queued' || transfer.state === 'cancelled'
        ? t(`transfers.state.${transfer.state}`)
        : // Done and failed say it in the bar's result.
          undefined;
  return (
    <div data-testid="transfer-row" data-file-name={transfer.name} data-state={transfer.state}>
      <ProgressBar
        label={
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            <span>{transfer.name}</span>
            {active && (
              <Button
                variant="inline-icon"
                iconName="close"
                ariaLabel={t('transfers.cancelNamed', { name: transfer.name })}
                onClick={() => cancelTransfer(transfer.id)}
                nativeButtonAttributes={{ 'data-testid': 'transfer-cancel' }}
              />
            )}
            {transfer.state === 'cancelled' && (
              <Button variant="inline-link" onClick={() => void retryTransfer(transfer.id)} nativeButtonAttributes={{ 'data-testid': 'transfer-retry' }}>
                {t('transfers.retry')}
              </Button>
            )}
          </SpaceBetween>
        }
        description={t('transfers.to', { place: transfer.place })}
        value={transfer.state === 'done' ? 100 : percent(transfer.loaded, transfer.size)}
        status={status}
        additionalInfo={description}
        resultText={transfer.state === 'failed' ? transfer.error ?? '' : t('transfers.state.done')}
        resultButtonText={transfer.state === 'failed' ? t('transfers.retry') : undefined}
        onResultButtonClick={() => void retryTransfer(transfer.id)}
      />
      {/* What the stored file fails (the scanner-storage rules, the input deadline), once its checks are in. */}
      {transfer.scan && (
        <div data-testid="transfer-warnings">
          <SpaceBetween size="xxs">
            {/* Icon and text, not a status indicator: that one breaks long English words anywhere in a narrow drawer. */}
            {scanWarnings(transfer.scan, t, i18n.language === 'ja' ? 'ja' : 'en').map((warning) => (
              <Box key={warning} color="text-status-warning">
                <Icon name="status-warning" variant="warning" /> {warning}
              </Box>
            ))}
          </SpaceBetween>
        </div>
      )}
    </div>
  );
}

/** The transfers drawer: this tab's uploads, newest first, with a summary and the batch actions. */
export function TransfersPanel() {
  const { t } = useTranslation();
  const transfers = useTransfers();
  const summary = summarize(transfers);
  const failed = transfers.filter((transfer) => transfer.state === 'failed');
  return (
    <Box padding="m" data-testid="transfers-panel">
      <SpaceBetween size="m">
        {/* No header actions: the drawer's close button sits at the top right. */}
        <Header
          variant="h2"
          description={
            summary.total === 0
              ? undefined
              : summary.failed > 0
                ? t('transfers.summaryFailed', { done: summary.done, total: summary.total, failed: summary.failed })
                : summary.paused > 0
                  ? t('transfers.summaryPaused', { done: summary.done, total: summary.total, paused: summary.paused })
                  : t('transfers.summary', { done: summary.done, total: summary.total })
          }
        >
          {t('transfers.header')}
        </Header>
        {summary.total > 0 && (
          <SpaceBetween direction="horizontal" size="xs">
            {failed.length > 0 && <Button onClick={() => failed.forEach((transfer) => void retryTransfer(transfer.id))}>{t('transfers.retryAll')}</Button>}
            <Button disabled={summary.total === summary.active + summary.paused} onClick={clearFinishedTransfers} data-testid="transfers-clear">
              {t('transfers.clearFinished')}
            </Button>
          </SpaceBetween>
        )}
        {transfers.length === 0 ? (
          <Box color="text-body-secondary">{t('transfers.empty')}</Box>
        ) : (
          transfers.map((transfer) => <TransferRow key={transfer.id} transfer={transfer} />)
        )}
      </SpaceBetween>
    </Box>
  );
}
