import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { formatBytes, percent } from '@/lib/format.ts';
import { cancelTransfer, clearFinishedTransfers, retryTransfer, summarize, useTransfers, type Transfer } from '../utils/transfer-queue.ts';

/** One transfer: name and destination, its bar, and what can be done with it now. */
function TransferRow({ transfer }: { transfer: Transfer }) {
  const { t } = useTranslation();
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
                : t('transfers.summary', { done: summary.done, total: summary.total })
          }
        >
          {t('transfers.header')}
        </Header>
        {summary.total > 0 && (
          <SpaceBetween direction="horizontal" size="xs">
            {failed.length > 0 && <Button onClick={() => failed.forEach((transfer) => void retryTransfer(transfer.id))}>{t('transfers.retryAll')}</Button>}
            <Button disabled={summary.total === summary.active} onClick={clearFinishedTransfers} data-testid="transfers-clear">
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
