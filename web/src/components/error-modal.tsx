import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@/components/app-modal.tsx';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Icon from '@cloudscape-design/components/icon';
import { closeErrorModal, useCurrentErrorDialog, type ErrorDialog } from '@/lib/error-modal-store.ts';

/** The generic error modal: the server's message, an optional confirm action (SPEC.md §2). */
export function ErrorModal() {
  const dialog = useCurrentErrorDialog();
  if (!dialog) return null;
  return <ErrorModalContent key={dialog.id} dialog={dialog} />;
}

function ErrorModalContent({ dialog }: { dialog: ErrorDialog }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const close = () => closeErrorModal(dialog.id);
  const confirm = async () => {
    if (!dialog.confirm) return;
    setBusy(true);
    try {
      closeErrorModal(dialog.id);
      await dialog.confirm.onConfirm();
    } finally {
      setBusy(false);
    }
  };
  const icon =
    dialog.level === 'ERROR'
      ? ({ name: 'status-negative', variant: 'error' } as const)
      : dialog.level === 'WARN'
        ? ({ name: 'status-warning', variant: 'warning' } as const)
        : ({ name: 'status-info', variant: 'link' } as const);

  return (
    <Modal
      visible
      data-testid="error-modal"
      size="small"
      onDismiss={close}
      header={t(`errorModal.${dialog.level}`)}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            {dialog.confirm ? (
              <>
                <Button variant="link" onClick={close} nativeButtonAttributes={{ 'data-testid': 'error-modal-cancel' }}>
                  {t('common.cancel')}
                </Button>
                <Button variant="primary" loading={busy} onClick={() => void confirm()} nativeButtonAttributes={{ 'data-testid': 'error-modal-confirm' }}>
                  {dialog.confirm.label}
                </Button>
              </>
            ) : (
              <Button variant="primary" onClick={close} nativeButtonAttributes={{ 'data-testid': 'error-modal-close' }}>
                {t('common.close')}
              </Button>
            )}
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="s">
        <div className="error-modal-message" data-level={dialog.level}>
          <Icon name={icon.name} variant={icon.variant} />
          <Box variant="p" padding="n">
            <span data-testid="error-modal-message">{dialog.message}</span>
          </Box>
        </div>
        {dialog.details && dialog.details.length > 0 && (
          <ul>
            {dialog.details.map((detail) => (
              <li key={detail}>{detail}</li>
            ))}
          </ul>
        )}
        {dialog.requestId && (
          <Box variant="small" color="text-body-secondary">
            {t('errorModal.requestId', { id: dialog.requestId })}
          </Box>
        )}
      </SpaceBetween>
    </Modal>
  );
}
