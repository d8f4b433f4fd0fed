import type { TFunction } from 'i18next';
import Badge from '@cloudscape-design/components/badge';
import Button from '@cloudscape-design/components/button';
import type { TableProps } from '@cloudscape-design/components/table';
import type { TrustedDevice } from '@shared/schemas/auth.ts';
import { formatDateTime, type DisplayLanguage } from '@/lib/format.ts';

/** Columns of the profile's trusted-device table: kind, IP address, browser, dates, this device, remove. */
export function deviceColumns(t: TFunction, language: DisplayLanguage, onRemove: (device: TrustedDevice) => void): TableProps.ColumnDefinition<TrustedDevice>[] {
  return [
    {
      id: 'kind',
      header: t('signIn.devices.kind'),
      cell: (device) => (
        <span data-testid="device-row" data-device-id={device.device_id} data-kind={device.kind} data-current={device.current ? 'true' : 'false'}>
          {device.kind === 'totp' ? t('signIn.devices.kindTotp') : t('signIn.devices.kindMail')}
        </span>
      ),
    },
    { id: 'ip', header: t('signIn.devices.ipAddress'), cell: (device) => device.ip_address },
    { id: 'browser', header: t('signIn.devices.browser'), cell: (device) => device.browser },
    { id: 'registered', header: t('signIn.devices.registered'), cell: (device) => formatDateTime(device.regist_date, language) },
    { id: 'expires', header: t('signIn.devices.validUntil'), cell: (device) => formatDateTime(device.expires_at, language) },
    {
      id: 'current',
      header: t('signIn.devices.thisDevice'),
      cell: (device) => (device.current ? <Badge color="green" data-testid="device-current">{t('signIn.devices.thisDevice')}</Badge> : ''),
    },
    {
      id: 'actions',
      header: '',
      cell: (device) => (
        <Button variant="inline-link" onClick={() => onRemove(device)} nativeButtonAttributes={{ 'data-testid': 'device-remove', 'data-device-id': device.device_id } as Record<string, string>}>
          {t('signIn.devices.remove')}
        </Button>
      ),
    },
  ];
}
