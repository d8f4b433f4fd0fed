import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { isAbortError, reportApiError } from '@/lib/api-client.ts';
import type { DriveItem } from '../api/get-file-info.ts';
import { trashItems, type TrashItemsResponse } from '../api/trash-items.ts';

/** Confirms moving the selected entries to the trash; the answer says which went and which did not. */
export function TrashModal({ items, onDismiss, onDone }: { items: DriveItem[]; onDismiss: () => void; onDone: (result: TrashItemsResponse) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const only = items.length === 1 ? items[0]! : undefined;

  const confirm = async () => {
    setBusy(true);
    try {
      onDone(await trashItems({ items: items.map(({ id, type, row_version }) => ({ id, type, row_version })) }, { silent: true }));
    } catch (error) {
      // Every entry refused: the call answered the first refusal, which the error dialog shows.
      if (!isAbortError(error)) reportApiError(error);
      onDismiss();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      visible
      data-testid="trash-modal"
      onDismiss={onDismiss}
      header={t('drive.trash.title')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss} nativeButtonAttributes={{ 'data-testid': 'trash-cancel' }}>
              {t('common.cancel')}
            </Button>
            <Button variant="primary" loading={busy} onClick={() => void confirm()} nativeButtonAttributes={{ 'data-testid': 'trash-submit' }}>
              {t('drive.trash.submit')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="s">
        <Box variant="p">{only ? t('drive.trash.bodyOne', { name: only.name }) : t('drive.trash.bodyMany', { count: items.length })}</Box>
        <Box variant="small" color="text-body-secondary">
          {t('drive.trash.note')}
        </Box>
      </SpaceBetween>
    </Modal>
  );
}
