import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@/components/app-modal.tsx';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { DriveItem } from '../api/get-file-info.ts';
import { EditDetailsForm, editDetailsSize, type EditDetailsFormHandle } from './edit-details-form.tsx';

/**
 * "Edit details" of one file (edit-details-form.tsx): the document's fields, with the values read
 * from the document offered beside them; Save in the footer.
 */
export function EditDetailsModal({
  file,
  onDismiss,
  onSaved,
  onStale,
}: {
  file: DriveItem;
  onDismiss: () => void;
  onSaved: (item: DriveItem, newVersion: boolean, confirmed: boolean) => void;
  /** Reload and close: the file changed since it was read. */
  onStale: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useRef<EditDetailsFormHandle>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await form.current?.submit();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      visible
      size={editDetailsSize(file)}
      data-testid="edit-details-modal"
      onDismiss={onDismiss}
      header={t('bookkeeping.edit.title', { name: file.name })}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" formAction="none" onClick={onDismiss} nativeButtonAttributes={{ 'data-testid': 'edit-details-cancel' }}>
              {t('common.cancel')}
            </Button>
            <Button variant="primary" loading={busy} onClick={() => void save()} nativeButtonAttributes={{ 'data-testid': 'edit-details-submit' }}>
              {t('bookkeeping.edit.submit')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <EditDetailsForm ref={form} file={file} onSaved={onSaved} onStale={onStale} />
    </Modal>
  );
}
