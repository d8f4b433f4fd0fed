import { useTranslation } from 'react-i18next';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { UserDetail } from '@shared/schemas/users.ts';

/** "Sign-in security": password change required, authenticator registered; resets of both. */
export function SecurityContainer({ user, onResetPassword, onResetTotp }: { user: UserDetail; onResetPassword: () => void; onResetTotp: () => void }) {
  const { t } = useTranslation();
  return (
    <Container
      header={
        <Header
          variant="h2"
          description={t('users.detail.securityDescription')}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button onClick={onResetPassword} nativeButtonAttributes={{ 'data-testid': 'user-reset-password-button' }}>
                {t('users.actions.resetPassword')}
              </Button>
              <Button disabled={user.totp_registered !== 1} onClick={onResetTotp} nativeButtonAttributes={{ 'data-testid': 'user-reset-totp-button' }}>
                {t('users.actions.resetTotp')}
              </Button>
            </SpaceBetween>
          }
        >
          {t('users.detail.security')}
        </Header>
      }
    >
      <KeyValuePairs
        columns={2}
        items={[
          {
            label: t('users.detail.passwordChange'),
            value: (
              <span data-testid="user-view-password-change">
                {user.password_change_required === 1 ? (
                  <StatusIndicator type="warning">{t('users.detail.passwordChangeRequired')}</StatusIndicator>
                ) : (
                  t('users.detail.passwordChangeNotRequired')
                )}
              </span>
            ),
          },
          {
            label: t('users.detail.totp'),
            value: (
              <span data-testid="user-view-totp">
                {user.totp_registered === 1 ? (
                  <StatusIndicator type="success">{t('users.detail.totpRegistered')}</StatusIndicator>
                ) : (
                  <StatusIndicator type="stopped">{t('users.detail.totpNotRegistered')}</StatusIndicator>
                )}
              </span>
            ),
          },
        ]}
      />
    </Container>
  );
}
