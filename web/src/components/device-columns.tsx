import type { TFunction } from 'i18next';
import type { TableProps } from '@cloudscape-design/components/table';
import type { TrustedDevice } from '@shared/schemas/auth.ts';
import { formatDateTime, type DisplayLanguage } from '@/lib/format.ts';

/**
 * The columns every trusted-device table shows (the user's own on /profile, an administrator's view
 * on the user page): kind, IP address, browser, registered, valid until. `rowTestId` marks the kind
 * cell of each row for the e2e tests, with the device id and kind.
 */
export function trustedDeviceColumns(t: TFunction, language: DisplayLanguage, rowTestId: string): TableProps.ColumnDefinition<TrustedDevice>[] {
  return [
    {
      id: 'kind',
      header: t('signIn.devices.kind'),
      cell: (device) => (
        <span data-testid={rowTestId} data-device-id={device.device_id} data-kind={device.kind} data-current={device.current ? 'true' : 'false'}>
          {device.kind === 'totp' ? t('signIn.devices.kindTotp') : t('signIn.devices.kindMail')}
        </span>
      ),
    },
    { id: 'ip', header: t('signIn.devices.ipAddress'), cell: (device) => device.ip_address },
    { id: 'browser', header: t('signIn.devices.browser'), cell: (device) => device.browser },
    { id: 'registered', header: t('signIn.devices.registered'), cell: (device) => formatDateTime(device.regist_date, language) },
    { id: 'expires', header: t('signIn.devices.validUntil'), cell: (device) => formatDateTime(device.expires_at, language) },
  ];
}
