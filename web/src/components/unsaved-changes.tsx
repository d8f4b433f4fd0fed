import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@/components/app-modal.tsx';
import SpaceBetween from '@cloudscape-design/components/space-between';

/**
 * While `unsaved`, leaving for another screen of the SPA is held (`blocked`: ask, then `stay` or
 * `proceed`), and closing or reloading the browser tab asks the browser's own question.
 */
export function useLeaveGuard(unsaved: boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
  return {
    blocked: blocker.state === 'blocked',
    stay: () => {
      if (blocker.state === 'blocked') blocker.reset();
    },
    proceed: () => {
      if (blocker.state === 'blocked') blocker.proceed();
    },
  };
}

/** The question before unsaved edits are lost: keep editing, or discard them and go on. */
export function UnsavedChangesModal({ visible, message, onStay, onDiscard }: { visible: boolean; message: ReactNode; onStay: () => void; onDiscard: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      visible={visible}
      onDismiss={onStay}
      header={t('common.unsaved.title')}
      data-testid="unsaved-changes-modal"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onStay} nativeButtonAttributes={{ 'data-testid': 'unsaved-changes-stay' }}>
              {t('common.unsaved.stay')}
            </Button>
            <Button variant="primary" onClick={onDiscard} nativeButtonAttributes={{ 'data-testid': 'unsaved-changes-discard' }}>
              {t('common.unsaved.discard')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {message}
    </Modal>
  );
}
