import { useTranslation } from 'react-i18next';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';

/**
 * Reset and Save of a settings form (security policy tabs, common settings): both wait for a change;
 * Reset puts the form back to what is saved, Save submits the surrounding <form>. Test ids
 * `<testIdPrefix>-reset` / `-save`.
 */
export function ResetSaveActions(props: { changed: boolean; busy: boolean; reloading?: boolean; onReset: () => void; testIdPrefix: string }) {
  const { t } = useTranslation();
  return (
    <SpaceBetween direction="horizontal" size="xs">
      <Button formAction="none" variant="link" disabled={!props.changed || props.busy} onClick={props.onReset} nativeButtonAttributes={{ 'data-testid': `${props.testIdPrefix}-reset` }}>
        {t('common.reset')}
      </Button>
      <Button variant="primary" loading={props.busy} disabled={!props.changed || props.reloading} nativeButtonAttributes={{ 'data-testid': `${props.testIdPrefix}-save` }}>
        {t('common.save')}
      </Button>
    </SpaceBetween>
  );
}
