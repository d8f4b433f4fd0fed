import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Table from '@cloudscape-design/components/table';
import { ApiError } from '@/lib/api-client.ts';
import { trustedDeviceColumns } from '@/components/device-columns.tsx';
import { currentLanguage } from '@/lib/i18n/index.ts';
import { useUserDevices } from '../../api/list-user-devices.ts';

/** The trusted devices of one user (com/user_device_list), inside the details page's device section. */
export function UserDevicesTable({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { data, error, isLoading } = useUserDevices(userId);
  if (error) return <Alert type="error">{error instanceof ApiError ? error.message : t('notice.networkError')}</Alert>;
  return (
    <Table
      data-testid="user-devices-table"
      variant="embedded"
      loading={isLoading}
      loadingText={t('app.loading')}
      items={data?.devices ?? []}
      ariaLabels={{ tableLabel: t('signIn.devices.tableLabel') }}
      columnDefinitions={trustedDeviceColumns(t, language, 'user-device-row')}
      empty={
        <Box textAlign="center" color="text-body-secondary" padding={{ vertical: 's' }} data-testid="user-devices-empty">
          {t('users.detail.noDevices')}
        </Box>
      }
    />
  );
}
