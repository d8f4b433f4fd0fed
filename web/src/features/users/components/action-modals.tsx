import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@/components/app-modal.tsx';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';

/**
 * A confirmation dialog for one user action (suspend, reset authenticator, ...): the question, an
 * optional note and extra controls, and the action button; `error` shows a failure in place.
 */
export function ConfirmModal({
  testId,
  header,
  children,
  note,
  error,
  submitLabel,
  busy,
  disabled,
  onConfirm,
  onDismiss,
}: {
  testId: string;
  header: string;
  children: ReactNode;
  note?: ReactNode;
  error?: string;
  submitLabel: string;
  busy: boolean;
  disabled?: boolean;
  onConfirm: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      visible
      data-testid={testId}
      header={header}
      onDismiss={() => !busy && onDismiss()}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" disabled={busy} onClick={onDismiss} nativeButtonAttributes={{ 'data-testid': `${testId}-cancel` }}>
              {t('common.cancel')}
            </Button>
            <Button variant="primary" loading={busy} disabled={disabled} onClick={onConfirm} nativeButtonAttributes={{ 'data-testid': `${testId}-submit` }}>
              {submitLabel}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Box variant="span">{children}</Box>
        {note && <Alert type="info">{note}</Alert>}
        {error && (
          <Alert type="error" data-testid={`${testId}-error`}>
            {error}
          </Alert>
        )}
      </SpaceBetween>
    </Modal>
  );
}

/** Unsuspend: the question and the "require password change" option (990000210003 when set, else 990000210004). */
export function UnsuspendModal({
  question,
  skipped,
  header,
  error,
  busy,
  onConfirm,
  onDismiss,
}: {
  question: string;
  skipped?: string;
  header: string;
  error?: string;
  busy: boolean;
  onConfirm: (requirePasswordChange: 0 | 1) => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const [requireChange, setRequireChange] = useState(false);
  return (
    <ConfirmModal
      testId="user-unsuspend-modal"
      header={header}
      note={skipped}
      error={error}
      submitLabel={t('users.unsuspend.submit')}
      busy={busy}
      onConfirm={() => onConfirm(requireChange ? 1 : 0)}
      onDismiss={onDismiss}
    >
      <SpaceBetween size="m">
        <span>{question}</span>
        <Checkbox
          checked={requireChange}
          disabled={busy}
          description={t('users.unsuspend.requireChangeDescription')}
          onChange={({ detail }) => setRequireChange(detail.checked)}
          nativeInputAttributes={{ 'data-testid': 'user-unsuspend-require-change' }}
        >
          {t('users.unsuspend.requireChange')}
        </Checkbox>
      </SpaceBetween>
    </ConfirmModal>
  );
}

/** Password reset: show the temporary password once, or mail it (only when the user has an address). */
export function ResetPasswordModal({
  email,
  error,
  busy,
  onConfirm,
  onDismiss,
}: {
  email: string;
  error?: string;
  busy: boolean;
  onConfirm: (delivery: 'show' | 'mail') => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const [delivery, setDelivery] = useState<'show' | 'mail'>('show');
  return (
    <ConfirmModal
      testId="user-reset-password-modal"
      header={t('users.resetPassword.header')}
      error={error}
      submitLabel={t('users.resetPassword.submit')}
      busy={busy}
      onConfirm={() => onConfirm(delivery)}
      onDismiss={onDismiss}
    >
      <SpaceBetween size="m">
        <span>{t('users.resetPassword.description')}</span>
        <FormField label={t('users.resetPassword.delivery')}>
          <RadioGroup
            data-testid="user-reset-password-delivery"
            value={delivery}
            onChange={({ detail }) => setDelivery(detail.value === 'mail' ? 'mail' : 'show')}
            items={[
              { value: 'show', controlId: 'user-reset-password-show', label: t('users.resetPassword.show'), description: t('users.resetPassword.showDescription') },
              {
                value: 'mail',
                controlId: 'user-reset-password-mail',
                label: t('users.resetPassword.mail'),
                description: email ? t('users.resetPassword.mailDescription', { email }) : t('users.resetPassword.noEmail'),
                disabled: !email,
              },
            ]}
          />
        </FormField>
      </SpaceBetween>
    </ConfirmModal>
  );
}
