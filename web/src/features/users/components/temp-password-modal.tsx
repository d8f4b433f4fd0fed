import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';
import Modal from '@/components/app-modal.tsx';
import SpaceBetween from '@cloudscape-design/components/space-between';

/**
 * A temporary password, shown exactly once (after registration without a password, or a reset with
 * "show"): the value, a copy button and the warning that it cannot be displayed again. Closing
 * is the administrator's explicit "I have copied it"; the value is never kept anywhere else.
 */
export function TempPasswordModal({ password, user, onClose }: { password: string; user: { user_id: string; user_nm: string }; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      visible
      data-testid="temp-password-modal"
      header={t('users.tempPassword.header')}
      onDismiss={({ detail }) => detail.reason !== 'overlay' && onClose()}
      footer={
        <Box float="right">
          <Button variant="primary" onClick={onClose} nativeButtonAttributes={{ 'data-testid': 'temp-password-close' }}>
            {t('users.tempPassword.close')}
          </Button>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Alert type="warning">{t('users.tempPassword.warning')}</Alert>
        <Box variant="p">{t('users.tempPassword.intro', { name: user.user_nm, id: user.user_id })}</Box>
        <div className="temp-password-row">
          <Box variant="code" fontSize="heading-m">
            <span data-testid="temp-password-value">{password}</span>
          </Box>
          <span data-testid="temp-password-copy">
            <CopyToClipboard
              variant="button"
              textToCopy={password}
              copyButtonText={t('users.tempPassword.copy')}
              copySuccessText={t('users.tempPassword.copied')}
              copyErrorText={t('users.tempPassword.copyFailed')}
            />
          </span>
        </div>
        <Box variant="small" color="text-body-secondary">
          {t('users.tempPassword.expiry')}
        </Box>
      </SpaceBetween>
    </Modal>
  );
}
