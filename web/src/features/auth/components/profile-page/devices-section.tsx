import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Modal from '@/components/app-modal.tsx';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import type { TrustedDevice } from '@shared/schemas/auth.ts';
import { ApiError, isAbortError } from '@/lib/api-client.ts';
import { currentLanguage } from '@/lib/i18n/index.ts';
import { newNotificationId, notify } from '@/lib/notifications.ts';
import { readStoredUser } from '@/lib/session.ts';
import { deleteDevice } from '../../api/delete-device.ts';
import { useDevices } from '../../api/list-devices.ts';
import { forgetDeviceToken, readDeviceToken } from '../../utils/device-token.ts';
import { deviceColumns } from './devices-config.tsx';

/** The signed-in user's trusted devices (SPEC.md §2 "device list for multi-factor authentication"). */
export function DevicesSection() {
  const { t } = useTranslation();
  const [me] = useState(readStoredUser);
  const [deviceToken] = useState(() => (me ? readDeviceToken(me.kyk_id, me.user_id) : undefined));
  const { data, error, isLoading, mutate } = useDevices(deviceToken);
  const [removing, setRemoving] = useState<TrustedDevice>();
  const [busy, setBusy] = useState(false);
  const [removeError, setRemoveError] = useState<string>();

  const remove = async (device: TrustedDevice) => {
    setBusy(true);
    setRemoveError(undefined);
    try {
      await deleteDevice({ device_id: device.device_id }, { silent: true });
      if (device.current && me) forgetDeviceToken(me.kyk_id, me.user_id);
      setRemoving(undefined);
      notify({ id: newNotificationId('device-removed'), type: 'success', content: t('signIn.devices.removed'), dismissLabel: t('common.close') }, 6000);
      await mutate();
    } catch (failure) {
      if (isAbortError(failure)) return;
      setRemoveError(failure instanceof ApiError ? failure.message : t('notice.networkError'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Table
        data-testid="profile-devices"
        variant="container"
        loading={isLoading}
        loadingText={t('app.loading')}
        items={data?.devices ?? []}
        columnDefinitions={deviceColumns(t, currentLanguage(), setRemoving)}
        ariaLabels={{ tableLabel: t('signIn.devices.tableLabel') }}
        header={
          <Header
            variant="h2"
            counter={data ? `(${data.devices.length})` : undefined}
            description={t('signIn.devices.description')}
            info={
              data ? (
                <span data-testid="profile-totp" data-registered={data.totp_registered}>
                  <StatusIndicator type={data.totp_registered === 1 ? 'success' : 'stopped'}>
                    {data.totp_registered === 1 ? t('signIn.devices.totpRegistered') : t('signIn.devices.totpNotRegistered')}
                  </StatusIndicator>
                </span>
              ) : undefined
            }
            actions={
              <Button iconName="refresh" ariaLabel={t('common.refresh')} onClick={() => void mutate()} nativeButtonAttributes={{ 'data-testid': 'profile-devices-refresh' }} />
            }
          >
            {t('signIn.devices.title')}
          </Header>
        }
        empty={
          error ? (
            <Alert type="error">{error instanceof ApiError ? error.message : t('notice.networkError')}</Alert>
          ) : (
            <Box textAlign="center" color="text-body-secondary" data-testid="profile-devices-empty">
              {t('signIn.devices.empty')}
            </Box>
          )
        }
      />
      {removing && (
        <Modal
          visible
          data-testid="device-remove-modal"
          header={t('signIn.devices.removeHeader')}
          onDismiss={() => !busy && setRemoving(undefined)}
          footer={
            <Box float="right">
              <SpaceBetween direction="horizontal" size="xs">
                <Button variant="link" disabled={busy} onClick={() => setRemoving(undefined)} nativeButtonAttributes={{ 'data-testid': 'device-remove-cancel' }}>
                  {t('signIn.devices.cancel')}
                </Button>
                <Button variant="primary" loading={busy} onClick={() => void remove(removing)} nativeButtonAttributes={{ 'data-testid': 'device-remove-submit' }}>
                  {t('signIn.devices.removeSubmit')}
                </Button>
              </SpaceBetween>
            </Box>
          }
        >
          <SpaceBetween size="s">
            <div>{t('signIn.devices.removeConfirm', { browser: removing.browser, ip: removing.ip_address })}</div>
            {removeError && (
              <Alert type="error" data-testid="device-remove-error">
                {removeError}
              </Alert>
            )}
          </SpaceBetween>
        </Modal>
      )}
    </>
  );
}
