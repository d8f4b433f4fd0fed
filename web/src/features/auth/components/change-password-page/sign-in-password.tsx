import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { codes } from '@shared/codes.ts';
import { passwordChangeLinkRequest } from '@shared/schemas/auth.ts';
import { reportApiError } from '@/lib/api-client.ts';
import { currentLanguage } from '@/lib/i18n/index.ts';
import { useFormState } from '@/lib/use-form-state.ts';
import { changePasswordLink } from '../../api/change-password-link.ts';
import type { PendingSignIn } from '../../utils/pending-sign-in.ts';
import { fieldOfPasswordError, newPasswordFormErrors } from '../../utils/password-conditions.ts';
import { StepFrame, StepMissing, usePendingStep } from '../sign-in/step-frame.tsx';
import { useSignInFlow } from '../sign-in/use-sign-in-flow.ts';
import { ConditionsPanel } from './conditions-panel.tsx';
import { PasswordFormField } from './password-form-field.tsx';
import { PasswordStrengthMeter } from './strength-meter.tsx';

type Field = 'new_password' | 'confirm_password';
const empty: Record<Field, string> = { new_password: '', confirm_password: '' };
const testIds: Record<Field, string> = { new_password: 'change-password-new', confirm_password: 'change-password-confirm' };

/** The password change a sign-in requires: new and confirmation password, the conditions in force. */
export function SignInPasswordChange() {
  const pending = usePendingStep('password-change');
  if (!pending) return <StepMissing />;
  return <ForcedChange pending={pending} />;
}

function ForcedChange({ pending }: { pending: PendingSignIn }) {
  const { t } = useTranslation();
  const flow = useSignInFlow();
  const { values, change, submitted, setSubmitted, serverErrors, setServerErrors } = useFormState(empty);
  const [busy, setBusy] = useState(false);
  const { step } = pending;
  const reason = step.reason ?? 'first';

  const request = { ticket: step.ticket, ...values, language: currentLanguage() };
  const localErrors = () => newPasswordFormErrors(passwordChangeLinkRequest, request, t);
  const errors = { ...(submitted ? localErrors() : {}), ...serverErrors };

  const submit = async () => {
    setSubmitted(true);
    setServerErrors({});
    if (Object.keys(localErrors()).length > 0) return;
    setBusy(true);
    try {
      const refusal = await flow.run(() => changePasswordLink(request, { silent: true }), { kyk_id: pending.kyk_id, user_id: pending.user_id, next: pending.next }, { replace: true });
      if (!refusal) return;
      const { error } = refusal;
      const field = fieldOfPasswordError(error.code);
      if (field === 'new_password' || field === 'confirm_password') setServerErrors({ [field]: error.fields[field] ?? error.message });
      else if (error.code === codes.input.code && Object.keys(error.fields).length > 0) setServerErrors(error.fields);
      else reportApiError(error);
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Field) => (
    <PasswordFormField name={name} label={t(`account.changePassword.${name}`)} value={values[name]} error={errors[name]} disabled={busy} testId={testIds[name]} autoFocus={name === 'new_password'} onChange={(value) => change(name, value)} />
  );

  return (
    <StepFrame testId="sign-in-password" title={t('signIn.password.title')} description={t(`signIn.password.reason.${reason}`)} wide>
      <SpaceBetween size="l">
        <form
          noValidate
          data-testid="change-password-form"
          data-mode="sign-in"
          data-reason={reason}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Form
            actions={
              <Button variant="primary" loading={busy} nativeButtonAttributes={{ 'data-testid': 'change-password-submit' }}>
                {t('signIn.password.submit')}
              </Button>
            }
          >
            <SpaceBetween size="l">
              <Box variant="small" color="text-body-secondary" data-testid="sign-in-password-account">
                {t('signIn.password.account', { kykId: pending.kyk_id, userId: pending.user_id })}
              </Box>
              {field('new_password')}
              <PasswordStrengthMeter password={values.new_password} minimum={step.policy?.pwd_min_strength} userInputs={[pending.user_id, pending.kyk_id]} />
              {field('confirm_password')}
            </SpaceBetween>
          </Form>
        </form>
        <ConditionsPanel state={step.policy ? 'ready' : 'error'} policy={step.policy} />
      </SpaceBetween>
    </StepFrame>
  );
}
