import type { TFunction } from 'i18next';
import Badge from '@cloudscape-design/components/badge';
import Button from '@cloudscape-design/components/button';
import type { TableProps } from '@cloudscape-design/components/table';
import type { TrustedDevice } from '@shared/schemas/auth.ts';
import { trustedDeviceColumns } from '@/components/device-columns.tsx';
import type { DisplayLanguage } from '@/lib/format.ts';

/** Columns of the profile's trusted-device table: kind, IP address, browser, dates, this device, remove. */
export function deviceColumns(t: TFunction, language: DisplayLanguage, onRemove: (device: TrustedDevice) => void): TableProps.ColumnDefinition<TrustedDevice>[] {
  return [
    ...trustedDeviceColumns(t, language, 'device-row'),
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
