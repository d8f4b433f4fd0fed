import { useTranslation } from 'react-i18next';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';

/**
 * Reset and Save (as the security policy's forms): both wait for a change; Reset puts the form back
 * to what is saved, Save submits the surrounding <form>. Test ids `settings-reset` / `settings-save`.
 */
export function ResetSaveActions(props: { changed: boolean; busy: boolean; reloading: boolean; onReset: () => void }) {
  const { t } = useTranslation();
  return (
    <SpaceBetween direction="horizontal" size="xs">
      <Button formAction="none" variant="link" disabled={!props.changed || props.busy} onClick={props.onReset} nativeButtonAttributes={{ 'data-testid': 'settings-reset' }}>
        {t('settings.reset')}
      </Button>
      <Button variant="primary" loading={props.busy} disabled={!props.changed || props.reloading} nativeButtonAttributes={{ 'data-testid': 'settings-save' }}>
        {t('common.save')}
      </Button>
    </SpaceBetween>
  );
}
