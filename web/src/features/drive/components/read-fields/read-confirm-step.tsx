import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { formatBytes, percent } from '@/lib/format.ts';
import type { DriveItem } from '../../api/get-file-info.ts';
import { useTransfers } from '../../utils/transfer-queue.ts';
import { EditDetailsForm, type EditDetailsFormHandle } from '../edit-details-form.tsx';

/** One file of a detailed registration on its way: its transfer once queued, the file once its bytes are confirmed. */
export interface FollowedUpload {
  name: string;
  size: number;
  transferId?: string;
  item?: DriveItem;
  /** The upload never started (its name-conflict question was cancelled). */
  dropped?: boolean;
}

/** Until the file is there: its upload's progress, or what became of it. */
function UploadState({ upload }: { upload: FollowedUpload }) {
  const { t } = useTranslation();
  const transfer = useTransfers().find((entry) => entry.id === upload.transferId);
  const name = upload.name;
  const state = (kind: string, body: ReactNode) => (
    <div data-testid="read-confirm-state" data-state={kind}>
      {body}
    </div>
  );
  if (upload.dropped) return state('dropped', <StatusIndicator type="stopped">{t('readFields.confirmStep.notStarted', { name })}</StatusIndicator>);
  if (!transfer) return state('waiting', <StatusIndicator type="loading">{t('readFields.confirmStep.waiting')}</StatusIndicator>);
  switch (transfer.state) {
    case 'failed':
      return state(
        'failed',
        <SpaceBetween size="xxs">
          <StatusIndicator type="error">{t('readFields.confirmStep.failed', { name, error: transfer.error ?? '' })}</StatusIndicator>
          <Box variant="small" color="text-body-secondary">
            {t('readFields.confirmStep.failedHint')}
          </Box>
        </SpaceBetween>,
      );
    case 'cancelled':
      return state('cancelled', <StatusIndicator type="stopped">{t('readFields.confirmStep.cancelled', { name })}</StatusIndicator>);
    case 'done':
      // The bytes are stored; the storage event confirms them (usually within a second).
      return state('processing', <StatusIndicator type="loading">{t('readFields.confirmStep.processing')}</StatusIndicator>);
    default:
      return state(
        'uploading',
        <ProgressBar
          value={percent(transfer.loaded, transfer.size)}
          label={t('readFields.confirmStep.uploading', { name })}
          description={t('drive.upload.progress', { loaded: formatBytes(transfer.loaded), total: formatBytes(transfer.size) })}
        />,
      );
  }
}

/**
 * One file in the confirmation step of detailed registration: its upload until its bytes are
 * confirmed, then its details (as registered) with the values read from it offered beside them —
 * "Reading the document…" while the reading is on its way. The dialog's footer saves (`form`) or skips.
 */
export function ReadConfirmStep({
  upload,
  form,
  onSaved,
  onUnchanged,
  onStale,
}: {
  upload: FollowedUpload;
  form: Ref<EditDetailsFormHandle>;
  onSaved: (item: DriveItem) => void;
  onUnchanged: () => void;
  onStale: () => Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <SpaceBetween size="m">
      <Header variant="h3" description={formatBytes(upload.size)}>
        <span data-testid="read-confirm-file">{upload.item?.name ?? upload.name}</span>
      </Header>
      {upload.item ? (
        // The details as they are now: a new answer after a conflict starts the form again.
        <EditDetailsForm key={`${upload.item.id}:${upload.item.row_version}`} ref={form} file={upload.item} onSaved={onSaved} onUnchanged={onUnchanged} onStale={onStale} />
      ) : (
        <UploadState upload={upload} />
      )}
      <Box variant="small" color="text-body-secondary">
        {t('readFields.confirmStep.skippedNote')}
      </Box>
    </SpaceBetween>
  );
}
