import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@/components/app-modal.tsx';
import SpaceBetween from '@cloudscape-design/components/space-between';

/** The word to type; compared ignoring case and surrounding spaces. */
export const confirmationMatches = (typed: string, word: string): boolean =>
  typed.trim().toLocaleLowerCase() === word.trim().toLocaleLowerCase();

/**
 * Cloudscape's "delete with additional confirmation": the consequences, then the Delete button
 * enabled only once the confirmation word is typed. The caller deletes and closes the modal.
 */
export function DeleteModal({
  header,
  children,
  consequences,
  error,
  submitLabel,
  busy,
  onDelete,
  onDismiss,
}: {
  header: string;
  /** "Permanently delete X? You can't undo this action." */
  children: ReactNode;
  /** What else happens (or why it may be refused), in an info alert. */
  consequences?: ReactNode;
  /** A failure to show in place (e.g. the server's -203 message). */
  error?: ReactNode;
  /** The delete button's text when "Delete" says too little (e.g. "Delete forever", "Empty trash"). */
  submitLabel?: string;
  busy: boolean;
  onDelete: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const word = t('deleteModal.confirmWord');
  const confirmed = confirmationMatches(typed, word);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (confirmed && !busy) onDelete();
  };
  return (
    <Modal
      visible
      data-testid="delete-modal"
      onDismiss={() => !busy && onDismiss()}
      header={header}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" disabled={busy} onClick={onDismiss} nativeButtonAttributes={{ 'data-testid': 'delete-cancel' }}>
              {t('common.cancel')}
            </Button>
            <Button
              variant="primary"
              disabled={!confirmed}
              loading={busy}
              onClick={() => submit()}
              nativeButtonAttributes={{ 'data-testid': 'delete-submit' }}
            >
              {submitLabel ?? t('deleteModal.delete')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Box variant="span">{children}</Box>
        {consequences && <Alert type="info">{consequences}</Alert>}
        {error && (
          <Alert type="error" data-testid="delete-error">
            {error}
          </Alert>
        )}
        <form onSubmit={submit} noValidate>
          <FormField label={t('deleteModal.typeToConfirm', { word })} controlId="delete-confirm-input">
            <Input
              value={typed}
              placeholder={word}
              autoFocus
              disabled={busy}
              onChange={({ detail }) => setTyped(detail.value)}
              nativeInputAttributes={{ 'data-testid': 'delete-confirm-input', autoComplete: 'off' }}
            />
          </FormField>
        </form>
      </SpaceBetween>
    </Modal>
  );
}
