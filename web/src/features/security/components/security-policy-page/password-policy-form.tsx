import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { STRENGTH_SCORES } from '@shared/password-strength.ts';
import type { PolicyDraft, PolicyFlagField, PolicyNumberField } from '../../utils/policy-form.ts';

/** `policy-<field>` with hyphens, e.g. policy-pwd-min-len-val (on the native input). */
export const policyTestId = (field: string): string => `policy-${field.replaceAll('_', '-')}`;

/** Allowed range of each number (the shared schema's). */
const ranges: Record<PolicyNumberField, { min: number; max: number }> = {
  pwd_min_len_val: { min: 8, max: 32 },
  pwd_char_repeat_val: { min: 1, max: 10 },
  pwd_expiry_days: { min: 0, max: 999 },
  pwd_expiry_warning_days: { min: 0, max: 30 },
  max_login_attempts: { min: 0, max: 99 },
  pwd_history_count: { min: 0, max: 24 },
  mfa_device_max: { min: 1, max: 20 },
  pwd_min_strength: { min: 0, max: 4 },
};

interface Props {
  draft: PolicyDraft;
  disabled: boolean;
  errors: Record<string, string>;
  onChange: <K extends keyof PolicyDraft>(field: K, value: PolicyDraft[K]) => void;
}

/** Every field of the contract's password policy (SPEC.md §3), grouped like the sign-in rules. */
export function PasswordPolicyForm({ draft, disabled, errors, onChange }: Props) {
  const { t } = useTranslation();

  const flag = (field: PolicyFlagField, extra?: ReactNode) => (
    <FormField
      key={field}
      label={t(`security.policy.fields.${field}.label`)}
      description={t(`security.policy.fields.${field}.description`)}
      errorText={errors[field]}
    >
      <SpaceBetween size="xs">
        <Toggle
          checked={draft[field]}
          disabled={disabled}
          onChange={({ detail }) => onChange(field, detail.checked)}
          nativeInputAttributes={{ 'data-testid': policyTestId(field) }}
        >
          {draft[field] ? t('security.policy.on') : t('security.policy.off')}
        </Toggle>
        {extra}
      </SpaceBetween>
    </FormField>
  );

  const number = (field: PolicyNumberField, options: { inactive?: boolean; nested?: boolean } = {}) => {
    const { min, max } = ranges[field];
    const input = (
      <div className="group-form-days">
        <Input
          type="number"
          inputMode="numeric"
          value={draft[field]}
          disabled={disabled || options.inactive}
          invalid={!!errors[field]}
          onChange={({ detail }) => onChange(field, detail.value)}
          nativeInputAttributes={{ 'data-testid': policyTestId(field), name: field, min, max, step: 1 }}
        />
      </div>
    );
    return (
      <FormField
        key={field}
        label={t(`security.policy.fields.${field}.label`)}
        description={options.nested ? undefined : t(`security.policy.fields.${field}.description`)}
        constraintText={t('security.policy.range', { min, max })}
        errorText={errors[field]}
        controlId={policyTestId(field)}
      >
        {input}
      </FormField>
    );
  };

  // Each level with what it refuses; the meter on the change-password screen uses the same names.
  const strengthOptions = STRENGTH_SCORES.map((score) => ({
    value: String(score),
    label: t(`security.policy.strength.${score}.label`),
    description: t(`security.policy.strength.${score}.description`),
  }));
  const strength = (
    <FormField
      label={t('security.policy.fields.pwd_min_strength.label')}
      description={t('security.policy.fields.pwd_min_strength.description')}
      errorText={errors.pwd_min_strength}
      controlId={policyTestId('pwd_min_strength')}
    >
      <Select
        selectedOption={strengthOptions.find((option) => option.value === draft.pwd_min_strength.trim()) ?? null}
        options={strengthOptions}
        disabled={disabled}
        invalid={!!errors.pwd_min_strength}
        onChange={({ detail }) => onChange('pwd_min_strength', detail.selectedOption.value ?? '')}
        data-testid={policyTestId('pwd_min_strength')}
      />
    </FormField>
  );

  return (
    <SpaceBetween size="l">
      <Alert type="info" header={t('security.policy.nistTitle')} data-testid="policy-defaults-note">
        {t('security.policy.nistNote')}
      </Alert>
      <Container header={<Header variant="h2" description={t('security.policy.composition.description')}>{t('security.policy.composition.title')}</Header>}>
        <ColumnLayout columns={2} variant="text-grid">
          {flag('pwd_min_len', number('pwd_min_len_val', { inactive: !draft.pwd_min_len, nested: true }))}
          {flag('pwd_alphanumeric')}
          {flag('pwd_symbols')}
          {flag('pwd_ignorecase')}
          {flag('pwd_char_repeat', number('pwd_char_repeat_val', { inactive: !draft.pwd_char_repeat, nested: true }))}
          {flag('pwd_usr_id')}
          {strength}
        </ColumnLayout>
      </Container>
      <Container header={<Header variant="h2" description={t('security.policy.lifetime.description')}>{t('security.policy.lifetime.title')}</Header>}>
        <ColumnLayout columns={2} variant="text-grid">
          {number('pwd_expiry_days')}
          {number('pwd_expiry_warning_days', { inactive: draft.pwd_expiry_days.trim() === '0' })}
          {number('max_login_attempts')}
          {number('pwd_history_count')}
          {number('mfa_device_max')}
        </ColumnLayout>
      </Container>
      <Container header={<Header variant="h2">{t('security.policy.notifications.title')}</Header>}>
        <ColumnLayout columns={2} variant="text-grid">
          {flag('mail_notify_lock')}
          {flag('mail_notify_password_change')}
        </ColumnLayout>
      </Container>
    </SpaceBetween>
  );
}
