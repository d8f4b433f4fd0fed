import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';

/**
 * A save refused because someone else changed the item first (-201), or another failure to show in
 * place: the server's message, and (for -201) a Reload action that fetches the current version.
 */
export function ConflictAlert({
  message,
  onReload,
  reloading,
  onDismiss,
  discardsChanges = false,
}: {
  message: string;
  onReload?: () => void;
  reloading?: boolean;
  onDismiss?: () => void;
  /** Say that reloading replaces what the user typed (forms). */
  discardsChanges?: boolean;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  // Saved from the bottom of a long form: bring the message into view.
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [message]);
  return (
    <div ref={ref}>
      <Alert
        type="error"
        data-testid="conflict-alert"
        dismissible={!!onDismiss}
        onDismiss={onDismiss}
        action={
          onReload ? (
            <Button formAction="none" onClick={onReload} loading={reloading} nativeButtonAttributes={{ 'data-testid': 'conflict-reload' }}>
              {t('conflict.reload')}
            </Button>
          ) : undefined
        }
        header={onReload ? t('conflict.title') : undefined}
      >
        {message}
        {onReload && discardsChanges ? ` ${t('conflict.discardNote')}` : ''}
      </Alert>
    </div>
  );
}
