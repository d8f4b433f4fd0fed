import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { listAllows, withAddress } from '../../utils/ip-list.ts';

/** "Your current address" with whether the text in the form allows it, and an action that adds it. */
export function YourAddress({ yourIp, text, onAdd, disabled }: { yourIp: string; text: string; onAdd: (next: string) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const allowed = listAllows(text, yourIp);
  return (
    <Alert
      type={allowed === false ? 'warning' : 'info'}
      data-testid="ip-your-address"
      action={
        allowed === false ? (
          <Button formAction="none" disabled={disabled} onClick={() => onAdd(withAddress(text, yourIp))} nativeButtonAttributes={{ 'data-testid': 'ip-add-my-address' }}>
            {t('ipPolicy.yourAddress.add')}
          </Button>
        ) : undefined
      }
    >
      <SpaceBetween size="xxs">
        <Box>
          {t('ipPolicy.yourAddress.label')}{' '}
          <Box variant="code" display="inline" data-testid="ip-your-address-value">
            {yourIp}
          </Box>
        </Box>
        {allowed !== undefined && <Box>{allowed ? t('ipPolicy.yourAddress.allowed') : t('ipPolicy.yourAddress.notAllowed')}</Box>}
      </SpaceBetween>
    </Alert>
  );
}
