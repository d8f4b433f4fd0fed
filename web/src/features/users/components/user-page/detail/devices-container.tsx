import { useTranslation } from 'react-i18next';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import { UserDevicesTable } from '../devices-table.tsx';

/** "Trusted devices": the user's second-step devices, with "Reset trusted devices". */
export function DevicesContainer({ userId, onReset }: { userId: string; onReset: () => void }) {
  const { t } = useTranslation();
  return (
    <Container
      data-testid="user-devices"
      header={
        <Header
          variant="h2"
          description={t('users.detail.devicesDescription')}
          actions={
            <Button onClick={onReset} nativeButtonAttributes={{ 'data-testid': 'user-reset-devices-button' }}>
              {t('users.actions.resetDevices')}
            </Button>
          }
        >
          {t('users.detail.devices')}
        </Header>
      }
    >
      <UserDevicesTable userId={userId} />
    </Container>
  );
}
