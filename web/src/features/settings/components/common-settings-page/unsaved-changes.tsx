import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';

/**
 * Leaving the page with unsaved edits asks first (as on the security policy page): another screen
 * of the SPA shows the modal, closing or reloading the browser tab the browser's own question.
 * `onDiscard` drops the edits before the navigation goes on.
 */
export function UnsavedChangesGuard({ unsaved, onDiscard }: { unsaved: boolean; onDiscard: () => void }) {
  const { t } = useTranslation();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  const blocked = blocker.state === 'blocked';
  const stay = () => {
    if (blocker.state === 'blocked') blocker.reset();
  };
  const discard = () => {
    onDiscard();
    if (blocker.state === 'blocked') blocker.proceed();
  };
  return (
    <Modal
      visible={blocked}
      onDismiss={stay}
      header={t('settings.unsaved.title')}
      data-testid="unsaved-changes-modal"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={stay} nativeButtonAttributes={{ 'data-testid': 'unsaved-changes-stay' }}>
              {t('settings.unsaved.stay')}
            </Button>
            <Button variant="primary" onClick={discard} nativeButtonAttributes={{ 'data-testid': 'unsaved-changes-discard' }}>
              {t('settings.unsaved.discard')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {t('settings.unsaved.message')}
    </Modal>
  );
}
