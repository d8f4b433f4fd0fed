import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import type { PasswordPolicy } from '@shared/schemas/security.ts';
import { passwordConditions, strengthName } from '../../utils/password-conditions.ts';

/** The password conditions as sentences and the note that the administrator sets them (SPEC.md §2). */
export function ConditionsPanel({ policy, state, children }: { policy?: PasswordPolicy; state: 'loading' | 'ready' | 'error'; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Container header={<Header variant="h2" description={t('account.conditions.setByAdministrator')}>{t('account.conditions.title')}</Header>}>
      <div data-testid="password-conditions" data-state={state}>
        {policy ? (
          <ul className="password-conditions">
            {passwordConditions(policy).map((condition) => (
              <li key={condition.key} data-condition={condition.key}>
                {condition.key === 'strength'
                  ? t('account.conditions.strength', { level: t(strengthName(condition.values.minimum ?? 0)) })
                  : t(`account.conditions.${condition.key}`, condition.values)}
              </li>
            ))}
          </ul>
        ) : (
          children
        )}
      </div>
    </Container>
  );
}
