import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@/components/app-modal.tsx';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { codes } from '@shared/codes.ts';
import { ApiError, isAbortError, reportApiError } from '@/lib/api-client.ts';
import type { DriveItem } from '../api/get-file-info.ts';
import { trashItems, type TrashItemsResponse } from '../api/trash-items.ts';
import { isBookkeepingDocument } from '../utils/bookkeeping.ts';
import { ReasonField, reasonMissing } from './bookkeeping-parts.tsx';
import { seenItems } from '../utils/seen-items.ts';

/**
 * Confirms moving the selected entries to the trash; the answer says which went and which did not.
 * When bookkeeping documents are among them, the deletion is logical and recorded: a reason is required.
 * A folder holding such documents is known only to the server: its -4 on `reason` (saying how many)
 * turns the dialog into one that asks for the reason.
 */
export function TrashModal({ items, onDismiss, onDone }: { items: DriveItem[]; onDismiss: () => void; onDone: (result: TrashItemsResponse) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const only = items.length === 1 ? items[0]! : undefined;
  const [folderNote, setFolderNote] = useState<string | undefined>();
  const bookkeeping = items.filter(isBookkeepingDocument).length;
  const asksReason = bookkeeping > 0 || folderNote !== undefined;
  const reasonError = asksReason && submitted && reasonMissing(reason) ? t('validation.bookkeepingReasonRequired') : undefined;

  const confirm = async () => {
    setSubmitted(true);
    if (asksReason && reasonMissing(reason)) return;
    setBusy(true);
    try {
      const entries = seenItems(items);
      onDone(await trashItems({ items: entries, ...(asksReason ? { reason } : {}) }, { silent: true }));
    } catch (error) {
      if (error instanceof ApiError && error.code === codes.input.code && error.fields.reason && !asksReason) {
        setFolderNote(error.fields.reason);
        setSubmitted(false);
        return;
      }
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
        {asksReason && (
          <>
            <Alert type="info" data-testid="trash-bookkeeping-note">
              {folderNote ?? t('bookkeeping.trash.bookkeepingNote', { count: bookkeeping })}
            </Alert>
            <ReasonField kind="deletion" value={reason} onChange={setReason} errorText={reasonError} testId="trash-reason" />
          </>
        )}
      </SpaceBetween>
    </Modal>
  );
}
