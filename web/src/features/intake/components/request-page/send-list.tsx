import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { formatBytes, percent } from '@/lib/format.ts';
import type { RequestFileRefusal } from '../../utils/request-files.ts';
import { refusalText, type SendItem } from './use-request-files.ts';

/** One file's state in words: ready, waiting, its progress, sent with the name it got, or why not. */
function SendStatus({ item, refusal }: { item: SendItem; refusal: RequestFileRefusal | undefined }) {
  const { t } = useTranslation();
  switch (item.state) {
    case 'ready':
      return refusal ? <StatusIndicator type="error">{refusalText(t, refusal)}</StatusIndicator> : <StatusIndicator type="pending">{t('intake.request.ready')}</StatusIndicator>;
    case 'queued':
      return <StatusIndicator type="pending">{t('intake.request.waiting')}</StatusIndicator>;
    case 'sending': {
      const value = percent(item.loaded, item.file.size || 1);
      return <ProgressBar value={value} ariaLabel={t('intake.request.sending', { percent: value })} additionalInfo={t('intake.request.sending', { percent: value })} />;
    }
    case 'sent':
      return (
        <StatusIndicator type="success">
          {item.sentName !== undefined && item.sentName !== item.file.name ? t('intake.request.sentAs', { name: item.sentName }) : t('intake.request.sent')}
        </StatusIndicator>
      );
    case 'failed':
      return (
        <StatusIndicator type="error">
          {t('intake.request.failed')}: {item.error}
        </StatusIndicator>
      );
  }
}

/** The sender's files, in the order chosen: only theirs, never the folder's. */
export function SendList({ items, verdicts, busy, onRemove }: { items: readonly SendItem[]; verdicts: ReadonlyMap<string, RequestFileRefusal | undefined>; busy: boolean; onRemove: (key: string) => void }) {
  const { t } = useTranslation();
  return (
    <Table<SendItem>
      data-testid="request-page-files"
      variant="embedded"
      wrapLines
      items={[...items]}
      trackBy="key"
      ariaLabels={{ tableLabel: t('intake.request.tableLabel') }}
      empty={
        <Box textAlign="center" color="inherit" padding={{ vertical: 's' }}>
          {t('intake.request.empty')}
        </Box>
      }
      columnDefinitions={[
        {
          id: 'name',
          header: t('intake.request.columnName'),
          isRowHeader: true,
          cell: (item) => (
            <span data-testid="request-file" data-name={item.file.name} data-state={item.state}>
              {item.file.name}
            </span>
          ),
        },
        { id: 'size', header: t('intake.request.columnSize'), cell: (item) => formatBytes(item.file.size) },
        {
          id: 'status',
          header: t('intake.request.columnStatus'),
          minWidth: 220,
          cell: (item) => (
            <span data-testid="request-file-status">
              <SendStatus item={item} refusal={verdicts.get(item.key)} />
            </span>
          ),
        },
        {
          id: 'remove',
          header: '',
          cell: (item) =>
            item.state === 'ready' || item.state === 'failed' ? (
              <Button variant="icon" iconName="remove" disabled={busy} ariaLabel={t('intake.request.removeLabel', { name: item.file.name })} onClick={() => onRemove(item.key)} />
            ) : null,
        },
      ]}
    />
  );
}
